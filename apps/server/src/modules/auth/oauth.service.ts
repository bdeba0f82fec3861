import { randomBytes } from 'node:crypto';
import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from 'arctic';
import {
  OauthMessages as M,
  type ClientInfo,
  type LoginResult,
  type OauthLinks,
  type OauthProvider,
} from '@teamup/contracts/auth';
import { adminMessages } from '@teamup/contracts/admin';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { AppContext } from '../../context';
import { hashOpaqueToken, newOpaqueToken, type AccessClaims } from '../../platform/auth/tokens';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error';
import * as users from '../users/users.service';
import type { RequestOrigin } from '../../platform/http/request-origin';
import { finishLogin, signedInWith } from './auth.service';
import {
  OauthFailure,
  providerSettings,
  type ProviderProfile,
  type ProviderSettings,
} from './oauth.providers';
import { inDomain } from '../admin/registration.service';
import {
  newSsoFlow,
  ssoAuthorizationUrl,
  ssoEndSessionUrl,
  ssoProfile,
  ssoSettings,
} from './sso-client';
import * as repo from './oauth.repo';

const FLOW_TTL_MS = 10 * 60_000;
const TEMP_CODE_TTL_MS = 60_000;
const PROVIDER_TIMEOUT_MS = 10_000;

export { OauthFailure } from './oauth.providers';

const providerNames: Record<OauthProvider, repo.ProviderName> = {
  google: 'GOOGLE',
  kakao: 'KAKAO',
  sso: 'SSO',
};

const callbackUrl = (ctx: AppContext, provider: OauthProvider) =>
  `${ctx.config.publicOrigin}/api/auth/oauth/${provider}/callback`;

function settingsOf(ctx: AppContext, provider: Exclude<OauthProvider, 'sso'>): ProviderSettings {
  const settings = providerSettings(ctx.config, provider);
  if (!settings) throw new OauthFailure(M.providerDisabled);
  return settings;
}

/** A fresh random value for the browser-binding cookie. */
export const newBrowserKey = () => randomBytes(24).toString('base64url');

/**
 * Step 1: remembers state and PKCE verifier for this browser and answers the provider's
 * authorization address (S256 challenge).
 */
export async function startLogin(
  ctx: AppContext,
  provider: OauthProvider,
  browserKey: string,
  linkUserId: number | null = null,
): Promise<string> {
  if (provider === 'sso') {
    const flow = newSsoFlow();
    // Asked first: an unreachable provider leaves no flow behind.
    const url = await ssoAuthorizationUrl(ctx, flow);
    await repo.insertFlow(ctx.database.db, {
      stateHash: hashOpaqueToken(flow.state),
      provider: 'SSO',
      codeVerifier: flow.codeVerifier,
      nonce: flow.nonce,
      browserHash: hashOpaqueToken(browserKey),
      linkUserId,
      expiresAt: new Date(ctx.now().getTime() + FLOW_TTL_MS),
    });
    return url;
  }
  const settings = settingsOf(ctx, provider);
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  await repo.insertFlow(ctx.database.db, {
    stateHash: hashOpaqueToken(state),
    provider: settings.name,
    codeVerifier,
    browserHash: hashOpaqueToken(browserKey),
    linkUserId,
    expiresAt: new Date(ctx.now().getTime() + FLOW_TTL_MS),
  });
  const client = new OAuth2Client(settings.clientId, null, callbackUrl(ctx, provider));
  const url = client.createAuthorizationURLWithPKCE(
    settings.authorizationEndpoint,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    settings.scopes,
  );
  return url.toString();
}

async function providerJson(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch {
    throw new OauthFailure(M.providerFailed);
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !body) throw new OauthFailure(M.providerFailed);
  return body;
}

/**
 * The code exchange (RFC 6749 4.1.3 with the PKCE verifier, client secret in the body as both
 * Google and Kakao accept it), then the provider's profile of the person.
 */
async function fetchProfile(
  ctx: AppContext,
  settings: ProviderSettings,
  provider: Exclude<OauthProvider, 'sso'>,
  code: string,
  codeVerifier: string,
): Promise<ProviderProfile> {
  const tokens = await providerJson(settings.tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: callbackUrl(ctx, provider),
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      code_verifier: codeVerifier,
    }),
  });
  const accessToken = tokens['access_token'];
  if (typeof accessToken !== 'string') throw new OauthFailure(M.providerFailed);
  const body = await providerJson(settings.userinfoEndpoint, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });
  const profile = settings.readProfile(body);
  if (!profile) throw new OauthFailure(M.providerFailed);
  return profile;
}

