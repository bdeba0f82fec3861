import { ApiError, ClientErrorCode } from '../../../lib/api-error';

/** Send retries (spec 02 section 9): up to 3, the delay doubling from 1 s, capped at 5 s. */
export const SEND_RETRIES = 3;
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 5_000;

/** The wait before retry `retry` (1-based). */
export function sendRetryDelayMs(retry: number): number {
  return Math.min(FIRST_DELAY_MS * 2 ** Math.max(0, retry - 1), MAX_DELAY_MS);
}

/**
 * Only network-type failures are tried again (spec 02 section 4): fetch's TypeError, which the
 * API client reports as NETWORK_ERROR. An answer from the server, even 500, is final.
 */
export function isRetryableSendError(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  return error instanceof ApiError && error.code === ClientErrorCode.NETWORK_ERROR;
}

/**
 * A send the server refused for what it is (a 4xx other than a timeout or a rate limit: a mention
 * of the whole room without the right, a reply to a deleted message, …): sending it again would be
 * refused again. Answers the server's Korean reason; undefined for failures worth a retry.
 */
export function sendRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const refused = error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status);
  return refused && error.detail ? error.detail : undefined;
}

export type Sleep = (ms: number) => Promise<void>;

const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `attempt`, retrying network failures by the schedule above; the last error is thrown. */
export async function withSendRetries<T>(
  attempt: () => Promise<T>,
  sleep: Sleep = realSleep,
): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (retry >= SEND_RETRIES || !isRetryableSendError(error)) throw error;
      await sleep(sendRetryDelayMs(retry + 1));
    }
  }
}
