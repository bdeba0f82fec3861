import { videoEndpoints as endpoints } from '@teamup/contracts/video';
import type { AppContext } from '../../context';
import { routesFor } from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as publishing from './publishing.service';
import * as video from './video.service';
import { requireMembership } from '../workspaces/membership.service';

/** Spec 02 section 7 "Video"; join, leave and the broadcast claim are our own paths. */
export async function videoRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'video');

  route(endpoints.listChannels, ({ userId, params }) =>
    video.listChannels(ctx, userId, params.workspaceId),
  );
  route(
    endpoints.createChannel,
    ({ userId, params, body }) => video.createChannel(ctx, userId, params.workspaceId, body),
    // Decision 0036: the workspace is reached before the body is read.
    { access: ({ params, userId }) => requireMembership(ctx, params.workspaceId, userId) },
  );
  route(endpoints.getChannel, ({ userId, params }) =>
    video.getChannel(ctx, userId, params.workspaceId, params.channelId),
  );
  route(endpoints.join, ({ userId, params }) =>
    video.join(ctx, userId, params.workspaceId, params.channelId),
  );
  route(
    endpoints.updateChannel,
    ({ userId, params, body }) =>
      video.updateChannel(ctx, userId, params.workspaceId, params.channelId, body),
    // Decision 0036: the whole rule (creator or moderator) depends on the path alone.
    {
      access: ({ params, userId }) =>
        video.requireModeChanger(ctx, userId, params.workspaceId, params.channelId),
    },
  );
  route(endpoints.deleteChannel, ({ userId, params }) =>
    video.deleteChannel(ctx, userId, params.workspaceId, params.channelId),
  );
  route(endpoints.participants, ({ userId, params }) =>
    video.listParticipants(ctx, userId, params.workspaceId, params.channelId),
  );
  route(endpoints.removeMember, ({ userId, params }) =>
    video.removeMember(ctx, userId, params.workspaceId, params.channelId, params.userId),
  );
  route(endpoints.leave, ({ userId, params }) =>
    video.leave(ctx, userId, params.workspaceId, params.channelId, params.participantId),
  );
  route(endpoints.joinConference, ({ userId, params }) =>
    publishing.joinConference(ctx, userId, params.workspaceId, params.channelId),
  );
  route(endpoints.claimBroadcast, ({ userId, params }) =>
    publishing.startBroadcast(ctx, userId, params.workspaceId, params.channelId),
  );
  route(
    endpoints.setMedia,
    ({ userId, params, body }) =>
      publishing.setMedia(ctx, userId, params.workspaceId, params.channelId, body),
    // Decision 0036: only the meeting's participants reach it, before the body is read.
    {
      access: ({ params, userId }) =>
        video.requireParticipant(ctx, userId, params.workspaceId, params.channelId),
    },
  );
  route(endpoints.releaseBroadcast, ({ userId, params }) =>
    publishing.stopBroadcast(ctx, userId, params.workspaceId, params.channelId),
  );
}