/**
 * The account for this provider identity: the one already linked; else an existing account with
 * the same e-mail, linked only when the provider verified that e-mail; else a new account.
 */
/** A sign-up the registration policy refuses is told on the login page like other failures. */
async function madeUnlessClosed<T>(make: () => Promise<T>): Promise<T> {
  try {
    return await make();
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.REGISTRATION_CLOSED) {
      throw new OauthFailure(error.detail);
    }
    throw error;
  }
}

async function accountFor(
  ctx: AppContext,
  name: repo.ProviderName,
  profile: ProviderProfile,
  from: RequestOrigin,
): Promise<number> {
  const linked = await repo.findIdentity(ctx.database.db, name, profile.providerUserId);
  if (linked) return linked.userId;
  const email =
    profile.email ?? `${name.toLowerCase()}-${profile.providerUserId}@social.teamup.invalid`;
  const existing = await users.findCredentials(ctx, email);
  if (existing) {
    if (!profile.email || !profile.emailVerified) throw new OauthFailure(M.emailTaken);
    await repo.insertIdentity(ctx.database.db, {
      userId: existing.id,
      provider: name,
      providerUserId: profile.providerUserId,
    });
    return existing.id;
  }
  return ctx.database.db.transaction(async (tx) => {
    const created = await madeUnlessClosed(() =>
      users.createSocialUser(
        ctx,
        {
          email,
          name: profile.name.slice(0, 50),
          provider: name,
          providerUserId: profile.providerUserId,
          profileImageUrl: profile.imageUrl,
        },
        from,
        tx,
      ),
    );
    // Someone registered this e-mail a moment ago: treat it like an existing account.
    if (!created) throw new OauthFailure(M.emailTaken);
    await repo.insertIdentity(tx, {
      userId: created.id,
      provider: name,
      providerUserId: profile.providerUserId,
    });
    return created.id;
  });
}

/**
 * Step 2, the provider's redirect back: the state must be one this browser started and not yet
 * used; then the account is found or made, and a one-time code for this browser is answered
 * (traded for tokens by the callback page within 60 s). A linking flow links instead.
 */
export async function finishCallback(
  ctx: AppContext,
  provider: OauthProvider,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  /** The callback's query string as sent (SSO checks it whole: `iss`, `state`, `code`). */
  rawQuery: string,
  browserKey: string | undefined,
  from: RequestOrigin,
): Promise<{ tempCode: string } | { linked: true }> {
  const name = providerNames[provider];
  // A provider not configured (any more) is said before the flow is spent.
  if (provider === 'sso') ssoSettings(ctx);
  else settingsOf(ctx, provider);
  if (query.error) throw new OauthFailure(M.denied);
  if (!query.code || !query.state || !browserKey) throw new OauthFailure(M.stateInvalid);
  const flow = await repo.consumeFlow(
    ctx.database.db,
    hashOpaqueToken(query.state),
    name,
    ctx.now(),
  );
  if (!flow || flow.browserHash !== hashOpaqueToken(browserKey)) {
    throw new OauthFailure(M.stateInvalid);
  }
  const profile =
    provider === 'sso'
      ? checkedSsoProfile(
          ctx,
          await ssoProfile(ctx, rawQuery, {
            state: query.state,
            codeVerifier: flow.codeVerifier,
            nonce: flow.nonce ?? '',
          }),
        )
      : await fetchProfile(ctx, settingsOf(ctx, provider), provider, query.code, flow.codeVerifier);
  if (flow.linkUserId !== null) {
    await linkIdentity(ctx, name, flow.linkUserId, profile);
    return { linked: true };
  }
  const userId = await accountFor(ctx, name, profile, from);
  // Said on the provider's way back, where the login page shows it (decision 0050).
  if ((await users.findCredentialsById(ctx, userId))?.deactivatedAt) {
    throw new OauthFailure(adminMessages.accountDeactivated);
  }
  const temp = newOpaqueToken();
  await repo.insertTempCode(ctx.database.db, {
    codeHash: temp.hash,
    userId,
    browserHash: flow.browserHash,
    provider: name,
    expiresAt: new Date(ctx.now().getTime() + TEMP_CODE_TTL_MS),
  });
  return { tempCode: temp.token };
}

