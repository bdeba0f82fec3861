import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ChatMessages as M, sseTicketSchema } from '@teamup/contracts/chat';
import { envelope } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Limits } from '@teamup/contracts/limits';
import type { AppContext } from '../../context';
import { authOf, bearerOf } from '../../platform/auth/guard';
import { notFound, unauthorized } from '../../platform/errors/app-error';
import type { Guard, TypedApp } from '../../platform/http/types';
import { isSessionActive } from '../auth/session-cache';
import { accessDeadline } from './live-access';
import { consumeTicket, insertTicket, pruneTickets } from './live.repo';
import { SseHub } from './sse-hub';

const security = [{ bearer: [] }];
const tags = ['live'];
const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

const subscribeQuerySchema = z.object({
  ticket: z.string().min(1).max(200),
  /** For clients that open a new EventSource per ticket and so cannot resend Last-Event-ID. */
  lastEventId: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

export async function liveRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const hub = await SseHub.start(ctx);
  // Streams never end by themselves: close them before the server waits for open requests.
  app.addHook('preClose', async () => {
    await hub.stop();
  });
  const secured = { onRequest: requireAuth };

  app.post(
    '/sse/register',
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: `A single-use ticket for /sse/subscribe, valid ${Limits.sseTicketSeconds} s`,
        response: { 200: envelope(sseTicketSchema) },
      },
    },
    async (request) => {
      const { userId, sessionId } = authOf(request);
      const ticket = randomBytes(24).toString('base64url');
      const expiresAt = new Date(ctx.now().getTime() + Limits.sseTicketSeconds * 1000);
      // The stream belongs to this login session and lives no longer than this access token.
      const deadline = accessDeadline(bearerOf(request) ?? '');
      const accessExpiresAt = deadline === null ? null : new Date(deadline);
      await insertTicket(
        ctx.database.db,
        hashOf(ticket),
        { userId, sessionId, accessExpiresAt },
        expiresAt,
      );
      return { data: { ticket, expiresAt: expiresAt.toISOString() } };
    },
  );

  app.get(
    '/sse/subscribe',
    {
      schema: {
        tags,
        summary:
          'The event stream (text/event-stream): `id:` + JSON `data:` per event, `: ping` every 15 s; Last-Event-ID (header or query) replays what was missed',
        querystring: subscribeQuerySchema,
      },
    },
    async (request, reply) => {
      const owner = await consumeTicket(ctx.database.db, hashOf(request.query.ticket), ctx.now());
      // A ticket of a session that ended since (logout right after registering) opens nothing.
      const live =
        owner !== undefined &&
        owner.sessionId !== null &&
        (await isSessionActive(ctx, { userId: owner.userId, sessionId: owner.sessionId }));
      if (!owner || !live) throw unauthorized(ErrorCode.SSE_TICKET_INVALID, M.ticketInvalid);
      const header = Number(request.headers['last-event-id']);
      const lastEventId =
        Number.isInteger(header) && header >= 0 ? header : (request.query.lastEventId ?? null);
      reply.hijack();
      await hub.open(reply.raw, owner, lastEventId);
    },
  );

  app.get(
    '/sse/debug',
    {
      ...secured,
      schema: { tags, security, summary: 'Connection counts of this instance (not in production)' },
    },
    async () => {
      if (ctx.config.env === 'production') throw notFound();
      return { data: hub.stats() };
    },
  );

  app.post(
    '/sse/cleanup',
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Close the caller’s event streams on this instance (logout) and drop old tickets',
      },
    },
    async (request) => {
      const closed = await hub.closeAll(authOf(request).userId);
      await pruneTickets(ctx.database.db, ctx.now());
      return { data: { closed } };
    },
  );
}
