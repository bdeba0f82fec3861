import { formationEndpoints as endpoints } from '@teamup/contracts/formation';
import type { AppContext } from '../../context';
import { routesFor } from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as formation from './formation.service';
import { requireMembership } from '../workspaces/membership.service';

/** Team-formation sessions: dice, ladder, preference vote and manual (docs/api/formation.md). */
export async function formationRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'team formation');
  // Access steps (decision 0036): the workspace, or the session, the path names.
  const onSession = {
    access: ({ params, userId }: { params: { id: number }; userId: number }) =>
      formation.load(ctx, userId, params.id),
  };

  route(endpoints.list, ({ userId, params }) => formation.list(ctx, userId, params.workspaceId));
  route(
    endpoints.create,
    ({ userId, params, body }) => formation.create(ctx, userId, params.workspaceId, body),
    { access: ({ params, userId }) => requireMembership(ctx, params.workspaceId, userId) },
  );
  route(endpoints.get, ({ userId, params }) => formation.get(ctx, userId, params.id));
  route(
    endpoints.vote,
    ({ userId, params, body }) => formation.vote(ctx, userId, params.id, body.ranking),
    onSession,
  );
  route(endpoints.draw, ({ userId, params }) => formation.draw(ctx, userId, params.id));
  route(
    endpoints.manual,
    ({ userId, params, body }) => formation.setManual(ctx, userId, params.id, body.result),
    onSession,
  );
  route(endpoints.confirm, ({ userId, params }) => formation.confirm(ctx, userId, params.id));
}
