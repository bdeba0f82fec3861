import {
  EvaluationMessages as M,
  evaluationEndpoints as endpoints,
} from '@teamup/contracts/evaluation';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import { bodyOf, documentedSchema, routesFor } from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';
import { requireClassRunner } from '../workspaces/class-access.service';
import * as evaluation from './evaluation.service';
import { sendCsv } from '../../platform/http/csv';

export async function evaluationRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'evaluation');

  route(endpoints.list, ({ userId, params }) =>
    evaluation.listRounds(ctx, userId, params.workspaceId),
  );
  route(
    endpoints.create,
    ({ userId, params, body }) => evaluation.createRound(ctx, userId, params.workspaceId, body),
    {
      message: M.created,
      access: ({ params, userId }) => requireClassRunner(ctx, params.workspaceId, userId),
    },
  );
  route(endpoints.detail, ({ userId, params }) => evaluation.getRound(ctx, userId, params.roundId));
  route(
    endpoints.update,
    ({ userId, params, body }) => evaluation.updateRound(ctx, userId, params.roundId, body),
    {
      message: M.updated,
      access: ({ params, userId }) => evaluation.roundForRunner(ctx, params.roundId, userId),
    },
  );
  route(endpoints.remove, ({ userId, params }) =>
    evaluation.deleteRound(ctx, userId, params.roundId),
  );
  route(
    endpoints.saveResponses,
    ({ userId, params, body }) =>
      evaluation.saveResponses(ctx, userId, params.roundId, params.teamId, body),
    {
      message: M.saved,
      // Only a student of that team, before the answers are read (decision 0036).
      access: ({ params, userId }) =>
        evaluation.studentOfTeam(ctx, params.roundId, params.teamId, userId),
    },
  );
  route(endpoints.results, ({ userId, params }) =>
    evaluation.getResults(ctx, userId, params.roundId),
  );
  route(
    endpoints.release,
    ({ userId, params }) => evaluation.releaseRound(ctx, userId, params.roundId),
    { message: M.released },
  );
  route(endpoints.feedback, ({ userId, params }) =>
    evaluation.getFeedback(ctx, userId, params.roundId),
  );

  app.route({
    method: endpoints.resultsCsv.method,
    url: endpoints.resultsCsv.path,
    onRequest: requireAuth,
    schema: {
      ...documentedSchema(endpoints.resultsCsv, 'evaluation', {
        answers: {
          200: bodyOf('The results (CSV, UTF-8 with BOM)', 'text/csv', { type: 'string' }),
        },
      }),
      params: endpoints.resultsCsv.params,
    },
    handler: async (request, reply) => {
      const { csv, roundId } = await evaluation.getResultsCsv(
        ctx,
        authOf(request).userId,
        request.params.roundId,
      );
      return sendCsv(reply, {
        body: csv,
        disposition: `attachment; filename="evaluation-${roundId}.csv"`,
      });
    },
  });
}
