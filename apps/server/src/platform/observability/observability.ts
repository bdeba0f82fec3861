import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { AppContext } from '../../context';
import { bearerOf } from '../auth/guard';
import { notFound, unauthorized } from '../errors/app-error';
import { logRequest, routeOf } from './access-log';
import { createAppMetrics } from './metrics';
import { REQUEST_ID_HEADER } from './request-id';

const accounted = Symbol('observability.accounted');
type Accounted = { [accounted]?: boolean };

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The access log, `X-Request-Id` and `/metrics` (docs/operations.md, "Observability"). Every
 * request gets one log line and one count when it is answered; a stream (SSE, the STOMP socket)
 * when it ends. `/metrics` is served only when METRICS_TOKEN is set, to callers that bring it
 * as a bearer token.
 */
export async function registerObservability(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'config' | 'database'>,
) {
  const metrics = createAppMetrics(ctx.database);

  const account = (request: FastifyRequest, status: number, ms: number) => {
    const state = request as Accounted;
    if (state[accounted]) return;
    state[accounted] = true;
    logRequest(request, status, ms);
    metrics.observe(request.method, routeOf(request), status, ms / 1000);
  };

  app.addHook('onRequest', async (request, reply) => {
    // On the raw response, so streams written past Fastify (SSE) carry it too.
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    const started = performance.now();
    // A hijacked reply (the SSE stream, the WebSocket upgrade) never reaches onResponse: it is
    // accounted for when its response or socket closes.
    const settle = () => {
      reply.raw.off('close', settle);
      reply.raw.off('finish', settle);
      request.raw.socket?.off('close', settle);
      // After onResponse, which accounts for every reply that went through Fastify.
      setImmediate(() => account(request, reply.raw.statusCode, performance.now() - started));
    };
    reply.raw.once('close', settle);
    reply.raw.once('finish', settle);
    request.raw.socket?.once('close', settle);
  });
  app.addHook('onResponse', async (request, reply) => {
    account(request, reply.statusCode, reply.elapsedTime);
  });

  app.get(
    '/metrics',
    { schema: { hide: true }, config: { rateLimit: false } },
    async (request, reply) => {
      const expected = ctx.config.metricsToken;
      if (!expected) throw notFound();
      const given = bearerOf(request);
      if (!given || !sameSecret(given, expected)) {
        void reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw unauthorized(ErrorCode.AUTH_REQUIRED, '지표를 보려면 METRICS_TOKEN이 필요합니다.');
      }
      const text = await metrics.text();
      return reply.type(metrics.contentType).send(text);
    },
  );
}
