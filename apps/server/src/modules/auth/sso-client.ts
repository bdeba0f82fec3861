import * as oidc from 'openid-client';
import { OauthMessages as M } from '@teamup/contracts/auth';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { ModuleStateKey } from '../../platform/module-state';
import { OauthFailure, type ProviderProfile } from './oauth.providers';

/*
 * Single sign-on with the school's OpenID Connect provider (issue 46), through `openid-client`, a
 * certified relying party: discovery, the authorization code flow with PKCE (S256), `state` and
 * `nonce`, and the ID token's signature (the provider's JWKS), issuer, audience, expiry and nonce
 * checked before any claim is read. The flow's state, verifier and nonce live in `oauth_flows` like
 * Google's and Kakao's, so any instance can finish a login another started.
 */

/** Seconds a call to the provider may take (discovery, token exchange, keys). */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** After a failed discovery, the next login tries again no sooner than this. */
const RETRY_DISCOVERY_MS = 30_000;

type Discovered = { config: oidc.Configuration; at: number } | { failedAt: number };

class SsoState {
  discovered: Promise<Discovered> | undefined;
}

export const ssoState = new ModuleStateKey('auth: SSO provider metadata', () => new SsoState());

type SsoSettings = NonNullable<Config['oidc']>;

export function ssoSettings(ctx: AppContext): SsoSettings {
  const settings = ctx.config.oidc;
  if (!settings) throw new OauthFailure(M.providerDisabled);
  return settings;
}

/** The provider's metadata, read once per instance (again after a failure, at most every 30 s). */
async function configurationOf(ctx: AppContext): Promise<oidc.Configuration> {
  const settings = ssoSettings(ctx);
  const state = ctx.moduleState.get(ssoState);
  const discover = async (): Promise<Discovered> => {
    try {
      const config = await oidc.discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        oidc.ClientSecretBasic(settings.clientSecret),
        {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          // Config refuses an http issuer in production; tests run a provider on loopback.
          ...(settings.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      );
      return { config, at: Date.now() };
    } catch (error) {
      ctx.logger.warn({ err: error, issuer: settings.issuer }, 'SSO: discovery failed');
      return { failedAt: Date.now() };
    }
  };
  let found = await (state.discovered ??= discover());
  if ('failedAt' in found && Date.now() - found.failedAt >= RETRY_DISCOVERY_MS) {
    state.discovered = discover();
    found = await state.discovered;
  }
  if ('failedAt' in found) throw new OauthFailure(M.providerFailed);
  return found.config;
}

export const ssoCallbackUrl = (ctx: AppContext) =>
  `${ctx.config.publicOrigin}/api/auth/oauth/sso/callback`;

/** The provider's authorization address for a new flow (its state, verifier and nonce stored). */
export async function ssoAuthorizationUrl(
  ctx: AppContext,
  flow: { state: string; codeVerifier: string; nonce: string },
): Promise<string> {
  const config = await configurationOf(ctx);
  return oidc
    .buildAuthorizationUrl(config, {
      redirect_uri: ssoCallbackUrl(ctx),
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    })
    .toString();
}

export const newSsoFlow = () => ({
  state: oidc.randomState(),
  codeVerifier: oidc.randomPKCECodeVerifier(),
  nonce: oidc.randomNonce(),
});

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The person the provider vouches for: the code traded (with the verifier) at the token
 * endpoint, the ID token checked (signature, issuer, audience, expiry, nonce; the state and the
 * `iss` of the callback too), then its claims read. Any failure is one Korean message: the
 * details go to the log.
 */
export async function ssoProfile(
  ctx: AppContext,
  callbackQuery: string,
  flow: { state: string; codeVerifier: string; nonce: string },
): Promise<ProviderProfile> {
  const config = await configurationOf(ctx);
  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(
      config,
      new URL(`${ssoCallbackUrl(ctx)}?${callbackQuery}`),
      {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      },
    );
    claims = tokens.claims();
  } catch (error) {
    ctx.logger.warn({ err: error }, 'SSO: the callback did not pass the checks');
    throw new OauthFailure(M.providerFailed);
  }
  if (!claims) throw new OauthFailure(M.providerFailed);
  const email = text(claims['email'])?.toLowerCase() ?? null;
  return {
    providerUserId: claims.sub,
    name:
      text(claims['name']) ??
      text(claims['preferred_username']) ??
      email?.split('@')[0] ??
      '학교 계정 사용자',
    email,
    emailVerified: claims['email_verified'] === true,
    imageUrl: null,
  };
}

/**
 * Where the browser goes to sign out at the provider too (OpenID Connect RP-Initiated Logout),
 * back to the login page after; null when the provider offers no end-session endpoint.
 */
export async function ssoEndSessionUrl(ctx: AppContext): Promise<string | null> {
  const config = await configurationOf(ctx);
  if (!config.serverMetadata().end_session_endpoint) return null;
  return oidc
    .buildEndSessionUrl(config, {
      client_id: ssoSettings(ctx).clientId,
      post_logout_redirect_uri: `${ctx.config.publicOrigin}/`,
    })
    .toString();
}
