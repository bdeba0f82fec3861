import { calendarFeedEndpoints as endpoints } from '@teamup/contracts/calendar-feed';
import type { AppContext } from '../../context';
import { bodyOf, documentedSchema, routesFor } from '../../platform/http/define-route';
import { authOf } from '../../platform/auth/guard';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as feeds from './calendar-feed.service';

export async function calendarRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'calendar');

  route(endpoints.status, ({ userId }) => feeds.feedStatus(ctx, userId));
  route(endpoints.issue, ({ userId }) => feeds.issueFeed(ctx, userId));
  route(endpoints.revoke, ({ userId }) => feeds.revokeFeed(ctx, userId));

  // Raw and public: the URL's secret is the credential; calendar apps fetch it without a login.
  app.route({
    method: endpoints.feed.method,
    url: endpoints.feed.path,
    schema: {
      ...documentedSchema(endpoints.feed, 'calendar', {
        answers: {
          200: bodyOf('The calendar (RFC 5545)', 'text/calendar', { type: 'string' }),
        },
      }),
      params: endpoints.feed.params,
    },
    handler: async (request, reply) => {
      const calendar = await feeds.feedCalendar(ctx, request.params.file);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Cache-Control', 'private, max-age=300')
        .header('Content-Disposition', 'inline; filename="teamup.ics"')
        .send(calendar);
    },
  });

  app.route({
    method: endpoints.scheduleIcs.method,
    url: endpoints.scheduleIcs.path,
    onRequest: requireAuth,
    schema: {
      ...documentedSchema(endpoints.scheduleIcs, 'calendar', {
        answers: { 200: bodyOf('The event (RFC 5545)', 'text/calendar', { type: 'string' }) },
      }),
      params: endpoints.scheduleIcs.params,
    },
    handler: async (request, reply) => {
      const id = request.params.id;
      const calendar = await feeds.scheduleIcs(ctx, authOf(request).userId, id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="teamup-schedule-${id}.ics"`)
        .send(calendar);
    },
  });
}
