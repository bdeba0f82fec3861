import { scheduleEndpoints as endpoints } from '@teamup/contracts/schedules';
import type { AppContext } from '../../context';
import { routesFor } from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as schedules from './schedules.service';
import * as series from './schedules.series.service';
import {
  assertTeamContentAccess,
  reading,
  writing,
  type TeamContentUse,
} from '../teams/team-access.service';

export async function schedulesRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'schedules');
  // The access step (decision 0036): the team's content, as every schedule operation checks.
  const teamContent = (use: TeamContentUse) => ({
    access: ({ params, userId }: { params: { teamId: number }; userId: number }) =>
      assertTeamContentAccess(ctx, params.teamId, userId, use),
  });
  const readEvents = teamContent(reading('SCHEDULES'));
  const writeEvents = teamContent(writing('SCHEDULES'));

  route(
    endpoints.list,
    ({ userId, params, query }) => schedules.listSchedules(ctx, userId, params.teamId, query),
    readEvents,
  );
  route(
    endpoints.range,
    ({ userId, params, query }) => schedules.listRange(ctx, userId, params.teamId, query),
    readEvents,
  );
  route(
    endpoints.create,
    ({ userId, params, body }) => schedules.createSchedule(ctx, userId, params.teamId, body),
    { message: '일정이 등록되었습니다.', ...writeEvents },
  );
  route(
    endpoints.update,
    ({ userId, params, query, body }) =>
      series.updateInScope(ctx, userId, params.teamId, params.id, query, body),
    writeEvents,
  );
  route(
    endpoints.remove,
    ({ userId, params, query }) =>
      series.deleteInScope(ctx, userId, params.teamId, params.id, query),
    writeEvents,
  );
}
