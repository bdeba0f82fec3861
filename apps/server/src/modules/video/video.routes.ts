import { z } from 'zod';
import { envelope } from '@teamup/contracts/common';
import {
  broadcastStateSchema,
  conferenceSchema,
  createVideoChannelSchema,
  videoChannelParamsSchema,
  videoChannelSchema,
  videoMemberParamsSchema,
  videoParticipantParamsSchema,
  videoParticipantSchema,
  workspaceVideoParamsSchema,
} from '@teamup/contracts/video';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as video from './video.service';

const security = [{ bearer: [] }];
const tags = ['video'];
const base = '/workspaces/:workspaceId/video-channels';
const channel = `${base}/:channelId`;

/** Spec 02 section 7 "Video"; join, leave and the broadcast claim are our own paths. */
export async function videoRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const secured = { onRequest: requireAuth };
  const channelSchema = { tags, security, params: videoChannelParamsSchema };

  app.get(
    base,
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'The workspace’s video rooms, oldest first',
        params: workspaceVideoParamsSchema,
        response: { 200: envelope(z.array(videoChannelSchema)) },
      },
    },
    async (request) => ({
      data: await video.listChannels(ctx, authOf(request).userId, request.params.workspaceId),
    }),
  );

  app.post(
    base,
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Create a video room (name unique in the workspace: 409 otherwise)',
        params: workspaceVideoParamsSchema,
        body: createVideoChannelSchema,
        response: { 201: envelope(videoChannelSchema) },
      },
    },
    async (request, reply) => {
      const data = await video.createChannel(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.body.name,
      );
      return reply.code(201).send({ data });
    },
  );

  app.get(
    channel,
    { ...secured, schema: { ...channelSchema, response: { 200: envelope(videoChannelSchema) } } },
    async (request) => ({
      data: await video.getChannel(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.params.channelId,
      ),
    }),
  );

  app.post(
    channel,
    {
      ...secured,
      schema: {
        ...channelSchema,
        summary: 'Join the meeting (again: harmless); answers the caller’s participant',
        response: { 200: envelope(videoParticipantSchema) },
      },
    },
    async (request) => ({
      data: await video.join(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.params.channelId,
      ),
    }),
  );

  app.delete(
    channel,
    {
      ...secured,
      schema: { ...channelSchema, summary: 'Delete a video room (workspace owner only)' },
    },
    async (request, reply) => {
      await video.deleteChannel(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.params.channelId,
      );
      return reply.code(204).send();
    },
  );

  app.get(
    `${channel}/video-members`,
    {
      ...secured,
      schema: {
        ...channelSchema,
        summary: 'Who is in the meeting, in order of joining',
        response: { 200: envelope(z.array(videoParticipantSchema)) },
      },
    },
    async (request) => ({
      data: await video.listParticipants(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.params.channelId,
      ),
    }),
  );

  app.delete(
    `${channel}/video-members/:userId`,
    {
      ...secured,
      schema: {
        tags,
        security,
        summary:
          'Remove someone from the meeting (themselves, or anyone by the room’s creator, the owner or an admin); they get SHOULD_OUT_CHANNEL',
        params: videoMemberParamsSchema,
      },
    },
    async (request, reply) => {
      const { workspaceId, channelId, userId } = request.params;
      await video.removeMember(ctx, authOf(request).userId, workspaceId, channelId, userId);
      return reply.code(204).send();
    },
  );

  app.delete(
    `${channel}/participants/:participantId`,
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Leave the meeting by participant id',
        params: videoParticipantParamsSchema,
      },
    },
    async (request, reply) => {
      const { workspaceId, channelId, participantId } = request.params;
      await video.leave(ctx, authOf(request).userId, workspaceId, channelId, participantId);
      return reply.code(204).send();
    },
  );

  app.post(
    `${channel}/join-conference`,
    {
      ...secured,
      schema: {
        ...channelSchema,
        summary: 'Media connection details: a LiveKit token, or ICE servers for built-in WebRTC',
        response: { 200: envelope(conferenceSchema) },
      },
    },
    async (request) => ({
      data: await video.joinConference(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.params.channelId,
      ),
    }),
  );

  app.post(
    `${channel}/broadcast`,
    {
      ...secured,
      schema: {
        ...channelSchema,
        summary: 'Claim the broadcast before publishing media (409 while someone else holds it)',
        response: { 200: envelope(broadcastStateSchema) },
      },
    },
    async (request) => ({
      data: await video.startBroadcast(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.params.channelId,
      ),
    }),
  );

  app.delete(
    `${channel}/broadcast`,
    {
      ...secured,
      schema: {
        ...channelSchema,
        summary: 'Give up the broadcast (after unpublishing)',
        response: { 200: envelope(broadcastStateSchema) },
      },
    },
    async (request) => ({
      data: await video.stopBroadcast(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.params.channelId,
      ),
    }),
  );
}
