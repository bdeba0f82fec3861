import { contributionEndpoints as endpoints } from '@teamup/contracts/contribution';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import {
  accessStepOf,
  bodyOf,
  documentedSchema,
  routesFor,
} from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';
import { requireClassOverseer } from '../workspaces/class-access.service';
import * as contribution from './contribution.service';
import { sendCsv } from '../../platform/http/csv';

const csvAnswer = bodyOf(
  'CSV (RFC 4180), UTF-8 with a byte order mark, a Korean header row, one row per member',
  'text/csv',
  { type: 'string' },
);

export async function contributionRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'contribution');
  // The access step (decision 0036): the team's members, or the class's instructors and TAs.
  const teamAccess = ({ params, userId }: { params: { teamId: number }; userId: number }) =>
    contribution.assertMayRead(ctx, userId, params.teamId);

  route(
    endpoints.team,
    ({ userId, params, query }) => contribution.teamContribution(ctx, userId, params.teamId, query),
    { access: teamAccess },
  );
  route(
    endpoints.items,
    ({ userId, params, query }) =>
      contribution.contributionItems(ctx, userId, params.teamId, query),
    { access: teamAccess },
  );

  // Raw: the answer is a file, not the JSON envelope.
  app.route({
    method: endpoints.teamCsv.method,
    url: endpoints.teamCsv.path,
    onRequest: requireAuth,
    ...accessStepOf(endpoints.teamCsv, teamAccess),
    schema: {
      ...documentedSchema(endpoints.teamCsv, 'contribution', { answers: { 200: csvAnswer } }),
      params: endpoints.teamCsv.params,
      querystring: endpoints.teamCsv.query,
    },
    handler: async (request, reply) => {
      const file = await contribution.teamCsv(
        ctx,
        authOf(request).userId,
        request.params.teamId,
        request.query,
      );
      return sendCsv(reply, file);
    },
  });

  app.route({
    method: endpoints.classCsv.method,
    url: endpoints.classCsv.path,
    onRequest: requireAuth,
    ...accessStepOf(endpoints.classCsv, ({ params, userId }) =>
      requireClassOverseer(ctx, params.workspaceId, userId),
    ),
    schema: {
      ...documentedSchema(endpoints.classCsv, 'contribution', { answers: { 200: csvAnswer } }),
      params: endpoints.classCsv.params,
      querystring: endpoints.classCsv.query,
    },
    handler: async (request, reply) => {
      const file = await contribution.classCsv(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.query,
      );
      return sendCsv(reply, file);
    },
  });
}
