import type { FastifyRequest } from 'fastify';

/** Where a request came from: its client address and the browser it names. */
export type RequestOrigin = { ip: string; userAgent?: string | undefined };

/** The origin of `request`, as the rate limits and the audit log keep it (300 characters). */
export function originOf(request: FastifyRequest): RequestOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 300) : undefined };
}
