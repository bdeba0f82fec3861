import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { AccessClaims } from '../../platform/auth/tokens';
import { StompLimits } from '../../platform/stomp/frames';
import { chatDestinations, serveStomp, type StompDestinations } from './stomp-endpoint';

/**
 * STOMP 1.2 over WebSocket at `/ws?token={access token}` (spec 02 section 7). A missing, bad or
 * revoked token is refused before the upgrade with 401.
 */
export async function stompRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  isSessionActive: (claims: AccessClaims) => Promise<boolean>,
  moreDestinations: readonly StompDestinations[] = [],
) {
  const destinationSets = [chatDestinations(ctx), ...moreDestinations];
  await app.register(websocket, { options: { maxPayload: StompLimits.maxFrameBytes } });
  const userOf = new WeakMap<object, number>();

  app.get(
    '/ws',
    {
      websocket: true,
      preValidation: async (request, reply) => {
        const token = (request.query as { token?: unknown }).token;
        try {
          if (typeof token !== 'string' || token === '') throw new Error('no token');
          const claims = await ctx.tokens.verify(token);
          if (!(await isSessionActive(claims))) throw new Error('revoked');
          userOf.set(request, claims.userId);
        } catch {
          await reply.code(401).send({
            type: 'about:blank',
            title: 'Unauthorized',
            status: 401,
            detail: '인증이 필요합니다. 로그인해주세요.',
            code: 'AUTH_REQUIRED',
          });
        }
      },
    },
    (socket, request) => {
      const userId = userOf.get(request);
      if (userId === undefined) {
        socket.close(1008, 'unauthorized');
        return;
      }
      serveStomp(ctx, socket, userId, destinationSets);
    },
  );
}
