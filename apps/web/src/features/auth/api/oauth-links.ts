import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OauthLinks, OauthProvider } from '@teamup/contracts/auth';
import { pathOf } from '@teamup/contracts/endpoint';
import { authEndpoints } from '@teamup/contracts/auth';
import { api } from '../../../lib/api-client';

export const oauthLinksQueryKey = ['auth', 'oauth', 'links'] as const;

/** GET /auth/oauth/links: which social identities the account holds, and whether it has a password. */
export function useOauthLinks() {
  return useQuery(
    queryOptions({
      queryKey: oauthLinksQueryKey,
      queryFn: ({ signal }) => api.get<OauthLinks>(pathOf(authEndpoints.oauthLinks), { signal }),
    }),
  );
}

/** DELETE /auth/oauth/{provider}/link (only with a password set). */
export function useUnlinkOauth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: OauthProvider) =>
      api.delete(pathOf(authEndpoints.oauthUnlink, { provider })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: oauthLinksQueryKey }),
  });
}

/** POST /auth/oauth/{provider}/link: where to send the browser to link that provider. */
export function useStartOauthLink() {
  return useMutation({
    mutationFn: (provider: OauthProvider) =>
      api.post<{ url: string }>(pathOf(authEndpoints.oauthLink, { provider })),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
