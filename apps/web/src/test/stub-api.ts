import { vi } from 'vitest';

/*
 * The scripted server of the web tests: fetch replaced by a function that records each call and
 * answers it from the test's handler. One stand-in for every screen test, so a change to how the
 * app calls its API (a header, the body's encoding) is followed in one place.
 */

/** One call the stubbed server received. */
export interface ApiCall {
  method: string;
  /** The path without the query, e.g. /api/posts/11. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** A JSON body parsed; any other body (a FormData upload) as sent; undefined without one. */
  body: unknown;
}

/** What a handler answers; undefined leaves the call unanswered: 404. */
export type ApiAnswer = Response | undefined;
export type ApiHandler = (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>;

/** The API's success envelope. */
export const ok = (data: unknown, status = 200) => Response.json({ data }, { status });
export const noContent = () => new Response(null, { status: 204 });
/** The API's problem answer (RFC 9457) with its stable code. */
export const problem = (status: number, code: string, detail = code) =>
  Response.json({ type: 'about:blank', title: code, status, code, detail }, { status });
const notFound = () => new Response(null, { status: 404 });

/** Who the session check says is signed in. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  profileImageUrl?: string | null;
  /** The after-login profile prompt (issue 41); absent: not offered. */
  profilePromptPending?: boolean;
  /** ADMIN: an instance admin (issue 46); absent: an ordinary account. */
  role?: 'USER' | 'ADMIN';
}

/** The signed-in user of the tests that name none. */
export const testUser: SessionUser = {
  id: 3,
  name: '김하늘',
  email: 'sky@example.com',
  profileImageUrl: null,
};

export interface StubApiOptions {
  /**
   * Who GET /api/auth/session answers is signed in; null leaves the session to the handler (a
   * screen that never asks, or a test of the signed-out case).
   */
  user?: SessionUser | null;
}

function bodyOf(body: BodyInit | null | undefined): unknown {
  if (typeof body === 'string') return JSON.parse(body) as unknown;
  return body ?? undefined;
}

/**
 * Replaces fetch with a scripted server: the session is signed in as `user` (testUser unless
 * given); `handler` answers everything else (undefined gives 404). Answers the list of calls
 * made, in order, the session's included. fetch stays a mock: `vi.mocked(fetch)` reads it too.
 */
export function stubApi(
  handler: ApiHandler = () => undefined,
  { user = testUser }: StubApiOptions = {},
): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const call: ApiCall = {
        method: init.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: new Headers(init.headers),
        body: bodyOf(init.body),
      };
      calls.push(call);
      if (user && call.path === '/api/auth/session') return ok({ authenticated: true, user });
      return (await handler(call)) ?? notFound();
    }),
  );
  return calls;
}

/**
 * A handler answering from a table keyed by 'METHOD /api/path' or, for any method, '/api/path'
 * (the path without its query); what the table lacks is left unanswered (404).
 */
export function routes(table: Record<string, ApiHandler>): ApiHandler {
  return (call) => (table[`${call.method} ${call.path}`] ?? table[call.path])?.(call);
}
