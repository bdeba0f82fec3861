import type { AppContext } from '../context';

/**
 * Facts one module states after its change is committed, for other modules on the same instance
 * to act on (notifications). Unlike bus events these run once, where the change happened, so a
 * second instance never acts on them twice.
 */
export type DomainEvent =
  | {
      type: 'CHAT_MESSAGE_SENT';
      workspaceId: number;
      roomId: number;
      messageId: number;
      senderId: number;
      senderName: string;
      content: string;
    }
  | { type: 'CHAT_ROOM_READ'; userId: number; roomId: number }
  | { type: 'TASK_ASSIGNED'; teamId: number; taskId: number; actorId: number; userIds: number[] }
  | { type: 'COMPLETION_REQUESTED'; teamId: number; taskId: number; requesterId: number }
  | {
      type: 'COMPLETION_REVIEWED';
      teamId: number;
      taskId: number;
      requesterId: number;
      approved: boolean;
    }
  | { type: 'ANNOUNCEMENT_CREATED'; teamId: number; authorId: number; title: string }
  | {
      type: 'SCHEDULE_CHANGED';
      teamId: number;
      actorId: number;
      title: string;
      change: 'CREATED' | 'UPDATED';
    }
  | { type: 'TEAM_MEMBER_JOINED'; teamId: number; userId: number }
  | {
      type: 'FORMATION_CONFIRMED';
      workspaceId: number;
      teams: Array<{ teamId: number; memberIds: number[] }>;
    }
  /** A vote opened (its participants), is about to close (those yet to vote), closed by itself (its creator). */
  | {
      type: 'FORMATION_VOTE';
      stage: 'OPENED' | 'CLOSING' | 'CLOSED';
      workspaceId: number;
      formationId: number;
      actorId: number | null;
      userIds: number[];
      /** CLOSING: whole minutes left until the deadline. */
      minutesLeft?: number;
    }
  | {
      type: 'WORKSPACE_MEMBER_REMOVED';
      workspaceId: number;
      userId: number;
      reason: 'KICKED' | 'BANNED';
    };

/**
 * Runs every module's reaction (declared in its module file, see platform/module.ts); a failing
 * one is logged and never fails the change that was already committed.
 */
export async function emitDomainEvent(ctx: AppContext, event: DomainEvent): Promise<void> {
  for (const reaction of ctx.hooks.reactions) {
    try {
      await reaction(ctx, event);
    } catch (error) {
      ctx.logger.error({ err: error, event: event.type }, 'domain event reaction failed');
    }
  }
}
