import { z } from 'zod';
import { envelope } from '@teamup/contracts/common';
import {
  addTeamMemberSchema,
  createTeamSchema,
  deleteTeamSchema,
  joinTeamSchema,
  leaveTeamResponseSchema,
  leaveTeamSchema,
  teamMemberParamsSchema,
  teamMemberSchema,
  teamParamsSchema,
  teamSchema,
  updateTeamSchema,
  workspaceTeamsParamsSchema,
} from '@teamup/contracts/teams';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as teams from './teams.service';

const security = [{ bearer: [] }];
const tags = ['teams'];

export async function teamsRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const secured = { onRequest: requireAuth };

  app.get(
    '/teams/workspace/:workspaceId',
    {
      ...secured,
      schema: {
        tags,
        security,
        params: workspaceTeamsParamsSchema,
        response: { 200: envelope(z.array(teamSchema)) },
      },
    },
    async (request) => ({
      data: await teams.listWorkspaceTeams(ctx, authOf(request).userId, request.params.workspaceId),
    }),
  );

  app.post(
    '/teams',
    {
      ...secured,
      schema: { tags, security, body: createTeamSchema, response: { 201: envelope(teamSchema) } },
    },
    async (request, reply) => {
      const team = await teams.createTeam(ctx, authOf(request).userId, request.body);
      return reply.code(201).send({ data: team, message: '팀이 생성되었습니다.' });
    },
  );

  app.get(
    '/teams/:id',
    {
      ...secured,
      schema: { tags, security, params: teamParamsSchema, response: { 200: envelope(teamSchema) } },
    },
    async (request) => ({
      data: await teams.getTeam(ctx, authOf(request).userId, request.params.id),
    }),
  );

  app.put(
    '/teams/:id',
    {
      ...secured,
      schema: {
        tags,
        security,
        params: teamParamsSchema,
        body: updateTeamSchema,
        response: { 200: envelope(teamSchema) },
      },
    },
    async (request) => ({
      data: await teams.updateTeam(ctx, authOf(request).userId, request.params.id, request.body),
      message: '팀 정보가 저장되었습니다.',
    }),
  );

  app.delete(
    '/teams/:id',
    { ...secured, schema: { tags, security, params: teamParamsSchema, body: deleteTeamSchema } },
    async (request, reply) => {
      await teams.deleteTeam(
        ctx,
        authOf(request).userId,
        request.params.id,
        request.body.confirmName,
      );
      return reply.code(204).send();
    },
  );

  app.post(
    '/teams/:id/join',
    {
      ...secured,
      schema: {
        tags,
        security,
        params: teamParamsSchema,
        body: joinTeamSchema.nullish(),
        response: { 200: envelope(teamSchema) },
      },
    },
    async (request) => ({
      data: await teams.joinTeam(
        ctx,
        authOf(request).userId,
        request.params.id,
        request.body?.password,
      ),
      message: '팀에 참여했습니다.',
    }),
  );

  app.post(
    '/teams/:id/leave',
    {
      ...secured,
      schema: {
        tags,
        security,
        params: teamParamsSchema,
        body: leaveTeamSchema,
        response: { 200: envelope(leaveTeamResponseSchema) },
      },
    },
    async (request) => ({
      data: await teams.leaveTeam(
        ctx,
        authOf(request).userId,
        request.params.id,
        request.body?.whenLast,
      ),
    }),
  );

  app.get(
    '/teams/:id/members',
    {
      ...secured,
      schema: {
        tags,
        security,
        params: teamParamsSchema,
        response: { 200: envelope(z.array(teamMemberSchema)) },
      },
    },
    async (request) => ({
      data: await teams.listTeamMembers(ctx, authOf(request).userId, request.params.id),
    }),
  );

  app.post(
    '/teams/:id/members',
    {
      ...secured,
      schema: {
        tags,
        security,
        params: teamParamsSchema,
        body: addTeamMemberSchema,
        response: { 200: envelope(teamMemberSchema) },
      },
    },
    async (request) => ({
      data: await teams.addTeamMember(
        ctx,
        authOf(request).userId,
        request.params.id,
        request.body.userId,
        request.body.password,
      ),
    }),
  );

  app.delete(
    '/teams/:id/members/:userId',
    { ...secured, schema: { tags, security, params: teamMemberParamsSchema } },
    async (request, reply) => {
      await teams.removeTeamMember(
        ctx,
        authOf(request).userId,
        request.params.id,
        request.params.userId,
      );
      return reply.code(204).send();
    },
  );
}
