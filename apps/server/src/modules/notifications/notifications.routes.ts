import {
  notificationListQuerySchema,
  notificationPageSchema,
  notificationParamsSchema,
  notificationPreferencesSchema,
  unreadCountSchema,
  updatePreferencesSchema,
} from '@teamup/contracts/notifications';
import { envelope } from '@teamup/contracts/common';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as notifications from './notifications.service';

const security = [{ bearer: [] }];
const tags = ['notifications'];

/** The caller's own notifications and which kinds they want. */
export async function notificationRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const secured = { onRequest: requireAuth };

  app.get(
    '/notifications',
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Newest first (a folded chat one moves up with each message)',
        querystring: notificationListQuerySchema,
        response: { 200: envelope(notificationPageSchema) },
      },
    },
    async (request) => ({
      data: await notifications.list(ctx, authOf(request).userId, request.query),
    }),
  );

  app.get(
    '/notifications/unread-count',
    { ...secured, schema: { tags, security, response: { 200: envelope(unreadCountSchema) } } },
    async (request) => ({
      data: { unreadCount: await notifications.unreadCount(ctx, authOf(request).userId) },
    }),
  );

  app.patch(
    '/notifications/read-all',
    { ...secured, schema: { tags, security } },
    async (request, reply) => {
      await notifications.markAllRead(ctx, authOf(request).userId);
      return reply.code(204).send();
    },
  );

  app.patch(
    '/notifications/:id/read',
    { ...secured, schema: { tags, security, params: notificationParamsSchema } },
    async (request, reply) => {
      await notifications.markRead(ctx, authOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/notifications/preferences',
    {
      ...secured,
      schema: { tags, security, response: { 200: envelope(notificationPreferencesSchema) } },
    },
    async (request) => ({
      data: await notifications.preferences(ctx, authOf(request).userId),
    }),
  );

  app.put(
    '/notifications/preferences',
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Turn kinds on or off (kinds not named stay as they are)',
        body: updatePreferencesSchema,
        response: { 200: envelope(notificationPreferencesSchema) },
      },
    },
    async (request) => ({
      data: await notifications.updatePreferences(ctx, authOf(request).userId, request.body),
    }),
  );
}
