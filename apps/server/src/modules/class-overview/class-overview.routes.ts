import {
  ClassOverviewMessages,
  classOverviewEndpoints as endpoints,
} from '@teamup/contracts/class-overview';
import type { AppContext } from '../../context';
import { routesFor } from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';
import { requireClassOverseer } from '../workspaces/class-access.service';
import * as overview from './class-overview.service';

export async function classOverviewRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'class-overview');

  route(endpoints.overview, ({ userId, params }) =>
    overview.getOverview(ctx, userId, params.workspaceId),
  );
  route(
    endpoints.sendNudge,
    ({ userId, params, body }) => overview.sendNudge(ctx, userId, params.workspaceId, body),
    {
      message: ClassOverviewMessages.sent,
      // The access step (decision 0036): the class's instructors and TAs, before the body is read.
      access: ({ params, userId }) => requireClassOverseer(ctx, params.workspaceId, userId),
    },
  );
  route(endpoints.teamNudges, ({ userId, params }) =>
    overview.listTeamNudges(ctx, userId, params.teamId),
  );
}
