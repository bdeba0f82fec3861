import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are secrets: the STOMP access token (`/ws?token=`), the SSE
 * ticket (`/api/sse/subscribe?ticket=`), OAuth codes and states, and anything else named like a
 * credential. Their values never reach a log line.
 */
const SECRET_PARAM = /token|ticket|code|state|secret|pass|key|signature|session|auth/i;

/** The URL as it may be logged: every secret query value replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the raw name
      }
      return equals >= 0 && SECRET_PARAM.test(name) ? `${rawName}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryAt)}?${query}`;
}

/** The route pattern (`/api/teams/:teamId`), or a fixed name when no route matched (404s). */
export function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? '(unmatched)';
}

/**
 * The access-log line of a request, at info: method, route pattern, the URL with secrets
 * redacted, status, response time in ms; the request id is bound by Fastify (`reqId`). No
 * header is logged, so neither Authorization nor cookies can be.
 */
export function logRequest(request: FastifyRequest, status: number, responseTimeMs: number) {
  request.log.info(
    {
      method: request.method,
      route: routeOf(request),
      url: redactUrl(request.url),
      status,
      responseTimeMs: Math.round(responseTimeMs * 10) / 10,
      ip: request.ip,
    },
    'request',
  );
}
