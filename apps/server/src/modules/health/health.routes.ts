import { healthEndpoints as endpoints } from '@teamup/contracts/health';
import type { AppContext } from '../../context';
import { routesFor } from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';
import { readiness } from './health.service';

/**
 * Liveness answers once the app is built and looks at nothing else (a restart would not help a
 * database outage); readiness asks the database and Redis (load balancers, orchestrators).
 */
export async function healthRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'health');

  route(endpoints.check, async () => ({ status: 'ok' as const }), {
    config: { rateLimit: false },
  });
  route(endpoints.ready, async () => readiness(ctx), { config: { rateLimit: false } });
}
