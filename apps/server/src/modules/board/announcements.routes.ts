import {
  announcementListQuerySchema,
  announcementPageSchema,
  announcementParamsSchema,
  announcementSchema,
  createAnnouncementSchema,
  updateAnnouncementSchema,
  workspaceParamsSchema,
} from '@teamup/contracts/board';
import { envelope } from '@teamup/contracts/common';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as board from './announcements.service';

const security = [{ bearer: [] }];

export async function announcementRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const secured = { onRequest: requireAuth };

  // --- announcements -------------------------------------------------------------------------
  const announcementTags = ['announcements'];

  app.get(
    '/workspaces/:workspaceId/announcement',
    {
      ...secured,
      schema: {
        tags: announcementTags,
        security,
        summary: 'A team’s announcements, newest first (size 5 by default)',
        params: workspaceParamsSchema,
        querystring: announcementListQuerySchema,
        response: { 200: envelope(announcementPageSchema) },
      },
    },
    async (request) => ({
      data: await board.listAnnouncements(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.query,
      ),
    }),
  );

  app.post(
    '/workspaces/:workspaceId/announcement',
    {
      ...secured,
      schema: {
        tags: announcementTags,
        security,
        params: workspaceParamsSchema,
        body: createAnnouncementSchema,
        response: { 201: envelope(announcementSchema) },
      },
    },
    async (request, reply) => {
      const created = await board.createAnnouncement(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.body,
      );
      return reply.code(201).send({ data: created, message: '공지사항이 등록되었습니다.' });
    },
  );

  app.patch(
    '/workspaces/:workspaceId/announcement/:id',
    {
      ...secured,
      schema: {
        tags: announcementTags,
        security,
        summary: 'Edit an announcement (author only)',
        params: announcementParamsSchema,
        body: updateAnnouncementSchema,
        response: { 200: envelope(announcementSchema) },
      },
    },
    async (request) => ({
      data: await board.updateAnnouncement(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/workspaces/:workspaceId/announcement/:id',
    {
      ...secured,
      schema: {
        tags: announcementTags,
        security,
        summary: 'Delete an announcement (author only)',
        params: announcementParamsSchema,
      },
    },
    async (request, reply) => {
      await board.deleteAnnouncement(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.params.id,
      );
      return reply.code(204).send();
    },
  );
}
