import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming X-Request-Id may be: a proxy's or client's id, never arbitrary text. */
const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Fastify's request id (genReqId): the caller's `X-Request-Id` when it is a sane id (at most 128
 * characters of letters, digits, `.`, `_`, `-`; a proxy in front may set one), else a new UUID.
 * It is in every log line of the request and answered in the `X-Request-Id` header.
 */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}
