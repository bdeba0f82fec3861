/**
 * Stops one social-login callback from being processed twice (a second mount, a double render
 * in development): the first claim of a callback wins; the flag is cleared after 5 s (spec 01
 * section 9). A different callback (a new login) is never held back by an older one's flag.
 */
const GUARD_KEY = 'teamup.oauthCallbackGuard';
export const OAUTH_GUARD_TTL_MS = 5000;

export function claimOauthCallback(callbackKey: string, now: number = Date.now()): boolean {
  try {
    const [claimedAt, claimedKey] = (window.sessionStorage.getItem(GUARD_KEY) ?? '').split('|');
    // A flag older than its lifetime was left by a closed page: it no longer counts.
    const fresh = Boolean(claimedAt) && now - Number(claimedAt) < OAUTH_GUARD_TTL_MS;
    if (fresh && claimedKey === callbackKey) return false;
    window.sessionStorage.setItem(GUARD_KEY, `${now}|${callbackKey}`);
  } catch {
    return true; // no session storage: process once per mount
  }
  window.setTimeout(() => {
    try {
      if (window.sessionStorage.getItem(GUARD_KEY)?.endsWith(`|${callbackKey}`)) {
        window.sessionStorage.removeItem(GUARD_KEY);
      }
    } catch {
      // nothing to clear
    }
  }, OAUTH_GUARD_TTL_MS);
  return true;
}
