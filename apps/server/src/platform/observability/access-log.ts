import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are secrets: the STOMP access token (`/ws?token=`), the SSE
 * ticket (`/api/sse/subscribe?ticket=`), OAuth codes and states, and anything else named like a
 * credential. Their values never reach a log line.
 */
const SECRET_PARAM = /token|ticket|code|state|secret|pass|key|signature|session|auth/i;

/**
 * Query parameters holding what a person typed to find something (`q` of the search and hashtag
 * routes): what members look for is theirs, not the operator's log.
 */
const SEARCH_TEXT_PARAM = /^(?:q|query|keyword|search)$/i;

/**
 * Path parameters that are credentials, by the name the route gives them: an invite code joins a
 * workspace (`/workspaces/invite/:code`), and a token or key in a path would open what it names.
 * Decided from the route's pattern, so a new route with such a parameter is covered as declared
 * (test/observability.integration.test.ts holds every route of the API document to it).
 */
export const CREDENTIAL_PATH_PARAM = /code|token|ticket|secret|key|invite|signature/i;

const REDACTED = '[redacted]';

/**
 * The path as it may be logged: for a route with a credential parameter, its pattern with that
 * parameter `[redacted]` and the others as requested; any other path as it came.
 */
function redactPath(path: string, route: string | undefined, params: unknown): string {
  if (route === undefined) return path;
  const names = [...route.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1] ?? '');
  if (!names.some((name) => CREDENTIAL_PATH_PARAM.test(name))) return path;
  const values = (params ?? {}) as Record<string, unknown>;
  return route.replace(/:([A-Za-z_]\w*)/g, (_whole, name: string) => {
    if (CREDENTIAL_PATH_PARAM.test(name)) return REDACTED;
    const value = values[name];
    // Path parameters arrive as strings, or as numbers once the route's schema coerced them.
    return typeof value === 'string' || typeof value === 'number'
      ? encodeURIComponent(String(value))
      : `:${name}`;
  });
}

/**
 * The URL as it may be logged: credential path parameters (named so by the matched route, see
 * redactPath) and every secret or search-text query value replaced by `[redacted]`.
 */
export function redactUrl(url: string, route?: string, params?: unknown): string {
  const queryAt = url.indexOf('?');
  const path = redactPath(queryAt < 0 ? url : url.slice(0, queryAt), route, params);
  if (queryAt < 0) return path;
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
      const hidden = SECRET_PARAM.test(name) || SEARCH_TEXT_PARAM.test(name);
      return equals >= 0 && hidden ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** The route pattern (`/api/teams/:teamId`), or a fixed name when no route matched (404s). */
export function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? '(unmatched)';
}

/**
 * The access-log line of a request, at info: method, route pattern, the URL with secrets and
 * search texts redacted, status, response time in ms; the request id is bound by Fastify (`reqId`). No
 * header is logged, so neither Authorization nor cookies can be.
 */
export function logRequest(request: FastifyRequest, status: number, responseTimeMs: number) {
  request.log.info(
    {
      method: request.method,
      route: routeOf(request),
      url: redactUrl(request.url, request.routeOptions.url, request.params),
      status,
      responseTimeMs: Math.round(responseTimeMs * 10) / 10,
      ip: request.ip,
    },
    'request',
  );
}
