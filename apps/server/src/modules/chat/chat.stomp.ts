import {
  editChatMessageSchema,
  lastReadSchema,
  setChatNoticeSchema,
  setChatNotifyLevelSchema,
  sendChatMessageSchema,
  setChatReactionSchema,
} from '@teamup/contracts/chat';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { z } from 'zod';
import { Topics } from '@teamup/contracts/events';
import { badRequest } from '../../platform/errors/app-error';
import type { LiveContribution } from '../../platform/realtime/contribution';
import { destinationIds } from '../../platform/realtime/stomp-destinations';
import type { AppContext } from '../../context';
import { chatReplayAsNow } from './chat.live-replay';
import { isRoomMember, roomIdsOf, setNotifyLevel } from './members.service';
import { editMessage, postMessage } from './messages.service';
import { setNotice } from './notice.service';
import { setReaction } from './reactions.service';
import { markRead } from './read-pointers.service';
import { sendTyping } from './typing.service';

const ROOM_TOPIC = /^\/topic\/chat-rooms\/(\d+)$/;
const roomPath = (rest: string) => new RegExp(`^/app/workspaces/(\\d+)/chat-rooms/(\\d+)${rest}$`);

type RoomIds = { workspaceId: number; roomId: number };
type Send<Ids> = (ctx: AppContext, userId: number, ids: Ids, body: unknown) => Promise<unknown>;
type Bound = (ctx: AppContext, userId: number, body: unknown) => Promise<unknown>;

/**
 * The SEND destinations of a room (`/app/workspaces/{ws}/chat-rooms/{r}/…`) and of one of its
 * messages (`…/messages/{m}/…`): each body goes through its HTTP call's schema and service, so
 * both channels hold the same rules.
 */
const roomSends: Array<[RegExp, Send<RoomIds>]> = [
  [
    roomPath('/messages'),
    (ctx, userId, { workspaceId, roomId }, body) =>
      postMessage(ctx, userId, workspaceId, roomId, parseBody(sendChatMessageSchema, body)),
  ],
  [
    roomPath('/read'),
    (ctx, userId, { workspaceId, roomId }, body) =>
      markRead(ctx, userId, workspaceId, roomId, parseBody(lastReadSchema, body).messageId),
  ],
  // The body says nothing (any JSON, `{}`): the destination is the whole message.
  [
    roomPath('/typing'),
    (ctx, userId, { workspaceId, roomId }) => sendTyping(ctx, userId, workspaceId, roomId),
  ],
  [
    roomPath('/notice'),
    (ctx, userId, { workspaceId, roomId }, body) =>
      setNotice(ctx, userId, workspaceId, roomId, parseBody(setChatNoticeSchema, body).messageId),
  ],
  [
    roomPath('/notify-level'),
    (ctx, userId, { workspaceId, roomId }, body) =>
      setNotifyLevel(
        ctx,
        userId,
        workspaceId,
        roomId,
        parseBody(setChatNotifyLevelSchema, body).level,
      ),
  ],
];
const messageSends: Array<[RegExp, Send<RoomIds & { messageId: number }>]> = [
  [
    roomPath('/messages/(\\d+)/edit'),
    (ctx, userId, { workspaceId, roomId, messageId }, body) =>
      editMessage(
        ctx,
        userId,
        workspaceId,
        roomId,
        messageId,
        parseBody(editChatMessageSchema, body).content,
      ),
  ],
  [
    roomPath('/messages/(\\d+)/reactions'),
    (ctx, userId, { workspaceId, roomId, messageId }, body) =>
      setReaction(
        ctx,
        userId,
        workspaceId,
        roomId,
        messageId,
        parseBody(setChatReactionSchema, body),
      ),
  ],
];

/** The send a destination names, its ids bound; undefined when none does. */
function sendFor(destination: string): Bound | undefined {
  for (const [path, send] of roomSends) {
    const [workspaceId, roomId] = destinationIds(path.exec(destination));
    if (workspaceId !== undefined && roomId !== undefined) {
      return (ctx, userId, body) => send(ctx, userId, { workspaceId, roomId }, body);
    }
  }
  for (const [path, send] of messageSends) {
    const [workspaceId, roomId, messageId] = destinationIds(path.exec(destination));
    if (workspaceId !== undefined && roomId !== undefined && messageId !== undefined) {
      return (ctx, userId, body) => send(ctx, userId, { workspaceId, roomId, messageId }, body);
    }
  }
  return undefined;
}

/** A SEND body through the HTTP call's schema, refused with its first reason. */
function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? '요청 값이 올바르지 않습니다.';
    throw badRequest(ErrorCode.VALIDATION_FAILED, message);
  }
  return parsed.data;
}

/**
 * Chat on the live transports. STOMP: subscribe `/topic/chat-rooms/{roomId}` (room members), send
 * `/app/workspaces/{ws}/chat-rooms/{roomId}/messages` with the HTTP call's JSON body. SSE: a
 * stream hears the rooms of its user, follows a room it is added to at once, and gets the messages
 * of a replay as they are now (chat.live-replay.ts).
 */
export const chatLive: LiveContribution = {
  stomp: (ctx) => ({
    subscription(destination, session) {
      const [roomId] = destinationIds(ROOM_TOPIC.exec(destination));
      if (roomId === undefined) return undefined;
      return {
        topic: Topics.chatRoom(roomId),
        allowed: () => isRoomMember(ctx, roomId, session.userId),
      };
    },
    send(destination, session) {
      const send = sendFor(destination);
      if (!send) return undefined;
      return async (body) => {
        await send(ctx, session.userId, body);
      };
    },
  }),
  sseTopics: async (ctx, userId) => (await roomIdsOf(ctx, userId)).map(Topics.chatRoom),
  sseFollow: (event, userId) => {
    const roomId = event['chatRoomId'];
    if (event['userId'] !== userId || typeof roomId !== 'number') return undefined;
    if (event['type'] === 'CHAT_MEMBER_JOINED') return { listen: [Topics.chatRoom(roomId)] };
    if (event['type'] === 'CHAT_MEMBER_LEFT') return { unlisten: [Topics.chatRoom(roomId)] };
    return undefined;
  },
  sseReplay: chatReplayAsNow,
};
