import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import { authEndpoints } from '@teamup/contracts/auth';
import { api } from '../../../lib/api-client';
import { authSessionsQueryKey } from './auth-sessions';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** PUT /users/password: changes a LOCAL account's password; other sessions are signed out. */
export function changePassword(input: ChangePasswordInput): Promise<true> {
  return api.put<true>(pathOf(authEndpoints.changePassword), input);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['users', 'password'],
    mutationFn: changePassword,
    // The server signs every other device out: the device list changes with it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authSessionsQueryKey }),
  });
}
