import { Limits } from '@teamup/contracts/limits';
import { workspaceEndpoints as endpoints } from '@teamup/contracts/workspaces';
import type { AppContext } from '../../context';
import { routesFor } from '../../platform/http/define-route';
import { singleFileField } from '../../platform/http/multipart';
import { originOf } from '../../platform/http/request-origin';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as invites from './invites.service';
import * as removal from './member-removal.service';
import * as membership from './membership.service';
import * as workspaces from './workspaces.service';

const tag = 'workspaces';

export async function workspacesRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, tag);
  // The access step of the routes that read input (decision 0036): each is the owner's, so the
  // whole rule is decided on the path before the input is read.
  const owner = {
    access: ({ params, userId }: { params: { id: number }; userId: number }) =>
      membership.requireOwner(ctx, params.id, userId),
  };

  route(endpoints.create, ({ userId, body }) => workspaces.createWorkspace(ctx, userId, body), {
    message: '워크스페이스가 생성되었습니다.',
  });
  route(endpoints.my, ({ userId }) => workspaces.listMyWorkspaces(ctx, userId));
  route(endpoints.invitePreview, ({ userId, params }) =>
    invites.previewInvite(ctx, userId, params.code),
  );
  route(
    endpoints.publicInvitePreview,
    ({ params }) => invites.previewInvitePublic(ctx, params.code),
    // Anonymous, like the sign-up calls: a tighter per-IP budget than the global one.
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
  );
  route(endpoints.join, ({ userId, body }) => invites.joinByInvite(ctx, userId, body), {
    message: '워크스페이스에 참여했습니다.',
  });
  route(
    endpoints.joinById,
    ({ userId, params, body }) => invites.joinById(ctx, userId, params.id, body.password),
    {
      message: '워크스페이스에 참여했습니다.',
      access: { open: 'joining is for those not yet in it: the service checks bans and password' },
    },
  );
  route(endpoints.get, ({ userId, params }) => workspaces.getWorkspace(ctx, userId, params.id));
  route(
    endpoints.update,
    ({ userId, params, body }) => workspaces.updateWorkspace(ctx, userId, params.id, body),
    { message: '워크스페이스 설정이 저장되었습니다.', ...owner },
  );
  route(
    endpoints.setPassword,
    ({ userId, params, body }) =>
      workspaces.setPassword(ctx, userId, params.id, body.password || null),
    {
      // The success message depends on the input: a password set or removed.
      message: ({ body }) =>
        body.password ? '비밀번호가 설정되었습니다.' : '비밀번호가 해제되었습니다.',
      ...owner,
    },
  );

  route(
    endpoints.uploadIcon,
    async ({ userId, params, request }) => {
      const file = await singleFileField(request, Limits.iconUploadMaxBytes);
      return { iconUrl: await workspaces.setIcon(ctx, userId, params.id, file.stream) };
    },
    { consumes: ['multipart/form-data'], ...owner },
  );
  route(
    endpoints.remove,
    ({ userId, params, body, request }) =>
      workspaces.deleteWorkspace(ctx, userId, params.id, body.confirmName, originOf(request)),
    owner,
  );
  route(endpoints.leave, ({ userId, params }) => removal.leaveWorkspace(ctx, userId, params.id));
  route(endpoints.members, ({ userId, params }) => membership.listMembers(ctx, userId, params.id));
  route(
    endpoints.changeRole,
    ({ userId, params, body, request }) =>
      membership.changeRole(ctx, userId, params.id, params.userId, body.role, originOf(request)),
    // The owner, or in a class an instructor naming TAs: the service's policy tells which.
    {
      access: ({ params, userId }: { params: { id: number }; userId: number }) =>
        membership.requireRoleChanger(ctx, params.id, userId),
    },
  );
  route(endpoints.kick, ({ userId, params, request }) =>
    removal.kickMember(ctx, userId, params.id, params.userId, originOf(request)),
  );
  route(
    endpoints.ban,
    async ({ userId, params, request }) => {
      await removal.banMember(ctx, userId, params.id, params.userId, originOf(request));
      return true as const;
    },
    { message: '사용자를 차단했습니다.' },
  );
  route(endpoints.unban, ({ userId, params, request }) =>
    removal.unbanMember(ctx, userId, params.id, params.userId, originOf(request)),
  );
  route(endpoints.blacklist, ({ userId, params }) => removal.listBlacklist(ctx, userId, params.id));
}
