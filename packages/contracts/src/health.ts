import { z } from 'zod';
import { endpoint } from './endpoint';

export const healthSchema = z.object({ status: z.literal('ok') });

/** What readiness found: every part answers (else 503 problem+json naming the ones down). */
export const readinessSchema = z.object({
  database: z.literal('ok'),
  redis: z.enum(['ok', 'not-configured']),
  /** The product's version (package.json) and the commit the running build was made from. */
  version: z.string(),
  commit: z.string(),
});
export type Readiness = z.infer<typeof readinessSchema>;

export const healthEndpoints = {
  /** Liveness: the process answers; looks at nothing else. */
  check: endpoint({
    method: 'GET',
    path: '/health',
    summary: 'Liveness: the server process answers (checks nothing else)',
    auth: 'public',
    response: healthSchema,
  }),
  ready: endpoint({
    method: 'GET',
    path: '/health/ready',
    summary:
      'Readiness: the database answers a query and Redis (when configured) a PING; 503 problem+json naming what is down',
    auth: 'public',
    response: readinessSchema,
    errors: { 503: ['SERVICE_UNAVAILABLE'] },
  }),
};
