import { tokenMay, verifyBearer } from '../auth/bearer';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { AccessClaims } from '../auth/tokens';
import { RequestBudget } from '../rate-limit/request-budget';
import type { LiveContribution } from './contribution';
import { linkDeadline } from './live-access';
import type { StompAuth, StompLogin } from './stomp-auth';
import { serveStomp } from './stomp-endpoint';
import { StompLimits } from './stomp-frames';

/**
 * STOMP 1.2 over WebSocket at `/ws` (spec 02 section 7). The access token comes in the CONNECT
 * frame (`Authorization: Bearer …` or `passcode`), which keeps it out of URLs and proxy logs; a
 * CONNECT without a good one is answered with an ERROR frame and a close. Old clients may still put
 * it in the URL, `/ws?token=`: a bad or revoked one there is refused before the upgrade with 401.
 * The socket belongs to the token's login
 * session and ends with it, or at the token's expiry unless a fresh token is sent to `/app/auth`.
 * Its destinations are the ones the modules contribute. Each SEND and SUBSCRIBE spends from the
 * account's request budget, the one its HTTP calls spend from (decision 0034).
 */
export async function stompRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  isSessionActive: (claims: AccessClaims) => Promise<boolean>,
  contributions: readonly LiveContribution[],
  budget: RequestBudget,
) {
  const destinationSets = contributions.flatMap((source) => source.stomp?.(ctx) ?? []);
  app.addHook('onClose', async () => {
    for (const set of destinationSets) await set.stop?.();
  });
  await app.register(websocket, { options: { maxPayload: StompLimits.maxFrameBytes } });
  /** The URL's token checked before the upgrade; null: none there, CONNECT must bring one. */
  const claimsOf = new WeakMap<object, Omit<StompAuth, 'renew'> | null>();
  /**
   * The claims of a token that may hold a STOMP connection: every browser session's, a personal
   * access token's with the chat scope; null otherwise.
   */
  const stompClaimsOf = async (token: string): Promise<AccessClaims | null> => {
    const claims = await verifyBearer(ctx, token).catch(() => null);
    return claims && tokenMay(claims, 'chat') ? claims : null;
  };
  const renewerOf =
    (claims: AccessClaims) =>
    async (token: string): Promise<number | null> => {
      const fresh = await stompClaimsOf(token);
      if (!fresh || fresh.userId !== claims.userId || fresh.sessionId !== claims.sessionId) {
        return null;
      }
      return (await isSessionActive(fresh)) ? linkDeadline(token, fresh, ctx.now()) : null;
    };
  const login: StompLogin = async (token) => {
    const claims = await stompClaimsOf(token);
    if (!claims || !(await isSessionActive(claims))) return null;
    return {
      ...claims,
      deadline: linkDeadline(token, claims, ctx.now()),
      renew: renewerOf(claims),
    };
  };

  app.get(
    '/ws',
    {
      websocket: true,
      preValidation: async (request, reply) => {
        const token = (request.query as { token?: unknown }).token;
        if (token === undefined) {
          claimsOf.set(request, null);
          return;
        }
        try {
          if (typeof token !== 'string' || token === '') throw new Error('no token');
          const claims = await stompClaimsOf(token);
          if (!claims || !(await isSessionActive(claims))) throw new Error('refused');
          claimsOf.set(request, { ...claims, deadline: linkDeadline(token, claims, ctx.now()) });
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
      const opened = claims === null ? null : { ...claims, renew: renewerOf(claims) };
      const spend = (userId: number) => budget.spend(RequestBudget.userSubject(userId));
      serveStomp(ctx, socket, opened, destinationSets, spend, login);
    },
  );
}
