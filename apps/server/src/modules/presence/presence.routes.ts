import { presenceEndpoints as endpoints } from '@teamup/contracts/presence';
import type { AppContext } from '../../context';
import { routesFor } from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';
import { reportPresence, workspacePresence } from './presence.service';

export async function presenceRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'presence');
  route(endpoints.workspace, ({ userId, params }) =>
    workspacePresence(ctx, userId, params.workspaceId),
  );
  route(endpoints.report, ({ userId, body }) => reportPresence(ctx, userId, body.status));
}
