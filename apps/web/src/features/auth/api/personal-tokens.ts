import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import {
  tokenEndpoints,
  type CreatedPersonalToken,
  type CreatePersonalToken,
  type PersonalToken,
} from '@teamup/contracts/tokens';
import { api } from '../../../lib/api-client';

export const personalTokensQueryKey = ['auth', 'personal-tokens'] as const;

/** GET /users/me/tokens: my personal access tokens (never the tokens themselves). */
export function usePersonalTokens() {
  return useQuery({
    queryKey: personalTokensQueryKey,
    queryFn: ({ signal }) => api.get<PersonalToken[]>(pathOf(tokenEndpoints.list), { signal }),
  });
}

/** POST /users/me/tokens: a new token, shown this once. */
export function useCreatePersonalToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePersonalToken) =>
      api.post<CreatedPersonalToken>(pathOf(tokenEndpoints.create), input),
    onSuccess: ({ token: _shownOnce, ...made }) =>
      queryClient.setQueryData<PersonalToken[]>(personalTokensQueryKey, (tokens) => [
        ...(tokens ?? []),
        made,
      ]),
  });
}

/** DELETE /users/me/tokens/:id: it stops working at once. */
export function useRevokePersonalToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(pathOf(tokenEndpoints.revoke, { id })),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<PersonalToken[]>(personalTokensQueryKey, (tokens) =>
        (tokens ?? []).filter((token) => token.id !== id),
      ),
  });
}
