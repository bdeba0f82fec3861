import { notificationEndpoints as endpoints } from '@teamup/contracts/notifications';
import type { AppContext } from '../../context';
import { routesFor } from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as notifications from './notifications.service';

/** The caller's own notifications and which kinds they want. */
export async function notificationRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'notifications');

  route(endpoints.list, ({ userId, query }) => notifications.list(ctx, userId, query));
  route(endpoints.unreadCount, async ({ userId }) => ({
    unreadCount: await notifications.unreadCount(ctx, userId),
  }));
  route(endpoints.readAll, ({ userId }) => notifications.markAllRead(ctx, userId));
  route(endpoints.read, ({ userId, params }) => notifications.markRead(ctx, userId, params.id));
  route(endpoints.preferences, ({ userId }) => notifications.preferences(ctx, userId));
  route(endpoints.updatePreferences, ({ userId, body }) =>
    notifications.updatePreferences(ctx, userId, body),
  );
}
