import { sendChatMessageSchema } from '@teamup/contracts/chat';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Topics } from '@teamup/contracts/events';
import { badRequest } from '../../platform/errors/app-error';
import type { LiveContribution } from '../../platform/realtime/contribution';
import { destinationIds } from '../../platform/realtime/stomp-endpoint';
import { isRoomMember, roomIdsOf } from './members.service';
import { postMessage } from './messages.service';

const ROOM_TOPIC = /^\/topic\/chat-rooms\/(\d+)$/;
const ROOM_MESSAGES = /^\/app\/workspaces\/(\d+)\/chat-rooms\/(\d+)\/messages$/;

/**
 * Chat on the live transports. STOMP: subscribe `/topic/chat-rooms/{roomId}` (room members), send
 * `/app/workspaces/{ws}/chat-rooms/{roomId}/messages` with the HTTP call's JSON body. SSE: a
 * stream hears the rooms of its user, and follows a room it is added to at once.
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
      const [workspaceId, roomId] = destinationIds(ROOM_MESSAGES.exec(destination));
      if (workspaceId === undefined || roomId === undefined) return undefined;
      return async (body) => {
        // The HTTP call's schema and service, so both channels hold the same rules (length too).
        const parsed = sendChatMessageSchema.safeParse(body);
        if (!parsed.success) {
          const message = parsed.error.issues[0]?.message ?? '요청 값이 올바르지 않습니다.';
          throw badRequest(ErrorCode.VALIDATION_FAILED, message);
        }
        await postMessage(ctx, session.userId, workspaceId, roomId, parsed.data);
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
};
