/** Browser storage of the workspace feature: the last opened workspace and the redirect flag. */

const LAST_WORKSPACE_KEY = 'teamup.lastWorkspaceId';
const INITIAL_REDIRECT_KEY = 'teamup.initialRedirectDone';

function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback; // storage can be disabled (private mode, quota): the app still works
  }
}

/** The id of the workspace the user opened last (local storage, kept across sessions). */
export function readLastWorkspaceId(): number | null {
  return safely(() => {
    const value = Number(localStorage.getItem(LAST_WORKSPACE_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  }, null);
}

export function rememberLastWorkspaceId(id: number): void {
  safely(() => {
    if (localStorage.getItem(LAST_WORKSPACE_KEY) !== String(id)) {
      localStorage.setItem(LAST_WORKSPACE_KEY, String(id));
    }
  }, undefined);
}

/**
 * The once-per-session flag of the initial redirect (spec 01 section 2). It holds the user id,
 * so a different account signing in within the same tab is redirected again.
 */
export function hasRedirectedThisSession(userId: number): boolean {
  return safely(() => sessionStorage.getItem(INITIAL_REDIRECT_KEY) === String(userId), false);
}

export function markRedirectedThisSession(userId: number): void {
  safely(() => sessionStorage.setItem(INITIAL_REDIRECT_KEY, String(userId)), undefined);
}

/** Creating a workspace clears the flag, so the next visit to / redirects again. */
export function clearRedirectFlag(): void {
  safely(() => sessionStorage.removeItem(INITIAL_REDIRECT_KEY), undefined);
}
