import { useMutation } from '@tanstack/react-query';
import type { RegisterInput } from '@teamup/contracts/auth';
import type { User } from '@teamup/contracts/users';
import { pathOf } from '@teamup/contracts/endpoint';
import { authEndpoints } from '@teamup/contracts/auth';
import { api } from '../../../lib/api-client';

/** POST /users/register: creates the account of a verified e-mail (201 with the user). */
export function register(input: RegisterInput): Promise<User> {
  return api.post<User>(pathOf(authEndpoints.register), input);
}

export function useRegister() {
  return useMutation({ mutationKey: ['users', 'register'], mutationFn: register });
}
