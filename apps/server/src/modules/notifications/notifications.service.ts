import { toPage, type Page } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Topics } from '@teamup/contracts/events';
import {
  NotificationTexts as T,
  type Notification,
  type NotificationPreferences,
} from '@teamup/contracts/notifications';
import type { TaskReminderOffset } from '@teamup/contracts/delivery';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { DomainEvent } from '../../platform/domain-events';
import type { DomainEventReaction } from '../../platform/module';
import { notFound } from '../../platform/errors/app-error';
import {
  notificationRead,
  peopleIn,
  personToken,
  presentNotification,
  presentPreferences,
} from './notifications.presenter';
import { mentionedIn, onChatMessages, type ChatNoticeEvent } from './chat-notices';
import { notify } from './notices';
import * as repo from './notifications.repo';
import * as deliveryRepo from './delivery.repo';
import { presentDelivery } from './delivery.presenter';

/* The notification reactions to domain events, and each user's own notifications. */

const teamLink = (workspaceId: number, teamId: number, tab: string) =>
  `/ws/${workspaceId}/team/${teamId}?tab=${tab}`;
async function onTeamEvent(ctx: AppContext, event: DomainEvent) {
  if (!('teamId' in event)) return;
  const team = await repo.teamInfo(ctx.database.db, event.teamId);
  if (!team) return;
  const db = ctx.database.db;
  switch (event.type) {
    case 'TASK_ASSIGNED': {
      const subject = (await repo.taskSubject(db, event.taskId)) ?? '';
      await notify(ctx, 'TASK_ASSIGNED', event.userIds, event.actorId, {
        message: T.taskAssigned(team.name, subject),
        link: teamLink(team.workspaceId, event.teamId, 'kanban'),
        access: { teamId: event.teamId },
      });
      return;
    }
    case 'COMPLETION_REQUESTED': {
      if (team.leaderId === null) return;
      const subject = (await repo.taskSubject(db, event.taskId)) ?? '';
      const who = personToken(event.requesterId);
      await notify(ctx, 'COMPLETION_REQUESTED', [team.leaderId], event.requesterId, {
        message: T.completionRequested(team.name, who, subject),
        link: teamLink(team.workspaceId, event.teamId, 'kanban'),
        access: { teamId: event.teamId },
      });
      return;
    }
    case 'COMPLETION_REVIEWED': {
      const subject = (await repo.taskSubject(db, event.taskId)) ?? '';
      await notify(
        ctx,
        event.approved ? 'COMPLETION_APPROVED' : 'COMPLETION_REJECTED',
        [event.requesterId],
        null,
        {
          message: event.approved
            ? T.completionApproved(team.name, subject)
            : T.completionRejected(team.name, subject),
          link: teamLink(team.workspaceId, event.teamId, 'kanban'),
          access: { teamId: event.teamId },
        },
      );
      return;
    }
    case 'ANNOUNCEMENT_CREATED':
      await notify(
        ctx,
        'ANNOUNCEMENT',
        await repo.teamMemberIds(db, event.teamId),
        event.authorId,
        {
          message: T.announcement(team.name, event.title),
          link: teamLink(team.workspaceId, event.teamId, 'announcements'),
          access: { teamId: event.teamId },
        },
      );
      return;
    case 'SCHEDULE_CHANGED':
      await notify(ctx, 'SCHEDULE', await repo.teamMemberIds(db, event.teamId), event.actorId, {
        message:
          event.change === 'CREATED'
            ? T.scheduleCreated(team.name, event.title)
            : T.scheduleUpdated(team.name, event.title),
        link: teamLink(team.workspaceId, event.teamId, 'calendar'),
        access: { teamId: event.teamId },
      });
      return;
    case 'TEAM_MEMBER_JOINED': {
      const who = personToken(event.userId);
      await notify(ctx, 'TEAM_JOINED', await repo.teamMemberIds(db, event.teamId), event.userId, {
        message: T.teamJoined(team.name, who),
        link: teamLink(team.workspaceId, event.teamId, 'announcements'),
        access: { teamId: event.teamId },
      });
      return;
    }
    case 'CLASS_NUDGE_SENT':
      await notify(ctx, 'CLASS_NUDGE', event.userIds, event.senderId, {
        message: T.classNudge(team.name, personToken(event.senderId), event.message),
        link: teamLink(team.workspaceId, event.teamId, 'announcements'),
        access: { teamId: event.teamId },
      });
      return;
    default:
      return;
  }
}

