/**
 * Whether a failure means a part the server stands on (PostgreSQL, Redis) is down, restarting or
 * unreachable: the request was not wrong and the server has no bug, so it answers 503 and the
 * client may try again (decision 0031).
 */
export function isDependencyUnavailable(error: unknown): boolean {
  return unavailabilityOf(error) !== undefined;
}

/**
 * The driver's own words for the unavailability (`ECONNREFUSED`, "Connection terminated …"), or
 * undefined when `error` is no such failure. Logged instead of the whole error: drizzle's wrapper
 * carries the statement and its parameters (e-mail addresses, texts).
 */
export function unavailabilityOf(error: unknown): string | undefined {
  // drizzle wraps the driver's error ("Failed query: …") and keeps it as the cause.
  for (let seen: unknown = error, depth = 0; seen && depth < 5; depth += 1) {
    if (isUnavailableItself(seen)) {
      const { code, message } = seen as { code?: unknown; message?: unknown };
      return [code, message].filter((part) => typeof part === 'string' && part).join(': ');
    }
    seen = (seen as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Socket errors of a link that could not be made or broke. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of an unavailable database: the connection exception class (08), an operator's
 * intervention (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now: starting
 * up or shutting down), a cancelled statement (57014: the statement time limit), and too many
 * connections (53300).
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    (code.length === 5 && code.startsWith('08')) ||
    ['57P01', '57P02', '57P03', '57014', '53300'].includes(code)
  );
}

/** What node-postgres, its pool and ioredis say when the server went away (no code given). */
const unavailableMessages = [
  'Connection terminated', // node-postgres: the server closed the connection (also "unexpectedly")
  'timeout exceeded when trying to connect', // pg-pool: no connection within connectionTimeoutMillis
  'Query read timeout', // node-postgres: query_timeout
  'Client has encountered a connection error and is not queryable',
  'Connection is closed', // ioredis
  'Command timed out', // ioredis: commandTimeout
  "Stream isn't writeable", // ioredis, offline queue off
];

function isUnavailableItself(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string' && (socketCodes.has(code) || isUnavailableSqlState(code))) {
    return true;
  }
  // ioredis gave up on a command after its retries while reconnecting.
  if (name === 'MaxRetriesPerRequestError') return true;
  return typeof message === 'string' && unavailableMessages.some((text) => message.includes(text));
}
