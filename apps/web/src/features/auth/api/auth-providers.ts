import { queryOptions, useQuery } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/path-of';
import { authRoutes } from '../../../lib/first-load-endpoints';
import { API_BASE, api } from '../../../lib/api-client';

/** Which social logins the server offers. The endpoint may not exist: then none is shown. */
export interface AuthProviders {
  google: boolean;
  kakao: boolean;
}

export type SocialProvider = keyof AuthProviders;

export const authProvidersQueryKey = ['auth', 'providers'] as const;

const none: AuthProviders = { google: false, kakao: false };

/** GET /auth/providers; any failure or unexpected shape means "no social login". */
export async function fetchAuthProviders(signal?: AbortSignal): Promise<AuthProviders> {
  try {
    const data = await api.get<unknown>(pathOf(authRoutes.providers), { signal });
    if (typeof data !== 'object' || data === null) return none;
    const record = data as Record<string, unknown>;
    return { google: record.google === true, kakao: record.kakao === true };
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