type CommentCreated = Extract<DomainEvent, { type: 'COMMENT_CREATED' }>;

/**
 * A comment: those it mentions by name or token among the team's members (`@all`/`@here` are
 * chat's, not a comment's) hear they were mentioned; the post's author (a task's assignees) that
 * it was left, unless mentioned too. The commenter hears of neither; the link opens the post or
 * the card at the comment.
 */
async function onComment(ctx: AppContext, event: CommentCreated) {
  const db = ctx.database.db;
  const subject = await repo.commentSubject(db, event.subject, event.subjectId);
  if (!subject) return;
  const team = await repo.teamInfo(db, subject.teamId);
  if (!team) return;
  const who = personToken(event.authorId);
  const members = await repo.teamMembersNamed(db, subject.teamId);
  const content = event.content.replaceAll('<@all>', ' ').replaceAll('<@here>', ' ');
  const mentioned = mentionedIn(content, members, () => []);
  const link =
    event.subject === 'post'
      ? `${teamLink(team.workspaceId, subject.teamId, 'bulletin')}&post=${event.subjectId}&comment=${event.commentId}`
      : `${teamLink(team.workspaceId, subject.teamId, 'kanban')}&task=${event.subjectId}&comment=${event.commentId}`;
  const access = { teamId: subject.teamId };
  await notify(ctx, 'COMMENT', mentioned, event.authorId, {
    message: T.commentMention(team.name, who, subject.title),
    link,
    access,
  });
  const memberIds = new Set(members.map((member) => member.userId));
  await notify(
    ctx,
    'COMMENT',
    subject.ownerIds.filter((id) => memberIds.has(id) && !mentioned.includes(id)),
    event.authorId,
    { message: T.comment(team.name, who, subject.title), link, access },
  );
}

const notifyOnEvent = async (ctx: AppContext, event: DomainEvent): Promise<void> => {
  if (event.type === 'COMMENT_CREATED') return onComment(ctx, event);
  if (event.type === 'WORKSPACE_MEMBER_JOINED') {
    const db = ctx.database.db;
    const name = (await repo.workspaceName(db, event.workspaceId)) ?? '';
    const who = personToken(event.userId);
    await notify(
      ctx,
      'WORKSPACE_JOINED',
      await repo.workspaceManagerIds(db, event.workspaceId),
      event.userId,
      {
        message: T.workspaceJoined(name, who),
        link: `/ws/${event.workspaceId}`,
        access: { workspaceId: event.workspaceId },
      },
    );
    return;
  }
  if (event.type === 'CHAT_MESSAGE_SENT' || event.type === 'CHAT_BOT_MESSAGE_POSTED') {
    return onChatMessages(ctx, [event]);
  }
  if (event.type === 'CHAT_ROOM_READ') {
    const ids = await repo.markFoldRead(
      ctx.database.db,
      event.userId,
      `chat:${event.roomId}`,
      ctx.now(),
    );
    if (ids.length > 0) await announceRead(ctx, event.userId, ids);
    return;
  }
  if (event.type === 'FORMATION_CONFIRMED') {
    for (const team of event.teams) {
      const info = await repo.teamInfo(ctx.database.db, team.teamId);
      if (!info) continue;
      await notify(ctx, 'FORMATION_RESULT', team.memberIds, null, {
        message: T.formationResult(info.name),
        link: teamLink(event.workspaceId, team.teamId, 'announcements'),
        access: { teamId: team.teamId },
      });
    }
    return;
  }
  if (event.type === 'FORMATION_VOTE') {
    const name = (await repo.workspaceName(ctx.database.db, event.workspaceId)) ?? '';
    const minutes = event.minutesLeft ?? 0;
    const left = minutes >= 60 ? `${Math.floor(minutes / 60)}시간` : `${Math.max(1, minutes)}분`;
    await notify(ctx, 'FORMATION_VOTE', event.userIds, event.actorId, {
      message:
        event.stage === 'OPENED'
          ? T.formationVoteOpened(name)
          : event.stage === 'CLOSING'
            ? T.formationVoteClosing(name, left)
            : T.formationVoteClosed(name),
      link: `/team-formation/vote?ws=${event.workspaceId}&session=${event.formationId}`,
      access: { workspaceId: event.workspaceId },
    });
    return;
  }
  if (event.type === 'WORKSPACE_MEMBER_REMOVED') {
    const name = (await repo.workspaceName(ctx.database.db, event.workspaceId)) ?? '';
    await notify(ctx, 'REMOVED_FROM_WORKSPACE', [event.userId], null, {
      message: event.reason === 'BANNED' ? T.banned(name) : T.kicked(name),
      link: '/',
    });
    return;
  }
  return onTeamEvent(ctx, event);
};

