import type { OauthProvider } from '@teamup/contracts/auth';
import type { Config } from '../../config';
import type { ProviderName } from './oauth.repo';

/** A failure the callback reports to the browser as `error=` on the callback page. */
export class OauthFailure extends Error {}

/** What a provider tells us about the person who signed in. */
export type ProviderProfile = {
  providerUserId: string;
  name: string;
  email: string | null;
  /** Only a provider-verified e-mail may link to an existing account. */
  emailVerified: boolean;
  imageUrl: string | null;
};

export type ProviderSettings = {
  name: ProviderName;
  clientId: string;
  clientSecret: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string;
  scopes: string[];
  readProfile: (body: Record<string, unknown>) => ProviderProfile | null;
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const record = (value: unknown) =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** Google's OpenID Connect userinfo: sub, name, email, email_verified, picture. */
function readGoogle(body: Record<string, unknown>): ProviderProfile | null {
  const id = text(body['sub']);
  if (!id) return null;
  const email = text(body['email'])?.toLowerCase() ?? null;
  return {
    providerUserId: id,
    name: text(body['name']) ?? email?.split('@')[0] ?? 'Google 사용자',
    email,
    emailVerified: body['email_verified'] === true,
    imageUrl: text(body['picture']),
  };
}

/** Kakao's /v2/user/me: id and kakao_account { email, is_email_verified, profile }. */
function readKakao(body: Record<string, unknown>): ProviderProfile | null {
  const rawId = body['id'];
  const id = typeof rawId === 'number' || typeof rawId === 'string' ? String(rawId) : null;
  if (!id) return null;
  const account = record(body['kakao_account']);
  const profile = record(account['profile']);
  const email = text(account['email'])?.toLowerCase() ?? null;
  return {
    providerUserId: id,
    name: text(profile['nickname']) ?? '카카오 사용자',
    email,
    emailVerified: account['is_email_verified'] === true && account['is_email_valid'] !== false,
    imageUrl: text(profile['profile_image_url']),
  };
}

const REAL_ENDPOINTS = {
  google: {
    authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenEndpoint: 'https://oauth2.googleapis.com/token',
    userinfoEndpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
  kakao: {
    authorizationEndpoint: 'https://kauth.kakao.com/oauth/authorize',
    tokenEndpoint: 'https://kauth.kakao.com/oauth/token',
    userinfoEndpoint: 'https://kapi.kakao.com/v2/user/me',
  },
} as const;

/** The provider's settings, or undefined when it is not configured (its button is hidden). */
export function providerSettings(
  config: Config,
  provider: Exclude<OauthProvider, 'sso'>,
): ProviderSettings | undefined {
  const credentials = config.oauth[provider];
  if (!credentials) return undefined;
  const fake = config.oauth.testProviderUrl;
  const endpoints = fake
    ? {
        authorizationEndpoint: `${fake}/${provider}/authorize`,
        tokenEndpoint: `${fake}/${provider}/token`,
        userinfoEndpoint: `${fake}/${provider}/userinfo`,
      }
    : REAL_ENDPOINTS[provider];
  return provider === 'google'
    ? {
        name: 'GOOGLE',
        ...credentials,
        ...endpoints,
        scopes: ['openid', 'profile', 'email'],
        readProfile: readGoogle,
      }
    : {
        name: 'KAKAO',
        ...credentials,
        ...endpoints,
        scopes: ['profile_nickname', 'profile_image', 'account_email'],
        readProfile: readKakao,
      };
}
