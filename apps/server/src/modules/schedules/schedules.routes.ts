import { scheduleEndpoints as endpoints } from '@teamup/contracts/schedules';
import type { AppContext } from '../../context';
import { routesFor } from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as schedules from './schedules.service';
import { assertTeamContentAccess } from '../teams/team-access.service';

export async function schedulesRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'schedules');
  // The access step (decision 0036): the team's content, as every schedule operation checks.
  const teamContent = {
    access: ({ params, userId }: { params: { teamId: number }; userId: number }) =>
      assertTeamContentAccess(ctx, params.teamId, userId),
  };

  route(
    endpoints.list,
    ({ userId, params, query }) => schedules.listSchedules(ctx, userId, params.teamId, query),
    teamContent,
  );
  route(
    endpoints.range,
    ({ userId, params, query }) => schedules.listRange(ctx, userId, params.teamId, query),
    teamContent,
  );
  route(
    endpoints.create,
    ({ userId, params, body }) => schedules.createSchedule(ctx, userId, params.teamId, body),
    { message: '일정이 등록되었습니다.', ...teamContent },
  );
  route(
    endpoints.update,
    ({ userId, params, body }) =>
      schedules.updateSchedule(ctx, userId, params.teamId, params.id, body),
    teamContent,
  );
  route(endpoints.remove, ({ userId, params }) =>
    schedules.deleteSchedule(ctx, userId, params.teamId, params.id),
  );
}
