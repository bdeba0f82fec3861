import { FreeTimeMessages, freeTimeEndpoints as endpoints } from '@teamup/contracts/free-time';
import type { AppContext } from '../../context';
import { routesFor } from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';
import { assertTeamMember } from '../teams/team-access.service';
import * as freeTime from './free-time.service';

export async function freeTimeRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'free-time');

  route(endpoints.week, ({ userId, params }) =>
    freeTime.getWeek(ctx, userId, params.teamId, params.weekStart),
  );
  route(
    endpoints.saveMine,
    ({ userId, params, body }) =>
      freeTime.saveMyWeek(ctx, userId, params.teamId, params.weekStart, body),
    {
      message: FreeTimeMessages.saved,
      // The access step (decision 0036): the team's members, before the slots are read.
      access: ({ params, userId }) => assertTeamMember(ctx, params.teamId, userId),
    },
  );
}
