import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ChatMessages as M } from '@teamup/contracts/chat';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Limits } from '@teamup/contracts/limits';
import { liveEndpoints as endpoints } from '@teamup/contracts/live';
import type { AppContext } from '../../context';
import { authOf, bearerOf } from '../../platform/auth/guard';
import { notFound, unauthorized } from '../../platform/errors/app-error';
import { bodyOf, documentedSchema, routesFor } from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';
import { linkDeadline } from '../../platform/realtime/live-access';
import { parseResumePoint } from '../../platform/realtime/resume-point';
import { SseHub } from '../../platform/realtime/sse-hub';
import { isSessionActive } from '../auth/auth.service';
import { consumeTicket, insertTicket, isTicketSpent, pruneTickets } from './live.repo';

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** Tickets for the event stream, the stream itself (platform/realtime/sse-hub.ts), its counts. */
export async function liveRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const hub = SseHub.start(ctx, ctx.hooks.live);
  // Streams never end by themselves: close them before the server waits for open requests.
  app.addHook('preClose', async () => {
    await hub.stop();
  });
  const route = routesFor(app, requireAuth, 'live');

  /**
   * Who opens the stream: the single-use ticket's user and session when the address names one
   * (a browser's EventSource, which cannot send headers), else the bearer token's (a standard
   * SSE client, which then reconnects on the same request with Last-Event-ID). Either way it
   * lives no longer than the access token and its session.
   */
  const ownerOf = async (request: FastifyRequest, ticket: string | undefined) => {
    if (ticket !== undefined) return ticketOwner(ticket);
    const bearer = bearerOf(request);
    if (bearer === undefined) {
      throw unauthorized(ErrorCode.AUTH_REQUIRED, '인증이 필요합니다. 로그인해주세요.');
    }
    await requireAuth(request);
    const claims = authOf(request);
    const { userId, sessionId } = claims;
    const deadline = linkDeadline(bearer, claims, ctx.now());
    return { userId, sessionId, accessExpiresAt: deadline === null ? null : new Date(deadline) };
  };

  const ticketOwner = async (ticket: string) => {
    const owner = await consumeTicket(ctx.database.db, hashOf(ticket), ctx.now());
    // A stock EventSource retries the very same address: say plainly that this ticket is used.
    if (!owner && (await isTicketSpent(ctx.database.db, hashOf(ticket)))) {
      throw unauthorized(ErrorCode.SSE_TICKET_SPENT, M.ticketSpent);
    }
    // A ticket of a session that ended since (logout right after registering) opens nothing.
    const live =
      owner !== undefined &&
      owner.sessionId !== null &&
      (await isSessionActive(ctx, { userId: owner.userId, sessionId: owner.sessionId }));
    if (!owner || !live) throw unauthorized(ErrorCode.SSE_TICKET_INVALID, M.ticketInvalid);
    return owner;
  };

  route(endpoints.register, async ({ userId, request }) => {
    const claims = authOf(request);
    const { sessionId } = claims;
    const ticket = randomBytes(24).toString('base64url');
    const expiresAt = new Date(ctx.now().getTime() + Limits.sseTicketSeconds * 1000);
    // The stream belongs to this login session and lives no longer than this access token.
    const deadline = linkDeadline(bearerOf(request) ?? '', claims, ctx.now());
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
        ...documentedSchema(endpoints.subscribe, 'live', {
          answers: {
            200: bodyOf('The event stream', 'text/event-stream', { type: 'string' }),
          },
        }),
        querystring: endpoints.subscribe.query,
      },
    },
    async (request, reply) => {
      const owner = await ownerOf(request, request.query.ticket);
      // A header this server did not write (another service's ids) is taken as none.
      const header = request.headers['last-event-id'];
      const given =
        typeof header === 'string' && header !== '' ? header : request.query.lastEventId;
      const resumeFrom = given === undefined ? null : parseResumePoint(given);
      reply.hijack();
      await hub.open(reply.raw, owner, resumeFrom);
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
