/**
 * The login session kept in localStorage: access token, refresh token and the user id sent as
 * the Account-Id header. Listeners hear every change, including those made by another tab.
 */
const keys = {
  accessToken: 'teamup.accessToken',
  refreshToken: 'teamup.refreshToken',
  userId: 'teamup.userId',
} as const;

type Listener = () => void;
const listeners = new Set<Listener>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (privacy modes); the app then behaves as logged out.
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // See read(): nothing to keep when storage is unavailable.
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

export interface StoredTokens {
  token: string;
  refreshToken: string;
  /** The user the tokens belong to; unknown right after a social login without user data. */
  userId?: number | null;
}

export const tokenStore = {
  getAccessToken(): string | null {
    return read(keys.accessToken);
  },
  getRefreshToken(): string | null {
    return read(keys.refreshToken);
  },
  getUserId(): string | null {
    return read(keys.userId);
  },
  /** True when both tokens are present (spec 01 section 4: only then is the session checked). */
  hasSession(): boolean {
    return Boolean(read(keys.accessToken) && read(keys.refreshToken));
  },
  save(tokens: StoredTokens): void {
    write(keys.accessToken, tokens.token);
    write(keys.refreshToken, tokens.refreshToken);
    if (tokens.userId !== undefined) {
      write(keys.userId, tokens.userId === null ? null : String(tokens.userId));
    }
    notify();
  },
  setUserId(userId: number): void {
    if (read(keys.userId) === String(userId)) return;
    write(keys.userId, String(userId));
    notify();
  },
  clear(): void {
    const had = read(keys.accessToken) ?? read(keys.refreshToken) ?? read(keys.userId);
    write(keys.accessToken, null);
    write(keys.refreshToken, null);
    write(keys.userId, null);
    if (had !== null) notify();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values<string>(keys).includes(event.key)) notify();
  });
}
