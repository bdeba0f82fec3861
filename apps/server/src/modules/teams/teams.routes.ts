import { classEndpoints } from '@teamup/contracts/class';
import { teamEndpoints as endpoints } from '@teamup/contracts/teams';
import { listTeamReads } from './team-reads.service';
import type { AppContext } from '../../context';
import { routesFor } from '../../platform/http/define-route';
import { originOf } from '../../platform/http/request-origin';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as access from './team-access.service';
import * as members from './team-members.service';
import * as teams from './teams.service';

export async function teamsRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'teams');
  // The access steps of the routes that read input (decision 0036): editing and deleting are
  // decided on the path alone, so their whole rule runs first; for the others, the team exists
  // and the caller is in its workspace (being in the team, or whom they add, the operation checks).
  const reach = {
    access: ({ params, userId }: { params: { id: number }; userId: number }) =>
      access.assertTeamInWorkspace(ctx, params.id, userId),
  };

  // Class mode (issue 45): who of the staff read the team; the team's members and the staff.
  const readLogReader = {
    access: ({ params, userId }: { params: { teamId: number }; userId: number }) =>
      access.assertTeamOverseeable(ctx, params.teamId, userId, null),
  };
  route(
    classEndpoints.teamReadLog,
    ({ userId, params, query }) => listTeamReads(ctx, userId, params.teamId, query),
    readLogReader,
  );

  route(endpoints.workspaceTeams, ({ userId, params }) =>
    teams.listWorkspaceTeams(ctx, userId, params.workspaceId),
  );
  route(endpoints.create, ({ userId, body }) => teams.createTeam(ctx, userId, body), {
    message: '팀이 생성되었습니다.',
  });
  route(endpoints.get, ({ userId, params }) => teams.getTeam(ctx, userId, params.id));
  route(
    endpoints.update,
    ({ userId, params, body }) => teams.updateTeam(ctx, userId, params.id, body),
    {
      message: '팀 정보가 저장되었습니다.',
      access: ({ params, userId }) => access.managedTeam(ctx, params.id, userId),
    },
  );
  route(
    endpoints.remove,
    ({ userId, params, body, request }) =>
      teams.deleteTeam(ctx, userId, params.id, body.confirmName, originOf(request)),
    { access: ({ params, userId }) => access.deletableTeam(ctx, params.id, userId) },
  );
  route(
    endpoints.join,
    ({ userId, params, body }) => members.joinTeam(ctx, userId, params.id, body?.password),
    { message: '팀에 참여했습니다.', ...reach },
  );
  route(
    endpoints.leave,
    ({ userId, params, body }) => members.leaveTeam(ctx, userId, params.id, body?.whenLast),
    reach,
  );
  route(endpoints.members, ({ userId, params }) => members.listTeamMembers(ctx, userId, params.id));
  route(
    endpoints.addMember,
    ({ userId, params, body }) =>
      members.addTeamMember(ctx, userId, params.id, body.userId, body.password),
    reach,
  );
  route(endpoints.removeMember, ({ userId, params }) =>
    members.removeTeamMember(ctx, userId, params.id, params.userId),
  );
}