/**
 * Turns other modules' domain events into notifications (listed in notifications.module.ts).
 * Drained together (`many`), each run of chat messages is told at once; the other facts one by
 * one, in order, a failing one logged without stopping the rest.
 */
export const notifyOnDomainEvent: DomainEventReaction = Object.assign(notifyOnEvent, {
  many: async (ctx: AppContext, events: readonly DomainEvent[]) => {
    let run: ChatNoticeEvent[] = [];
    for (const event of [...events, undefined]) {
      if (event?.type === 'CHAT_MESSAGE_SENT' || event?.type === 'CHAT_BOT_MESSAGE_POSTED') {
        run.push(event);
        continue;
      }
      if (run.length > 0) await onChatMessages(ctx, run);
      run = [];
      if (!event) continue;
      try {
        await notifyOnEvent(ctx, event);
      } catch (error) {
        ctx.logger.error({ err: error, event: event.type }, 'domain event reaction failed');
      }
    }
  },
});

async function announceRead(ctx: AppContext, userId: number, ids: number[] | 'ALL') {
  const unread = await repo.unreadCount(ctx.database.db, userId);
  await ctx.bus.publish(Topics.user(userId), notificationRead(ids, unread));
}

// --- the calls ---------------------------------------------------------------------------------

export async function list(
  ctx: AppContext,
  userId: number,
  query: { page: number; size: number; unreadOnly?: 'true' | 'false' | undefined },
): Promise<Page<Notification>> {
  const { rows, total } = await repo.page(ctx.database.db, userId, {
    offset: query.page * query.size,
    limit: query.size,
    unreadOnly: query.unreadOnly === 'true',
  });
  // Each person named with their name as it is now (an old notice shows a renamed sender's new name).
  const names = await repo.namesOf(ctx.database.db, peopleIn(rows.map((row) => row.message)));
  return toPage(
    rows.map((row) => presentNotification(row, names)),
    total,
    query,
  );
}

export async function unreadCount(ctx: AppContext, userId: number): Promise<number> {
  return repo.unreadCount(ctx.database.db, userId);
}

export async function markRead(ctx: AppContext, userId: number, id: number): Promise<void> {
  if (!(await repo.exists(ctx.database.db, userId, id))) {
    throw notFound('알림을 찾을 수 없습니다.', ErrorCode.NOTIFICATION_NOT_FOUND);
  }
  const ids = await repo.markRead(ctx.database.db, userId, [id], ctx.now());
  if (ids.length > 0) await announceRead(ctx, userId, ids);
}

export async function markAllRead(ctx: AppContext, userId: number): Promise<void> {
  const ids = await repo.markRead(ctx.database.db, userId, 'ALL', ctx.now());
  if (ids.length > 0) await announceRead(ctx, userId, 'ALL');
}

export async function preferences(
  ctx: AppContext,
  userId: number,
): Promise<NotificationPreferences> {
  return presentPreferences(await repo.preferencesOf(ctx.database.db, userId));
}

export async function updatePreferences(
  ctx: AppContext,
  userId: number,
  changes: Partial<NotificationPreferences>,
): Promise<NotificationPreferences> {
  await repo.setPreferences(
    ctx.database.db,
    userId,
    Object.entries(changes)
      .filter((entry): entry is [repo.Kind, boolean] => typeof entry[1] === 'boolean')
      .map(([kind, enabled]) => ({ kind, enabled })),
  );
  return preferences(ctx, userId);
}

// --- for the reminders of other modules (issue 44) -----------------------------------------------

export { notify, notifyInJob } from './notices';

/** Of `userIds`, those who want the task reminder `offset` before a deadline (both by default). */
export async function wantTaskReminder(
  db: Db,
  userIds: readonly number[],
  offset: TaskReminderOffset,
): Promise<number[]> {
  const stored = await deliveryRepo.deliveriesOf(db, userIds);
  return userIds.filter((userId) =>
    presentDelivery(stored.get(userId)).taskReminders.includes(offset),
  );
}

/** The member's time zone of their delivery settings (Asia/Seoul by default). */
export async function deliveryTimeZoneOf(db: Db, userId: number): Promise<string> {
  return presentDelivery(await deliveryRepo.deliveryOf(db, userId)).timeZone;
}
