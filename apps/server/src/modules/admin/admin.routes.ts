import { adminEndpoints as endpoints } from '@teamup/contracts/admin';
import type { AppContext } from '../../context';
import { bodyOf, routesFor } from '../../platform/http/define-route';
import { originOf } from '../../platform/http/request-origin';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as admin from './admin.service';

/** The instance admin's page (decision 0050): every call is an instance admin's only. */
export async function adminRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'admin');
  // Asked before the input is read: anyone else gets 403, whatever they sent.
  const access = ({ userId }: { userId: number }) => admin.requireInstanceAdmin(ctx, userId);

  route(endpoints.settings, () => admin.settings(ctx), { access });
  route(
    endpoints.updateSettings,
    ({ userId, body, request }) => admin.updateSettings(ctx, userId, body, originOf(request)),
    {
      access,
      message: '가입 정책이 저장되었습니다.',
    },
  );
  route(endpoints.stats, () => admin.stats(ctx), { access });
  route(endpoints.users, ({ query }) => admin.people(ctx, query), { access });
  route(
    endpoints.deactivate,
    ({ userId, params, request }) => admin.deactivate(ctx, userId, params.id, originOf(request)),
    {
      access,
      message: '계정을 비활성화했습니다.',
    },
  );
  route(
    endpoints.reactivate,
    ({ userId, params, request }) => admin.reactivate(ctx, userId, params.id, originOf(request)),
    {
      access,
      message: '계정을 다시 활성화했습니다.',
    },
  );
  route(
    endpoints.setRole,
    ({ userId, params, body, request }) =>
      admin.setRole(ctx, userId, params.id, body.role, originOf(request)),
    { access },
  );
  route(endpoints.invitations, () => admin.invitations(ctx), { access });
  route(
    endpoints.invite,
    ({ userId, body, request }) => admin.invite(ctx, userId, body.emails, originOf(request)),
    {
      access,
      message: '초대했습니다.',
    },
  );
  route(
    endpoints.withdrawInvitation,
    ({ userId, params, request }) =>
      admin.withdrawInvitation(ctx, userId, params.id, originOf(request)),
    { access },
  );
  route(endpoints.audit, ({ query }) => admin.auditPage(ctx, query), { access });
  route(
    endpoints.auditExport,
    async ({ userId, query, reply, request }) => {
      const lines = await admin.auditExport(ctx, userId, query, originOf(request));
      const day = ctx.now().toISOString().slice(0, 10).replaceAll('-', '');
      return reply
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.jsonl"`)
        .header('cache-control', 'no-store')
        .send(lines);
    },
    {
      access,
      answers: {
        200: bodyOf('The entries, one JSON AuditEvent a line', 'application/x-ndjson', {
          type: 'string',
        }),
      },
    },
  );
}
