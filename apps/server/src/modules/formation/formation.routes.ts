import { z } from 'zod';
import { envelope } from '@teamup/contracts/common';
import {
  createFormationSchema,
  formationParamsSchema,
  formationSchema,
  manualSchema,
  voteSchema,
} from '@teamup/contracts/formation';
import { chatWorkspaceParamsSchema } from '@teamup/contracts/chat';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as formation from './formation.service';

const security = [{ bearer: [] }];
const tags = ['team formation'];

/** Team-formation sessions: dice, ladder, preference vote and manual (docs/api/formation.md). */
export async function formationRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const secured = { onRequest: requireAuth };
  const one = { 200: envelope(formationSchema) };

  app.get(
    '/workspaces/:workspaceId/formations',
    {
      ...secured,
      schema: {
        tags,
        security,
        params: chatWorkspaceParamsSchema,
        response: { 200: envelope(z.array(formationSchema)) },
      },
    },
    async (request) => ({
      data: await formation.list(ctx, authOf(request).userId, request.params.workspaceId),
    }),
  );

  app.post(
    '/workspaces/:workspaceId/formations',
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Start a session (owner or admin); the seed is committed by its hash',
        params: chatWorkspaceParamsSchema,
        body: createFormationSchema,
        response: { 201: envelope(formationSchema) },
      },
    },
    async (request, reply) => {
      const created = await formation.create(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.body,
      );
      return reply.code(201).send({ data: created });
    },
  );

  app.get(
    '/formations/:id',
    { ...secured, schema: { tags, security, params: formationParamsSchema, response: one } },
    async (request) => ({
      data: await formation.get(ctx, authOf(request).userId, request.params.id),
    }),
  );

  app.put(
    '/formations/:id/vote',
    {
      ...secured,
      schema: { tags, security, params: formationParamsSchema, body: voteSchema, response: one },
    },
    async (request) => ({
      data: await formation.vote(
        ctx,
        authOf(request).userId,
        request.params.id,
        request.body.ranking,
      ),
    }),
  );

  app.post(
    '/formations/:id/draw',
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Draw (dice, ladder) or close the vote; reveals the seed',
        params: formationParamsSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await formation.draw(ctx, authOf(request).userId, request.params.id),
    }),
  );

  app.put(
    '/formations/:id/manual',
    {
      ...secured,
      schema: { tags, security, params: formationParamsSchema, body: manualSchema, response: one },
    },
    async (request) => ({
      data: await formation.setManual(
        ctx,
        authOf(request).userId,
        request.params.id,
        request.body.result,
      ),
    }),
  );

  app.post(
    '/formations/:id/confirm',
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Make the teams, their members and group chats (once)',
        params: formationParamsSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await formation.confirm(ctx, authOf(request).userId, request.params.id),
    }),
  );
}
