import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateProfileSchema, User } from '@teamup/contracts/users';
import { pathOf } from '@teamup/contracts/endpoint';
import { userEndpoints } from '@teamup/contracts/users';
import { api } from '../../../lib/api-client';
import { meQueryKey } from './me';

/** The checked body of PUT /users/me (the schema's output: blanks as null, tags de-duplicated). */
export type UpdateProfileBody = z.output<typeof updateProfileSchema>;

/** PUT /users/me: saves the profile fields and answers the updated user. */
export function updateMe(body: UpdateProfileBody): Promise<User> {
  return api.put<User>(pathOf(userEndpoints.updateMe), body);
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...meQueryKey, 'update'],
    mutationFn: updateMe,
    onSuccess: async (user) => {
      queryClient.setQueryData(meQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
