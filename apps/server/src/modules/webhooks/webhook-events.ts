import type { WebhookEvent } from '@teamup/contracts/webhooks';
import type { Db } from '../../db/client';
import type { DomainEvent } from '../../platform/domain-events';
import type { JsonValue } from '../../platform/jobs/job-kind';
import { nameOf, roomOf, taskTitleOf, teamOf } from './webhooks.repo';

/** What one fact of the app tells a workspace's webhooks, before its details are read. */
export type WebhookFact = {
  event: WebhookEvent;
  /** Known for facts stated with their workspace; read from the team otherwise. */
  workspaceId: number | undefined;
  teamId: number | undefined;
  /** Reads what the payload says beyond the fact itself (names, titles), once it is needed. */
  details: (db: Db) => Promise<{ [key: string]: JsonValue } | null>;
};

/**
 * The webhook event a domain fact is, if any. Chat messages go out only from group rooms: a
 * 1:1 conversation is not the workspace's to hand to another system.
 */
export function webhookFactOf(event: DomainEvent): WebhookFact | null {
  switch (event.type) {
    case 'CHAT_MESSAGE_SENT':
      return {
        event: 'chat.message',
        workspaceId: event.workspaceId,
        teamId: undefined,
        details: async (db) => {
          const room = await roomOf(db, event.roomId);
          if (room?.type !== 'GROUP') return null;
          return {
            room: { id: event.roomId, name: room.name },
            message: { id: event.messageId, text: event.content },
            sender: { id: event.senderId, name: event.senderName },
          };
        },
      };
    case 'POST_CREATED':
      return {
        event: 'post.created',
        workspaceId: event.workspaceId,
        teamId: event.teamId,
        details: async (db) => ({
          team: await teamOf(db, event.teamId),
          post: { id: event.postId, title: event.title },
          author: { id: event.authorId, name: await nameOf(db, event.authorId) },
        }),
      };
    case 'ANNOUNCEMENT_CREATED':
      return {
        event: 'announcement.created',
        workspaceId: undefined,
        teamId: event.teamId,
        details: async (db) => ({
          team: await teamOf(db, event.teamId),
          announcement: { title: event.title },
          author: { id: event.authorId, name: await nameOf(db, event.authorId) },
        }),
      };
    case 'COMPLETION_REVIEWED':
      if (!event.approved) return null;
      return {
        event: 'task.approved',
        workspaceId: undefined,
        teamId: event.teamId,
        details: async (db) => {
          return {
            team: await teamOf(db, event.teamId),
            task: { id: event.taskId, title: await taskTitleOf(db, event.taskId) },
            requester: { id: event.requesterId, name: await nameOf(db, event.requesterId) },
          };
        },
      };
    case 'WORKSPACE_MEMBER_JOINED':
      return {
        event: 'member.joined',
        workspaceId: event.workspaceId,
        teamId: undefined,
        details: async (db) => ({
          member: { id: event.userId, name: await nameOf(db, event.userId) },
        }),
      };
    default:
      return null;
  }
}
