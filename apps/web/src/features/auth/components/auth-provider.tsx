import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { LoginResponse } from '@teamup/contracts/auth';
import type { User } from '@teamup/contracts/users';
import { ko } from '../../../i18n/ko';
import { onSessionExpired } from '../../../lib/api-client';
import { ApiError, ClientErrorCode } from '../../../lib/api-error';
import { buildClientInfo } from '../../../lib/client-info';
import { tokenStore } from '../../../lib/token-store';
import { logout } from '../api/logout';
import { signOutWithSso } from '../api/sso-end-session';
import { sessionQueryKey, useSession, type SessionInfo } from '../api/session';
import { AuthContext, type AuthContextValue, type AuthStatus } from '../../../lib/auth/use-auth';

const hasServerSnapshot = () => false;

/**
 * Owns the login session (spec 01 section 4): on start, when both tokens exist, GET
 * /auth/session restores the user; otherwise the tokens are cleared. The status is 'loading'
 * until that answer, then 'authenticated' or 'anonymous'.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const hasTokens = useSyncExternalStore(
    tokenStore.subscribe,
    tokenStore.hasSession,
    hasServerSnapshot,
  );
  const session = useSession(hasTokens);

  useEffect(() => {
    // A half-kept pair (one token only) is worthless: start clean.
    if (!tokenStore.hasSession()) tokenStore.clear();
  }, []);

  useEffect(() => {
    if (session.data && !session.data.authenticated) tokenStore.clear();
    if (session.data?.authenticated) tokenStore.setUserId(session.data.user.id);
  }, [session.data]);

  useEffect(() => {
    if (!(session.error instanceof ApiError)) return;
    if (session.error.status === 401) tokenStore.clear();
    // A network failure keeps the tokens: the session may be fine once the server is reachable
    // again, and the signed-in frame shows the offline screen meanwhile (status 'unreachable').
  }, [session.error]);

  useEffect(
    () =>
      onSessionExpired((error) => {
        queryClient.removeQueries({ queryKey: sessionQueryKey });
        notifications.show({
          color: 'red',
          title: ko.session.expiredTitle,
          message: error.detail || ko.errors.sessionExpired,
        });
      }),
    [queryClient],
  );

  const signIn = useCallback(
    (response: LoginResponse) => {
      // The cache first: when the tokens appear the session query already holds the user.
      queryClient.setQueryData<SessionInfo>(sessionQueryKey, {
        authenticated: true,
        user: response.user,
      });
      tokenStore.save({
        token: response.token,
        refreshToken: response.refreshToken,
        userId: response.user.id,
      });
    },
    [queryClient],
  );

  const signInWithTokens = useCallback(
    (tokens: { token: string; refreshToken: string }) => {
      queryClient.removeQueries({ queryKey: sessionQueryKey });
      tokenStore.save({ ...tokens, userId: null });
    },
    [queryClient],
  );

  const forgetSession = useCallback(() => {
    tokenStore.clear();
    queryClient.clear();
  }, [queryClient]);

  const signOut = useCallback(async () => {
    // Ends a single sign-on session at its provider too, when the person has one (issue 46).
    await signOutWithSso({
      // The refresh token as it is after the end-session call (which may have renewed it).
      logout: () =>
        logout({
          clientInfo: buildClientInfo(),
          refreshToken: tokenStore.getRefreshToken() ?? undefined,
        }),
      forget: forgetSession,
    });
  }, [forgetSession]);

  const updateUser = useCallback(
    (user: User) => {
      queryClient.setQueryData<SessionInfo>(sessionQueryKey, { authenticated: true, user });
    },
    [queryClient],
  );

  const { refetch } = session;
  const retrySession = useCallback(() => void refetch(), [refetch]);

  let status: AuthStatus = 'anonymous';
  if (hasTokens && session.data?.authenticated) status = 'authenticated';
  else if (hasTokens && (session.isPending || (session.isFetching && !session.data))) {
    status = 'loading';
  } else if (
    hasTokens &&
    session.error instanceof ApiError &&
    session.error.code === ClientErrorCode.NETWORK_ERROR
  ) {
    status = 'unreachable';
  }

  const user = status === 'authenticated' ? (session.data?.user ?? null) : null;

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      signIn,
      signInWithTokens,
      signOut,
      forgetSession,
      updateUser,
      retrySession,
    }),
    [status, user, signIn, signInWithTokens, signOut, forgetSession, updateUser, retrySession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
