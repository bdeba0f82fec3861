import { createHash, randomBytes } from 'node:crypto';
import { ChatMessages as M } from '@teamup/contracts/chat';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Limits } from '@teamup/contracts/limits';
import { liveEndpoints as endpoints } from '@teamup/contracts/live';
import type { AppContext } from '../../context';
import { authOf, bearerOf } from '../../platform/auth/guard';
import { notFound, unauthorized } from '../../platform/errors/app-error';
import { routesFor } from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';
import { accessDeadline } from '../../platform/realtime/live-access';
import { SseHub } from '../../platform/realtime/sse-hub';
import { isSessionActive } from '../auth/auth.service';
import { consumeTicket, insertTicket, pruneTickets } from './live.repo';

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** Tickets for the event stream, the stream itself (platform/realtime/sse-hub.ts), its counts. */
export async function liveRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const hub = await SseHub.start(ctx, ctx.hooks.live);
  // Streams never end by themselves: close them before the server waits for open requests.
  app.addHook('preClose', async () => {
    await hub.stop();
  });
  const route = routesFor(app, requireAuth, 'live');

  route(endpoints.register, async ({ userId, request }) => {
    const { sessionId } = authOf(request);
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
    return { ticket, expiresAt: expiresAt.toISOString() };
  });

  // Registered by hand: the answer is an event stream written to the raw response, not JSON.
  app.get(
    endpoints.subscribe.path,
    {
      schema: {
        tags: ['live'],
        summary: endpoints.subscribe.summary,
        querystring: endpoints.subscribe.query,
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

  route(endpoints.debug, async () => {
    if (ctx.config.env === 'production') throw notFound();
    return hub.stats();
  });

  route(endpoints.cleanup, async ({ userId }) => {
    const closed = await hub.closeAll(userId);
    await pruneTickets(ctx.database.db, ctx.now());
    return { closed };
  });
}
