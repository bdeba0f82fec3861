import { z } from 'zod';
import { sseTicketSchema } from './chat';
import { endpoint } from './endpoint';
import { ErrorCode } from './error-codes';
import { Limits } from './limits';

export const sseSubscribeQuerySchema = z.object({
  /** Single use; without one, `Authorization: Bearer <access token>` opens the stream. */
  ticket: z.string().min(1).max(200).optional(),
  /**
   * For clients that open a new EventSource per ticket and so cannot resend Last-Event-ID: the
   * last `id:` the stream gave, as given (a resume point: decision 0049).
   */
  lastEventId: z
    .string()
    .max(2600)
    .regex(/^\d{1,16}(\.[0-9a-z]{1,11})*$/)
    .optional(),
});

/** How many streams this instance holds (a diagnostic, refused in production). */
export const sseStatsSchema = z.object({
  connections: z.number().int(),
  users: z.number().int(),
  subscriptions: z.number().int(),
});

/** The live event stream's calls (decision 0007); paths relative to /api. */
export const liveEndpoints = {
  register: endpoint({
    method: 'POST',
    tokenScope: 'read',
    path: '/sse/register',
    summary: `A single-use ticket for /sse/subscribe, valid ${Limits.sseTicketSeconds} s`,
    response: sseTicketSchema,
  }),
  /**
   * The ticket stands for the bearer token a browser's EventSource cannot send; clients that can
   * send headers use `Authorization: Bearer` instead and may reconnect with Last-Event-ID on the
   * same request. A used ticket answers 401 SSE_TICKET_SPENT (register a new one).
   */
  subscribe: endpoint({
    method: 'GET',
    path: '/sse/subscribe',
    summary:
      'The event stream (text/event-stream): JSON `data:` per event, an `id:` (the resume point) with the last event of each write, `: ping` every 15 s; Last-Event-ID (header or query) replays what was missed. Authorised by a single-use `ticket` (401 SSE_TICKET_SPENT once used) or `Authorization: Bearer <access token>`',
    auth: 'public',
    query: sseSubscribeQuerySchema,
    errors: {
      401: [
        ErrorCode.SSE_TICKET_INVALID,
        ErrorCode.SSE_TICKET_SPENT,
        ErrorCode.AUTH_REQUIRED,
        ErrorCode.TOKEN_INVALID,
        ErrorCode.TOKEN_EXPIRED,
        ErrorCode.SESSION_REVOKED,
      ],
    },
  }),
  debug: endpoint({
    method: 'GET',
    path: '/sse/debug',
    summary: 'Connection counts of this instance (not in production)',
    response: sseStatsSchema,
  }),
  cleanup: endpoint({
    method: 'POST',
    tokenScope: 'read',
    path: '/sse/cleanup',
    summary: 'Close the caller’s event streams on this instance (logout) and drop old tickets',
    response: z.object({ closed: z.number().int() }),
  }),
};
