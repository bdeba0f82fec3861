import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OauthProvider } from '@teamup/contracts/auth';
import { pathOf } from '@teamup/contracts/path-of';
import { ko } from '../../../i18n/ko';
import { authRoutes } from '../../../lib/first-load-endpoints';
import { API_BASE, api } from '../../../lib/api-client';

/** The school's single sign-on as the server offers it: the name its button shows. */
export interface SsoProvider {
  name: string;
}

/** Which social logins the server offers. The endpoint may not exist: then none is shown. */
export interface AuthProviders {
  google: boolean;
  kakao: boolean;
  /** The school's single sign-on (OpenID Connect); null when the server offers none. */
  sso: SsoProvider | null;
}

/** A provider key of the OAuth routes (`/auth/oauth/{provider}/login`, link, unlink). */
export type SocialProvider = OauthProvider;

export const authProvidersQueryKey = ['auth', 'providers'] as const;

const none: AuthProviders = { google: false, kakao: false, sso: null };

/** The `sso` field: an object means offered; a missing or blank name falls back to ours. */
function ssoOf(value: unknown): SsoProvider | null {
  if (typeof value !== 'object' || value === null) return null;
  const name = (value as Record<string, unknown>).name;
  return { name: typeof name === 'string' && name.trim() ? name.trim() : ko.providers.SSO };
}

/** GET /auth/providers; any failure or unexpected shape means "no social login". */
export async function fetchAuthProviders(signal?: AbortSignal): Promise<AuthProviders> {
  try {
    const data = await api.get<unknown>(pathOf(authRoutes.providers), { signal });
    if (typeof data !== 'object' || data === null) return none;
    const record = data as Record<string, unknown>;
    return {
      google: record.google === true,
      kakao: record.kakao === true,
      sso: ssoOf(record.sso),
    };
  } catch {
    return none;
  }
}

export function authProvidersQueryOptions() {
  return queryOptions({
    queryKey: authProvidersQueryKey,
    queryFn: ({ signal }) => fetchAuthProviders(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}

/** Where the browser goes to start a social login (a full page navigation, not a fetch). */
export function oauthStartUrl(provider: SocialProvider): string {
  return `${API_BASE}${pathOf(authRoutes.oauthLogin, { provider })}`;
}
