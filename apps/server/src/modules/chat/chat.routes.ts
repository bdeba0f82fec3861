import { z } from 'zod';
import {
  chatAccountParamsSchema,
  chatMemberSchema,
  chatMessageListQuerySchema,
  chatMessagePageSchema,
  chatMessageParamsSchema,
  chatMessageSchema,
  chatRoomListQuerySchema,
  chatRoomPageSchema,
  chatRoomParamsSchema,
  chatRoomSchema,
  chatWorkspaceParamsSchema,
  createChatRoomSchema,
  lastReadSchema,
  renameChatRoomSchema,
  sendChatMessageSchema,
} from '@teamup/contracts/chat';
import { envelope } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import { forbidden } from '../../platform/errors/app-error';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as chat from './chat.service';

const security = [{ bearer: [] }];
const tags = ['chat'];
const base = '/workspaces/:workspaceId/chat-rooms';

export async function chatRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const secured = { onRequest: requireAuth };
  const schema = <T extends object>(extra: T) => ({ tags, security, ...extra });

  app.get(
    base,
    {
      ...secured,
      schema: schema({
        summary: 'The caller’s rooms in the workspace with unread counts (size 20)',
        params: chatWorkspaceParamsSchema,
        querystring: chatRoomListQuerySchema,
        response: { 200: envelope(chatRoomPageSchema) },
      }),
    },
    async (request) => ({
      data: await chat.listRooms(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.query,
      ),
    }),
  );

  app.get(
    `${base}/accounts/:accountId`,
    {
      ...secured,
      schema: schema({
        summary: 'A user’s rooms (only one’s own); `*` for every workspace',
        params: chatAccountParamsSchema,
        querystring: chatRoomListQuerySchema,
        response: { 200: envelope(chatRoomPageSchema) },
      }),
    },
    async (request) => {
      const userId = authOf(request).userId;
      if (request.params.accountId !== userId) {
        throw forbidden('다른 사용자의 채팅방은 볼 수 없습니다.', ErrorCode.ACCOUNT_MISMATCH);
      }
      const workspaceId = request.params.workspaceId === '*' ? null : request.params.workspaceId;
      return { data: await chat.listRooms(ctx, userId, workspaceId, request.query) };
    },
  );

  app.post(
    `${base}/create`,
    {
      ...secured,
      schema: schema({
        summary: 'A group room with a name and at least one other member',
        params: chatWorkspaceParamsSchema,
        body: createChatRoomSchema,
        response: { 201: envelope(chatRoomSchema) },
      }),
    },
    async (request, reply) => {
      const room = await chat.createGroup(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.body,
      );
      return reply.code(201).send({ data: room });
    },
  );

  app.post(
    `${base}/create-dm`,
    {
      ...secured,
      schema: schema({
        summary: 'The 1:1 room with one other person: 201 when made, 200 when it existed',
        params: chatWorkspaceParamsSchema,
        body: createChatRoomSchema,
        response: { 200: envelope(chatRoomSchema), 201: envelope(chatRoomSchema) },
      }),
    },
    async (request, reply) => {
      const { room, created } = await chat.createDm(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.body,
      );
      return reply.code(created ? 201 : 200).send({ data: room });
    },
  );

  app.patch(
    `${base}/:roomId/updateTitle`,
    {
      ...secured,
      schema: schema({
        params: chatRoomParamsSchema,
        body: renameChatRoomSchema,
        response: { 200: envelope(chatRoomSchema) },
      }),
    },
    async (request) => ({
      data: await chat.renameRoom(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.params.roomId,
        request.body.name,
      ),
    }),
  );

  app.post(
    `${base}/:roomId/join`,
    {
      ...secured,
      schema: schema({ params: chatRoomParamsSchema, response: { 200: envelope(chatRoomSchema) } }),
    },
    async (request) => ({
      data: await chat.joinRoom(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.params.roomId,
      ),
    }),
  );

  app.patch(
    `${base}/:roomId/leave`,
    { ...secured, schema: schema({ params: chatRoomParamsSchema }) },
    async (request, reply) => {
      await chat.leaveRoom(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.params.roomId,
      );
      return reply.code(204).send();
    },
  );

  app.get(
    `${base}/:roomId/members`,
    {
      ...secured,
      schema: schema({
        params: chatRoomParamsSchema,
        response: { 200: envelope(z.array(chatMemberSchema)) },
      }),
    },
    async (request) => ({
      data: await chat.listMembers(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.params.roomId,
      ),
    }),
  );

  app.get(
    `${base}/:roomId/messages`,
    {
      ...secured,
      schema: schema({
        summary:
          'Messages paged by `sort`, or the `size` just older than `beforeId` (oldest first)',
        params: chatRoomParamsSchema,
        querystring: chatMessageListQuerySchema,
        response: { 200: envelope(chatMessagePageSchema) },
      }),
    },
    async (request) => ({
      data: await chat.listMessages(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.params.roomId,
        request.query,
      ),
    }),
  );

  app.post(
    `${base}/:roomId/messages`,
    {
      ...secured,
      schema: schema({
        params: chatRoomParamsSchema,
        body: sendChatMessageSchema,
        response: { 201: envelope(chatMessageSchema) },
      }),
    },
    async (request, reply) => {
      const userId = authOf(request).userId;
      if (request.body.senderId !== undefined && request.body.senderId !== userId) {
        throw forbidden('다른 사용자로 메시지를 보낼 수 없습니다.', ErrorCode.ACCOUNT_MISMATCH);
      }
      const message = await chat.sendMessage(
        ctx,
        userId,
        request.params.workspaceId,
        request.params.roomId,
        request.body.content,
      );
      return reply.code(201).send({ data: message });
    },
  );

  app.patch(
    `${base}/:roomId/messages/:messageId/delete`,
    {
      ...secured,
      schema: schema({
        summary: 'Soft-delete a message (author, workspace owner or ADMIN)',
        params: chatMessageParamsSchema,
      }),
    },
    async (request, reply) => {
      await chat.deleteMessage(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.params.roomId,
        request.params.messageId,
      );
      return reply.code(204).send();
    },
  );

  app.patch(
    `${base}/:roomId/last-read-refresh`,
    {
      ...secured,
      schema: schema({
        summary: 'Move the caller’s read pointer forward to `messageId`',
        params: chatRoomParamsSchema,
        body: lastReadSchema,
      }),
    },
    async (request, reply) => {
      await chat.markRead(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.params.roomId,
        request.body.messageId,
      );
      return reply.code(204).send();
    },
  );
}
