import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@teamup/contracts/auth';
import { pathOf } from '@teamup/contracts/endpoint';
import { authEndpoints } from '@teamup/contracts/auth';
import { api } from '../../../lib/api-client';

export const twoFactorQueryKey = ['auth', '2fa'] as const;

/** GET /auth/2fa: on or off, and how many recovery codes are left. */
export const twoFactorQueryOptions = () =>
  queryOptions({
    queryKey: twoFactorQueryKey,
    queryFn: ({ signal }) =>
      api.get<TwoFactorStatus>(pathOf(authEndpoints.twoFactorStatus), { signal }),
  });

export function useTwoFactorStatus() {
  return useQuery(twoFactorQueryOptions());
}

/** POST /auth/2fa/setup: a new secret and its QR code (not on yet). */
export function useTwoFactorSetup() {
  return useMutation({
    mutationFn: () => api.post<TwoFactorSetup>(pathOf(authEndpoints.twoFactorSetup)),
  });
}

/** POST /auth/2fa/enable {code}: on; answers the recovery codes, shown once. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<RecoveryCodes>(pathOf(authEndpoints.twoFactorEnable), { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
  });
}

/** POST /auth/2fa/disable {password | recoveryCode}. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proof: { password?: string; recoveryCode?: string }) =>
      api.post<true>(pathOf(authEndpoints.twoFactorDisable), proof),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
  });
}