/**
 * What SSO vouches for, held to the instance's rules: an e-mail is needed (accounts are found by
 * it), its domain must be one OIDC_ALLOWED_DOMAINS names (when it names any), and an address of
 * those domains counts as verified even when the provider does not say so (Entra ID sends no
 * `email_verified`): the school's own provider is the authority on its own domain.
 */
function checkedSsoProfile(ctx: AppContext, profile: ProviderProfile): ProviderProfile {
  const { allowedDomains } = ssoSettings(ctx);
  if (!profile.email) throw new OauthFailure(M.ssoEmailMissing);
  const email = profile.email;
  if (allowedDomains.length === 0) return profile;
  if (!allowedDomains.some((domain) => inDomain(email, domain))) {
    throw new OauthFailure(M.ssoDomain);
  }
  return { ...profile, emailVerified: true };
}

/** A signed-in user links a provider identity, unless it already belongs to another account. */
async function linkIdentity(
  ctx: AppContext,
  name: repo.ProviderName,
  userId: number,
  profile: ProviderProfile,
) {
  const linked = await repo.findIdentity(ctx.database.db, name, profile.providerUserId);
  if (linked && linked.userId !== userId) throw new OauthFailure(M.linkedElsewhere);
  if (!linked) {
    await repo.insertIdentity(ctx.database.db, {
      userId,
      provider: name,
      providerUserId: profile.providerUserId,
    });
  }
}

/** Step 3: the callback page trades the one-time code (same browser) for the session. */
export async function exchangeTempCode(
  ctx: AppContext,
  tempCode: string,
  browserKey: string | undefined,
  clientInfo: ClientInfo,
  from: RequestOrigin,
): Promise<LoginResult> {
  const spent = browserKey
    ? await repo.consumeTempCode(
        ctx.database.db,
        hashOpaqueToken(tempCode),
        hashOpaqueToken(browserKey),
        ctx.now(),
      )
    : undefined;
  if (spent === undefined) throw badRequest(ErrorCode.OAUTH_CODE_INVALID, M.codeInvalid);
  return finishLogin(ctx, spent.userId, clientInfo, from, spent.provider);
}

export async function linksOf(ctx: AppContext, userId: number): Promise<OauthLinks> {
  const [identities, credentials] = await Promise.all([
    repo.identitiesOf(ctx.database.db, userId),
    users.findCredentialsById(ctx, userId),
  ]);
  return {
    google: identities.some((identity) => identity.provider === 'GOOGLE'),
    kakao: identities.some((identity) => identity.provider === 'KAKAO'),
    sso: identities.some((identity) => identity.provider === 'SSO'),
    hasPassword: Boolean(credentials?.passwordHash),
  };
}

/** Unlinking needs a password first (set through the reset flow), or the account is lost. */
export async function unlink(ctx: AppContext, userId: number, provider: OauthProvider) {
  const credentials = await users.findCredentialsById(ctx, userId);
  if (!credentials?.passwordHash) {
    throw badRequest(ErrorCode.OAUTH_UNLINK_NEEDS_PASSWORD, M.unlinkNeedsPassword);
  }
  if (!(await repo.deleteIdentity(ctx.database.db, userId, providerNames[provider]))) {
    throw notFound('연결된 소셜 계정이 없습니다.');
  }
}

/**
 * Where signing out of a session signed in through SSO sends the person: the provider's
 * end-session page (RP-initiated logout), back to the app after. Null for a session signed in
 * another way (a password user with a linked SSO identity signs out of TeamUp only), without SSO,
 * or when the provider cannot be reached (signing out here must not wait on it).
 */
export async function ssoEndSessionFor(
  ctx: AppContext,
  { userId, sessionId }: AccessClaims,
): Promise<string | null> {
  if (!ctx.config.oidc) return null;
  if ((await signedInWith(ctx, userId, sessionId)) !== 'SSO') return null;
  try {
    return await ssoEndSessionUrl(ctx);
  } catch {
    return null;
  }
}
