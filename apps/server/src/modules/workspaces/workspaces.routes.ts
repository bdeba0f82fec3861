import { z } from 'zod';
import { envelope } from '@teamup/contracts/common';
import { Limits } from '@teamup/contracts/limits';
import {
  bannedUserSchema,
  changeMemberRoleSchema,
  createWorkspaceSchema,
  deleteWorkspaceSchema,
  iconUploadResponseSchema,
  inviteParamsSchema,
  invitePreviewSchema,
  publicInvitePreviewSchema,
  joinWorkspaceByIdSchema,
  joinWorkspaceSchema,
  setWorkspacePasswordSchema,
  updateWorkspaceSchema,
  workspaceMemberParamsSchema,
  workspaceMemberSchema,
  workspaceParamsSchema,
  workspaceSchema,
} from '@teamup/contracts/workspaces';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import { singleFileField } from '../../platform/http/multipart';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as workspaces from './workspaces.service';

const security = [{ bearer: [] }];
const tags = ['workspaces'];

export async function workspacesRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const secured = { onRequest: requireAuth };

  app.post(
    '/workspaces',
    {
      ...secured,
      schema: {
        tags,
        security,
        body: createWorkspaceSchema,
        response: { 201: envelope(workspaceSchema) },
      },
    },
    async (request, reply) => {
      const workspace = await workspaces.createWorkspace(ctx, authOf(request).userId, request.body);
      return reply.code(201).send({ data: workspace, message: '워크스페이스가 생성되었습니다.' });
    },
  );

  app.get(
    '/workspaces/my',
    {
      ...secured,
      schema: { tags, security, response: { 200: envelope(z.array(workspaceSchema)) } },
    },
    async (request) => ({ data: await workspaces.listMyWorkspaces(ctx, authOf(request).userId) }),
  );

  app.get(
    '/workspaces/invite/:code',
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: '초대 코드로 워크스페이스 미리보기',
        params: inviteParamsSchema,
        response: { 200: envelope(invitePreviewSchema) },
      },
    },
    async (request) => ({
      data: await workspaces.previewInvite(ctx, authOf(request).userId, request.params.code),
    }),
  );

  app.get(
    '/workspaces/invite/:code/public',
    {
      // Anonymous, like the sign-up calls: a tighter per-IP budget than the global one.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: '초대 링크 미리보기 (로그인 전): 워크스페이스 이름과 멤버 수만',
        params: inviteParamsSchema,
        response: { 200: envelope(publicInvitePreviewSchema) },
      },
    },
    async (request) => ({ data: await workspaces.previewInvitePublic(ctx, request.params.code) }),
  );

  app.post(
    '/workspaces/join',
    {
      ...secured,
      schema: {
        tags,
        security,
        body: joinWorkspaceSchema,
        response: { 200: envelope(workspaceSchema) },
      },
    },
    async (request) => ({
      data: await workspaces.joinByInvite(ctx, authOf(request).userId, request.body),
      message: '워크스페이스에 참여했습니다.',
    }),
  );

  app.post(
    '/workspaces/:id/join',
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: '워크스페이스 ID로 참여 (비밀번호가 설정된 워크스페이스만)',
        params: workspaceParamsSchema,
        body: joinWorkspaceByIdSchema,
        response: { 200: envelope(workspaceSchema) },
      },
    },
    async (request) => ({
      data: await workspaces.joinById(
        ctx,
        authOf(request).userId,
        request.params.id,
        request.body.password,
      ),
      message: '워크스페이스에 참여했습니다.',
    }),
  );

  app.get(
    '/workspaces/:id',
    {
      ...secured,
      schema: {
        tags,
        security,
        params: workspaceParamsSchema,
        response: { 200: envelope(workspaceSchema) },
      },
    },
    async (request) => ({
      data: await workspaces.getWorkspace(ctx, authOf(request).userId, request.params.id),
    }),
  );

  app.put(
    '/workspaces/:id',
    {
      ...secured,
      schema: {
        tags,
        security,
        params: workspaceParamsSchema,
        body: updateWorkspaceSchema,
        response: { 200: envelope(workspaceSchema) },
      },
    },
    async (request) => ({
      data: await workspaces.updateWorkspace(
        ctx,
        authOf(request).userId,
        request.params.id,
        request.body,
      ),
      message: '워크스페이스 설정이 저장되었습니다.',
    }),
  );

  app.put(
    '/workspaces/:id/password',
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: '워크스페이스 비밀번호 설정 또는 해제 (소유자)',
        params: workspaceParamsSchema,
        body: setWorkspacePasswordSchema,
        response: { 200: envelope(workspaceSchema) },
      },
    },
    async (request) => {
      const password = request.body.password || null;
      return {
        data: await workspaces.setPassword(
          ctx,
          authOf(request).userId,
          request.params.id,
          password,
        ),
        message: password ? '비밀번호가 설정되었습니다.' : '비밀번호가 해제되었습니다.',
      };
    },
  );

  app.post(
    '/workspaces/:id/icon',
    {
      ...secured,
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        params: workspaceParamsSchema,
        response: { 200: envelope(iconUploadResponseSchema) },
      },
    },
    async (request) => {
      const file = await singleFileField(request, Limits.iconUploadMaxBytes);
      const iconUrl = await workspaces.setIcon(
        ctx,
        authOf(request).userId,
        request.params.id,
        file.stream,
      );
      return { data: { iconUrl } };
    },
  );

  app.delete(
    '/workspaces/:id',
    {
      ...secured,
      schema: { tags, security, params: workspaceParamsSchema, body: deleteWorkspaceSchema },
    },
    async (request, reply) => {
      await workspaces.deleteWorkspace(
        ctx,
        authOf(request).userId,
        request.params.id,
        request.body.confirmName,
      );
      return reply.code(204).send();
    },
  );

  app.post(
    '/workspaces/:id/leave',
    {
      ...secured,
      schema: { tags, security, summary: '워크스페이스 나가기', params: workspaceParamsSchema },
    },
    async (request, reply) => {
      await workspaces.leaveWorkspace(ctx, authOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/workspaces/:id/members',
    {
      ...secured,
      schema: {
        tags,
        security,
        params: workspaceParamsSchema,
        response: { 200: envelope(z.array(workspaceMemberSchema)) },
      },
    },
    async (request) => ({
      data: await workspaces.listMembers(ctx, authOf(request).userId, request.params.id),
    }),
  );

  app.put(
    '/workspaces/:id/members/:userId/role',
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: '멤버 역할 변경 (소유자)',
        params: workspaceMemberParamsSchema,
        body: changeMemberRoleSchema,
        response: { 200: envelope(workspaceMemberSchema) },
      },
    },
    async (request) => ({
      data: await workspaces.changeRole(
        ctx,
        authOf(request).userId,
        request.params.id,
        request.params.userId,
        request.body.role,
      ),
    }),
  );

  app.delete(
    '/workspaces/:id/members/:userId',
    {
      ...secured,
      schema: { tags, security, summary: '멤버 내보내기', params: workspaceMemberParamsSchema },
    },
    async (request, reply) => {
      await workspaces.kickMember(
        ctx,
        authOf(request).userId,
        request.params.id,
        request.params.userId,
      );
      return reply.code(204).send();
    },
  );

  app.post(
    '/workspaces/:id/members/:userId/ban',
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: '멤버 차단',
        params: workspaceMemberParamsSchema,
        response: { 200: envelope(z.literal(true)) },
      },
    },
    async (request) => {
      await workspaces.banMember(
        ctx,
        authOf(request).userId,
        request.params.id,
        request.params.userId,
      );
      return { data: true as const, message: '사용자를 차단했습니다.' };
    },
  );

  app.delete(
    '/workspaces/:id/members/:userId/ban',
    {
      ...secured,
      schema: { tags, security, summary: '차단 해제', params: workspaceMemberParamsSchema },
    },
    async (request, reply) => {
      await workspaces.unbanMember(
        ctx,
        authOf(request).userId,
        request.params.id,
        request.params.userId,
      );
      return reply.code(204).send();
    },
  );

  app.get(
    '/workspaces/:id/blacklist',
    {
      ...secured,
      schema: {
        tags,
        security,
        params: workspaceParamsSchema,
        response: { 200: envelope(z.array(bannedUserSchema)) },
      },
    },
    async (request) => ({
      data: await workspaces.listBlacklist(ctx, authOf(request).userId, request.params.id),
    }),
  );
}
