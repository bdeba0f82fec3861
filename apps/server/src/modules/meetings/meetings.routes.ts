import { MeetingMessages, meetingEndpoints as endpoints } from '@teamup/contracts/meetings';
import type { AppContext } from '../../context';
import { routesFor } from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as meetings from './meetings.service';

export async function meetingsRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'meetings');

  route(endpoints.channelMeetings, ({ userId, params }) =>
    meetings.listMeetings(ctx, userId, params.workspaceId, params.channelId),
  );
  route(endpoints.meeting, ({ userId, params }) =>
    meetings.getMeeting(ctx, userId, params.sessionId),
  );
  route(
    endpoints.saveNotes,
    ({ userId, params, body }) => meetings.saveNotes(ctx, userId, params.sessionId, body),
    {
      message: MeetingMessages.saved,
      // Decision 0036: the meeting is reached before the body is read.
      access: ({ params, userId }) => meetings.accessSession(ctx, userId, params.sessionId),
    },
  );
  route(
    endpoints.createCard,
    ({ userId, params, body }) => meetings.createCard(ctx, userId, params.sessionId, body),
    {
      message: MeetingMessages.cardCreated,
      access: ({ params, userId }) => meetings.accessSession(ctx, userId, params.sessionId),
    },
  );
}
