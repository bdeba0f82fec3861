/**
 * Stops the social-login callback from being processed twice (a second mount, a double render
 * in development): the first claim wins; the flag is cleared after 5 s (spec 01 section 9).
 */
const GUARD_KEY = 'teamup.oauthCallbackGuard';
export const OAUTH_GUARD_TTL_MS = 5000;

export function claimOauthCallback(now: number = Date.now()): boolean {
  try {
    const claimedAt = Number(window.sessionStorage.getItem(GUARD_KEY));
    // A flag older than its lifetime was left by a closed page: it no longer counts.
    if (claimedAt && now - claimedAt < OAUTH_GUARD_TTL_MS) return false;
    window.sessionStorage.setItem(GUARD_KEY, String(now));
  } catch {
    return true; // no session storage: process once per mount
  }
  window.setTimeout(() => {
    try {
      window.sessionStorage.removeItem(GUARD_KEY);
    } catch {
      // nothing to clear
    }
  }, OAUTH_GUARD_TTL_MS);
  return true;
}
