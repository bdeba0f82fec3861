import { createContext, useContext } from 'react';
import type { LoginResponse } from '@teamup/contracts/auth';
import type { User } from '@teamup/contracts/users';

/**
 * `unreachable`: tokens are kept but the session check could not reach the server (offline, or
 * the server down); the session may well be fine once it answers (retrySession).
 */
export type AuthStatus = 'loading' | 'authenticated' | 'anonymous' | 'unreachable';

export interface AuthContextValue {
  status: AuthStatus;
  /** The signed-in user; null unless status is 'authenticated'. */
  user: User | null;
  /** Keeps the tokens of a login answer and marks the user signed in. */
  signIn: (response: LoginResponse) => void;
  /** Keeps a token pair whose user is not known yet (social login); the session is then read. */
  signInWithTokens: (tokens: { token: string; refreshToken: string }) => void;
  /** Ends the session on the server (best effort) and forgets it here. */
  signOut: () => Promise<void>;
  /** Forgets the session here only (for example after revoking this device). */
  forgetSession: () => void;
  /** Replaces the signed-in user after a profile change. */
  updateUser: (user: User) => void;
  /** Asks the server for the session again (after `unreachable`). */
  retrySession: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** The session of the signed-in user; the auth feature's public hook. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
