import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@teamup/contracts/users';
import { pathOf } from '@teamup/contracts/endpoint';
import { userEndpoints } from '@teamup/contracts/users';
import { api } from '../../../lib/api-client';
import { meQueryKey } from './me';

/** POST /users/me/profile-prompt/dismiss: the prompt's "나중에 하기"; answers the updated user. */
export function dismissProfilePrompt(): Promise<User> {
  return api.post<User>(pathOf(userEndpoints.dismissProfilePrompt));
}

export function useDismissProfilePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...meQueryKey, 'dismiss-profile-prompt'],
    mutationFn: dismissProfilePrompt,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}
