import type { FastifyInstance } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { sendProblem } from './problem';

const METHODS: HTTPMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Fastify answers 404 for a known path with the wrong method; the contract wants 405 with an
 * Allow header, so every route is mirrored into a second router used only to tell the two apart.
 */
export function registerNotFoundHandler(app: FastifyInstance) {
  const mirror = FindMyWay();
  app.addHook('onRoute', (route) => {
    // The web app's catch-all (`/*`, platform/http/serve-web) would make every unknown path a
    // "wrong method" on POST; a path it has no file for is simply not found.
    if (route.url.endsWith('*')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (METHODS.includes(method as HTTPMethod)) {
        mirror.on(method as HTTPMethod, route.url, () => undefined);
      }
    }
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const allowed = METHODS.filter((method) => mirror.find(method, url));
    if (allowed.length > 0) {
      void reply.header('Allow', allowed.join(', '));
      return sendProblem(
        reply,
        405,
        ErrorCode.METHOD_NOT_ALLOWED,
        '허용되지 않은 요청 방식입니다.',
      );
    }
    return sendProblem(reply, 404, ErrorCode.NOT_FOUND, '요청한 주소를 찾을 수 없습니다.');
  });
}
