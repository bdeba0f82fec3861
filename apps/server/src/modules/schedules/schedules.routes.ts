import { scheduleEndpoints as endpoints } from '@teamup/contracts/schedules';
import type { AppContext } from '../../context';
import { routesFor } from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as schedules from './schedules.service';

export async function schedulesRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'schedules');

  route(endpoints.list, ({ userId, params, query }) =>
    schedules.listSchedules(ctx, userId, params.teamId, query),
  );
  route(endpoints.range, ({ userId, params, query }) =>
    schedules.listRange(ctx, userId, params.teamId, query),
  );
  route(
    endpoints.create,
    ({ userId, params, body }) => schedules.createSchedule(ctx, userId, params.teamId, body),
    { message: '일정이 등록되었습니다.' },
  );
  route(endpoints.update, ({ userId, params, body }) =>
    schedules.updateSchedule(ctx, userId, params.teamId, params.id, body),
  );
  route(endpoints.remove, ({ userId, params }) =>
    schedules.deleteSchedule(ctx, userId, params.teamId, params.id),
  );
}
