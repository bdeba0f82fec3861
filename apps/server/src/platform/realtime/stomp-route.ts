import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { AccessClaims } from '../auth/tokens';
import type { LiveContribution } from './contribution';
import { accessDeadline, liveAccessOf } from './live-access';
import { serveStomp, type StompAuth } from './stomp-endpoint';
import { StompLimits } from './stomp-frames';

/**
 * STOMP 1.2 over WebSocket at `/ws?token={access token}` (spec 02 section 7). A missing, bad or
 * revoked token is refused before the upgrade with 401. The socket belongs to the token's login
 * session and ends with it, or at the token's expiry unless a fresh token is sent to `/app/auth`.
 * Its destinations are the ones the modules contribute.
 */
export async function stompRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  isSessionActive: (claims: AccessClaims) => Promise<boolean>,
  contributions: readonly LiveContribution[],
) {
  const destinationSets = contributions.flatMap((source) => source.stomp?.(ctx) ?? []);
  app.addHook('onClose', async () => {
    for (const set of destinationSets) await set.stop?.();
  });
  const access = await liveAccessOf(ctx);
  await app.register(websocket, { options: { maxPayload: StompLimits.maxFrameBytes } });
  const claimsOf = new WeakMap<object, Omit<StompAuth, 'renew'>>();

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
          claimsOf.set(request, { ...claims, deadline: accessDeadline(token) });
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
      const claims = claimsOf.get(request);
      if (claims === undefined) {
        socket.close(1008, 'unauthorized');
        return;
      }
      const renew = async (token: string) => {
        const fresh = await ctx.tokens.verify(token).catch(() => null);
        if (!fresh || fresh.userId !== claims.userId || fresh.sessionId !== claims.sessionId) {
          return null;
        }
        return (await isSessionActive(fresh)) ? accessDeadline(token) : null;
      };
      serveStomp(ctx, socket, { ...claims, renew }, destinationSets, access);
    },
  );
}
