import { pathOf } from '@teamup/contracts/path-of';
import { authRoutes } from '../../../lib/first-load-endpoints';
import { api } from '../../../lib/api-client';

/** How long a logout waits for the end-session answer before going on without it. */
export const ssoEndSessionTimeoutMs = 3_000;

/** Only a web address is followed: anything else (a `javascript:` one) is ignored. */
function webAddress(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:' ? value : null;
  } catch {
    return null;
  }
}

/**
 * GET /auth/sso/end-session: the identity provider's logout address when the signed-in person
 * has a linked single sign-on identity (RP-initiated logout), else null. Asked while the session
 * still holds; any failure, an unexpected answer or no answer within `timeoutMs` is null, so a
 * logout never waits on it for long.
 */
export async function fetchSsoEndSessionUrl(
  timeoutMs = ssoEndSessionTimeoutMs,
): Promise<string | null> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(null);
    }, timeoutMs);
  });
  const asked = api
    .get<unknown>(pathOf(authRoutes.ssoEndSession), { signal: controller.signal })
    .then((data) =>
      typeof data === 'object' && data !== null
        ? webAddress((data as Record<string, unknown>).url)
        : null,
    )
    .catch(() => null);
  try {
    // A raced timer, not the abort alone: a token refresh inside the call is not aborted.
    return await Promise.race([asked, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

export interface SignOutSteps {
  /** POST /auth/logout (ends the session on the server); a failure is tolerated. */
  logout: () => Promise<unknown>;
  /** Forgets the session on this device. */
  forget: () => void;
  /** Asks for the identity provider's logout address; fetchSsoEndSessionUrl unless given. */
  endSessionUrl?: () => Promise<string | null>;
  /** Leaves for that address (a full page navigation); window.location.assign unless given. */
  leaveTo?: (url: string) => void;
}

/**
 * The one logout: asks for the single sign-on logout address first (it needs the session), then
 * logs out on the server (best effort) and here, and only then, when an address came back,
 * sends the browser there so the identity provider ends its session too. Answers that address,
 * or null when the logout stayed in the app.
 */
export async function signOutWithSso({
  logout,
  forget,
  endSessionUrl = fetchSsoEndSessionUrl,
  leaveTo = (url) => window.location.assign(url),
}: SignOutSteps): Promise<string | null> {
  const url = await endSessionUrl().catch(() => null);
  try {
    await logout();
  } catch {
    // Logging out must always work on this device, even when the server cannot be reached.
  }
  forget();
  if (url) leaveTo(url);
  return url;
}
