import { chatEndpoints as endpoints } from '@teamup/contracts/chat';
import { envelope } from '@teamup/contracts/common';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import { accessStepOf, documentedSchema, routesFor } from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';
import { listMembers, leaveRoom, setNotifyLevel } from './members.service';
import {
  deleteMessage,
  editHistory,
  editMessage,
  listMessages,
  postMessage,
} from './messages.service';
import { getNotice, setNotice } from './notice.service';
import { setReaction } from './reactions.service';
import { markRead, readPointers } from './read-pointers.service';
import { reachAccountRooms, reachChat, roomAccessStep } from './room-access';
import { createDm, createGroup, joinRoom, listRooms, renameRoom } from './rooms.service';
import { sendTyping } from './typing.service';

export async function chatRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'chat');
  // The access steps (decision 0036): the workspace, or the room, the path names.
  const inWorkspace = {
    access: ({ params, userId }: { params: { workspaceId: number }; userId: number }) =>
      reachChat(ctx, userId, params.workspaceId),
  };
  const inRoom = roomAccessStep(ctx);

  route(
    endpoints.listRooms,
    ({ userId, params, query }) => listRooms(ctx, userId, params.workspaceId, query),
    inWorkspace,
  );
  route(
    endpoints.userRooms,
    ({ userId, params, query }) =>
      listRooms(ctx, userId, params.workspaceId === '*' ? null : params.workspaceId, query),
    {
      access: ({ params, userId }) =>
        reachAccountRooms(ctx, userId, params.accountId, params.workspaceId),
    },
  );
  route(
    endpoints.createGroup,
    ({ userId, params, body }) => createGroup(ctx, userId, params.workspaceId, body),
    inWorkspace,
  );
  route(
    endpoints.rename,
    ({ userId, params, body }) =>
      renameRoom(ctx, userId, params.workspaceId, params.roomId, body.name),
    inRoom,
  );
  route(endpoints.join, ({ userId, params }) =>
    joinRoom(ctx, userId, params.workspaceId, params.roomId),
  );
  route(endpoints.leave, ({ userId, params }) =>
    leaveRoom(ctx, userId, params.workspaceId, params.roomId),
  );
  route(endpoints.members, ({ userId, params }) =>
    listMembers(ctx, userId, params.workspaceId, params.roomId),
  );
  route(
    endpoints.messages,
    ({ userId, params, query }) =>
      listMessages(ctx, userId, params.workspaceId, params.roomId, query),
    inRoom,
  );
  route(
    endpoints.send,
    ({ userId, params, body }) => postMessage(ctx, userId, params.workspaceId, params.roomId, body),
    inRoom,
  );
  route(endpoints.deleteMessage, ({ userId, params }) =>
    deleteMessage(ctx, userId, params.workspaceId, params.roomId, params.messageId),
  );
  route(
    endpoints.edit,
    ({ userId, params, body }) =>
      editMessage(ctx, userId, params.workspaceId, params.roomId, params.messageId, body.content),
    inRoom,
  );
  route(endpoints.editHistory, ({ userId, params }) =>
    editHistory(ctx, userId, params.workspaceId, params.roomId, params.messageId),
  );
  route(
    endpoints.react,
    ({ userId, params, body }) =>
      setReaction(ctx, userId, params.workspaceId, params.roomId, params.messageId, body),
    inRoom,
  );
  route(
    endpoints.markRead,
    ({ userId, params, body }) =>
      markRead(ctx, userId, params.workspaceId, params.roomId, body.messageId),
    inRoom,
  );
  route(endpoints.notice, ({ userId, params }) =>
    getNotice(ctx, userId, params.workspaceId, params.roomId),
  );
  route(
    endpoints.setNotice,
    ({ userId, params, body }) =>
      setNotice(ctx, userId, params.workspaceId, params.roomId, body.messageId),
    inRoom,
  );
  route(
    endpoints.setNotifyLevel,
    ({ userId, params, body }) =>
      setNotifyLevel(ctx, userId, params.workspaceId, params.roomId, body.level),
    inRoom,
  );
  route(endpoints.readPointers, ({ userId, params }) =>
    readPointers(ctx, userId, params.workspaceId, params.roomId),
  );
  route(endpoints.typing, ({ userId, params }) =>
    sendTyping(ctx, userId, params.workspaceId, params.roomId),
  );

  // Registered by hand: it answers 200 for an existing DM and 201 for a new one, and routesFor
  // knows one success status per endpoint.
  const dm = endpoints.createDm;
  app.post(
    dm.path,
    {
      onRequest: requireAuth,
      ...accessStepOf(dm, inWorkspace.access),
      schema: {
        ...documentedSchema(dm, 'chat'),
        params: dm.params,
        body: dm.body,
        response: { 200: envelope(dm.response), 201: envelope(dm.response) },
      },
    },
    async (request, reply) => {
      const { room, created } = await createDm(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.body,
      );
      return reply.code(created ? 201 : 200).send({ data: room });
    },
  );
}
