import dayjs from 'dayjs';
import { vi } from 'vitest';
import type { Schedule } from '@teamup/contracts/schedules';

/** The signed-in user of the calendar tests, another member, and the team leader. */
export const ME = 3;
export const OTHER = 5;
export const LEADER = 9;

/**
 * A schedule from `start` to `end`, both local date-times like '2026-03-10T09:00' (read in the
 * time zone the tests run in, as the calendar reads the server's instants).
 */
export function schedule(
  id: number,
  start: string,
  end: string,
  overrides: Partial<Schedule> = {},
): Schedule {
  return {
    id,
    title: `일정 ${id}`,
    startDate: dayjs(start).toISOString(),
    endDate: dayjs(end).toISOString(),
    scheduleDesc: null,
    type: 'MEETING',
    teamId: 7,
    teamName: '디자인팀',
    creatorId: OTHER,
    creatorName: '이서준',
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

export const ok = (data: unknown, status = 200) => Response.json({ data }, { status });
export const noContent = () => new Response(null, { status: 204 });
export const problem = (status: number, code: string, detail = code) =>
  Response.json({ type: 'about:blank', title: code, status, code, detail }, { status });

/** One call the stubbed server received. */
export interface ApiCall {
  method: string;
  /** The path without the query, e.g. /api/teams/7/schedules. */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: ApiCall) => Response | undefined;

/**
 * Replaces fetch with a scripted server: the session is signed in as `userId`; `handler`
 * answers everything else (undefined gives 404). Answers the list of calls made.
 */
export function stubApi(handler: Handler, userId = ME): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const call: ApiCall = {
        method: init.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      if (call.path === '/api/auth/session') {
        return ok({
          authenticated: true,
          user: { id: userId, name: '김하늘', email: 'sky@example.com', profileImageUrl: null },
        });
      }
      return handler(call) ?? new Response(null, { status: 404 });
    }),
  );
  return calls;
}

/** What jsdom lacks for the schedule form: FontFaceSet, which autosizing text areas listen to. */
export function installFontShim() {
  if ('fonts' in document) return;
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}
