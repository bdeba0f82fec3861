import { announcementEndpoints as endpoints } from '@teamup/contracts/board';
import type { AppContext } from '../../context';
import { routesFor } from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as board from './announcements.service';
import { requireMembership } from '../workspaces/membership.service';

export async function announcementRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'announcements');
  // The access step (decision 0036): the caller is in the workspace the path names.
  const member = {
    access: ({ params, userId }: { params: { workspaceId: number }; userId: number }) =>
      requireMembership(ctx, params.workspaceId, userId),
  };

  route(
    endpoints.list,
    ({ userId, params, query }) => board.listAnnouncements(ctx, userId, params.workspaceId, query),
    member,
  );
  route(
    endpoints.create,
    ({ userId, params, body }) => board.createAnnouncement(ctx, userId, params.workspaceId, body),
    { message: '공지사항이 등록되었습니다.', ...member },
  );
  route(
    endpoints.update,
    ({ userId, params, body }) =>
      board.updateAnnouncement(ctx, userId, params.workspaceId, params.id, body),
    member,
  );
  route(endpoints.remove, ({ userId, params }) =>
    board.deleteAnnouncement(ctx, userId, params.workspaceId, params.id),
  );
}
