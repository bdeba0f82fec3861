import { deliveryEndpoints } from '@teamup/contracts/delivery';
import { notificationEndpoints as endpoints } from '@teamup/contracts/notifications';
import { pushEndpoints } from '@teamup/contracts/push';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import { routesFor } from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as delivery from './delivery.service';
import { unsubscribeDigest } from './digest';
import * as notifications from './notifications.service';
import * as push from './push.service';

/**
 * The caller's own notifications, which kinds they want, how they reach them while away (digest,
 * quiet hours) and their devices for pushes.
 */
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
  route(deliveryEndpoints.settings, ({ userId }) => delivery.deliverySettings(ctx, userId));
  route(deliveryEndpoints.updateSettings, ({ userId, body }) =>
    delivery.updateDeliverySettings(ctx, userId, body),
  );
  // RFC 8058: a mail client posts the one-click unsubscribe as a form
  // (`List-Unsubscribe=One-Click`). Only this route reads forms, in a scope of its own; what the
  // form says is not needed (the link's token is the credential).
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, _form, done) => done(null, undefined),
    );
    routesFor(
      scope,
      requireAuth,
      'notifications',
    )(deliveryEndpoints.unsubscribeDigest, async ({ query }) =>
      unsubscribeDigest(ctx, query.token),
    );
  });

  const pushRoute = routesFor(app, requireAuth, 'push');
  pushRoute(pushEndpoints.vapidPublicKey, async () => push.vapidPublicKey(ctx));
  pushRoute(pushEndpoints.subscriptions, ({ request }) => push.list(ctx, authOf(request)));
  pushRoute(pushEndpoints.subscribe, ({ request, body }) =>
    push.subscribe(ctx, authOf(request), body, request.headers['user-agent']),
  );
  pushRoute(pushEndpoints.unsubscribe, ({ userId, params }) =>
    push.unsubscribe(ctx, userId, params.id),
  );
}
