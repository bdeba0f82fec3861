import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthSession } from '@teamup/contracts/auth';
import { pathOf } from '@teamup/contracts/endpoint';
import { authEndpoints } from '@teamup/contracts/auth';
import { api } from '../../../lib/api-client';
import { authSessionsQueryKey } from './auth-sessions';

/** DELETE /auth/sessions/{id}: signs one of the caller's devices out (204). */
export function revokeAuthSession(sessionId: number): Promise<void> {
  return api.delete(pathOf(authEndpoints.revokeSession, { sessionId }));
}

export function useRevokeAuthSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...authSessionsQueryKey, 'revoke'],
    mutationFn: revokeAuthSession,
    onSuccess: (_nothing, sessionId) => {
      const sessions = queryClient.getQueryData<AuthSession[]>(authSessionsQueryKey);
      // After revoking this very device its token is dead: nothing left to reload.
      if (sessions?.find((session) => session.id === sessionId)?.current) return;
      void queryClient.invalidateQueries({ queryKey: authSessionsQueryKey });
    },
  });
}
