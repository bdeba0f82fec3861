import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * Helmet's security headers on every answer, as `@fastify/helmet` sends them, at a fraction of
 * its cost: the plugin builds a new helmet middleware (parsing the CSP directives again) on every
 * request, about a tenth of the CPU of a bare route (CPU profile of GET /api/health, issue 18).
 * The headers depend only on the options (no nonces here), so they are worked out once, by the
 * plugin itself on a throwaway instance, and set on each request's raw response in `onRequest`,
 * where the plugin set them (streams written past Fastify, such as SSE, carry them too). A route
 * that sends its own header of the same name (a stricter CSP on a served file) still wins.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions,
): Promise<void> {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}

/** The headers helmet adds to an answer with these options, by name. */
async function helmetHeaders(
  options: FastifyHelmetOptions,
): Promise<ReadonlyArray<[string, string]>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify({ logger: false });
    try {
      if (withHelmet) await probe.register(helmet, options);
      probe.get('/', (_request, reply) => reply.send(''));
      return (await probe.inject({ method: 'GET', url: '/' })).headers;
    } finally {
      await probe.close();
    }
  };
  const bare = await answer(false);
  const helmeted = await answer(true);
  return Object.entries(helmeted).flatMap(([name, value]): Array<[string, string]> =>
    name in bare || value === undefined
      ? []
      : [[name, Array.isArray(value) ? value.join(', ') : String(value)]],
  );
}
