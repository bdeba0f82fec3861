import { healthEndpoints as endpoints } from '@teamup/contracts/health';
import { routesFor } from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';

/** Answers once the app is built, which means the database is open and migrated. */
export async function healthRoutes(app: TypedApp, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'health');

  route(endpoints.check, async () => ({ status: 'ok' as const }), {
    config: { rateLimit: false },
  });
}
