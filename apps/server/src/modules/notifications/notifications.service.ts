import { parseMentions, type ChatNotifyLevel } from '@teamup/contracts/chat';
import { toPage, type Page } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Topics } from '@teamup/contracts/events';
import {
  NotificationTexts as T,
  type Notification,
  type NotificationPreferences,
} from '@teamup/contracts/notifications';
import type { AppContext } from '../../context';
import type { DomainEvent } from '../../platform/domain-events';
import type { DomainEventReaction } from '../../platform/module';
import { notFound } from '../../platform/errors/app-error';
import { usersWithStatus } from '../presence/presence.service';
import {
  notificationCreated,
  notificationRead,
  presentNotification,
  presentPreferences,
} from './notifications.presenter';
import * as repo from './notifications.repo';

/**
 * Tells each recipient's open tabs about a new notification, with their unread count (one
 * grouped query). A folded chat notification that only counted up is not announced: the
 * recipient's unread count did not change, and the room's own live events already say a message
 * came.
 */
async function announce(
  ctx: AppContext,
  rows: repo.NotificationRow[],
  isNew: (row: repo.NotificationRow) => boolean = (row) => row.count === 1,
) {
  const fresh = rows.filter(isNew);
  if (fresh.length === 0) return;
  const unread = await repo.unreadCounts(
    ctx.database.db,
    fresh.map((row) => row.userId),
  );
  for (const row of fresh) {
    await ctx.bus.publish(
      Topics.user(row.userId),
      notificationCreated(row, unread.get(row.userId) ?? 0),
    );
  }
}

/**
 * Notifies `userIds`: the actor and anyone who turned the kind off are left out, except those in
 * `settingsOverridden` (a chat room's own level, which overrides the per-kind settings).
 */
async function notify(
  ctx: AppContext,
  kind: repo.Kind,
  userIds: number[],
  actorId: number | null,
  text: { message: string; link: string },
  settingsOverridden: ReadonlySet<number> = new Set(),
) {
  const candidates = [...new Set(userIds)].filter((id) => id !== actorId);
  const off = await repo.optedOut(
    ctx.database.db,
    kind,
    candidates.filter((id) => !settingsOverridden.has(id)),
  );
  const rows = await repo.insertMany(
    ctx.database.db,
    candidates.filter((id) => !off.has(id)).map((userId) => ({ userId, kind, ...text })),
    ctx.now(),
  );
  await announce(ctx, rows);
}

/** Group rooms bigger than this get no per-message chat notices (only mentions). */
const CHAT_NOTICE_MAX_MEMBERS = 30;

const teamLink = (workspaceId: number, teamId: number, tab: string) =>
  `/ws/${workspaceId}/team/${teamId}?tab=${tab}`;

/**
 * The room members a message mentions: `<@id>` tokens (what the web's autocomplete writes; they
 * survive renames), everyone for `<@all>`, those `online` answers (the ONLINE ones, decision 0021)
 * for `<@here>` (the chat service lets only the room's owner and admins send those two), and
 * `@이름` typed by hand (longest names first, so '김민' ≠ '김민지').
 */
export function mentionedIn(
  content: string,
  members: Array<{ userId: number; name: string }>,
  online: (userIds: number[]) => number[] = (userIds) => userIds,
) {
  const tokens = parseMentions(content);
  if (tokens.all) return members.map((member) => member.userId);
  const found = new Set<number>(
    members.filter((member) => tokens.userIds.includes(member.userId)).map((m) => m.userId),
  );
  if (tokens.here) for (const id of online(members.map((m) => m.userId))) found.add(id);
  const byLength = [...members].sort((a, b) => b.name.length - a.name.length);
  let rest = content;
  for (const member of byLength) {
    const token = `@${member.name}`;
    if (member.name && rest.includes(token)) {
      found.add(member.userId);
      rest = rest.split(token).join(' ');
    }
  }
  return [...found];
}

type ChatMessageSent = Extract<DomainEvent, { type: 'CHAT_MESSAGE_SENT' }>;

/**
 * Who hears of chat messages, by each member's level in the room (null follows their settings):
 * a mention reaches everyone mentioned but those who muted the room; any other message reaches
 * those who chose ALL, and, by their settings, those who chose nothing, unless the room is large.
 * Messages drained together are told per room: one read of the room and its members, and the
 * folded notices counted up once for the run (as one message after another would have left them).
 */
async function onChatMessages(ctx: AppContext, events: readonly ChatMessageSent[]) {
  const byRoom = new Map<number, ChatMessageSent[]>();
  for (const event of events) {
    const list = byRoom.get(event.roomId);
    if (list) list.push(event);
    else byRoom.set(event.roomId, [event]);
  }
  for (const [roomId, sent] of byRoom) {
    try {
      await onRoomMessages(ctx, roomId, sent);
    } catch (error) {
      ctx.logger.error({ err: error, roomId, messages: sent.length }, 'chat notices failed');
    }
  }
}

async function onRoomMessages(ctx: AppContext, roomId: number, events: ChatMessageSent[]) {
  // Every kind of mention has an '@' (`<@id>`, `<@all>`, `<@here>`, `@이름`): without one in the
  // run, a large room's notices go only to those who chose ALL, and only they are read.
  const mayMention = events.some((event) => event.content.includes('@'));
  const room = await repo.roomForChatNotices(
    ctx.database.db,
    roomId,
    mayMention ? {} : { onlyChoseAllAbove: CHAT_NOTICE_MAX_MEMBERS },
  );
  const [firstEvent] = events;
  if (!room || !firstEvent) return;
  const label = room.type === 'PERSONAL' ? '1:1 채팅' : (room.name ?? '채팅');
  const link = `/ws/${firstEvent.workspaceId}/chat/${roomId}`;
  // Large group rooms show their unread count in the side panel; a notice per member for every
  // message there would be noise (and a write per member per message). Mentions still notify,
  // and so does every message for whoever chose ALL in the room.
  const large = room.type === 'GROUP' && room.memberCount > CHAT_NOTICE_MAX_MEMBERS;
  /** Per recipient of folded notices: how many messages, and who sent the last one. */
  const folded = new Map<number, { count: number; lastSender: string }>();
  for (const event of events) {
    const others = room.members.filter((member) => member.userId !== event.senderId);
    const mentioned = new Set(
      mentionedIn(event.content, others, (userIds) => usersWithStatus(ctx, userIds, 'ONLINE')),
    );
    const chose = (level: ChatNotifyLevel | null) =>
      new Set(others.filter((m) => m.notifyLevel === level).map((m) => m.userId));
    const [everything, mentionsOnly, muted] = [chose('ALL'), chose('MENTIONS'), chose('MUTE')];
    if (mentioned.size > 0) {
      await notify(
        ctx,
        'MENTION',
        [...mentioned].filter((id) => !muted.has(id)),
        event.senderId,
        { message: T.mention(label, event.senderName), link },
        new Set([...everything, ...mentionsOnly]),
      );
    }
    const unmentioned = others.filter((member) => !mentioned.has(member.userId));
    const recipients = [
      ...unmentioned.filter((member) => everything.has(member.userId)),
      ...(large
        ? []
        : unmentioned.filter((member) => member.notifyLevel === null && !member.chatOff)),
    ];
    for (const { userId } of recipients) {
      const count = (folded.get(userId)?.count ?? 0) + 1;
      folded.set(userId, { count, lastSender: event.senderName });
    }
  }
  // Those told of the same number of messages, the last from the same sender, share a text.
  const groups = new Map<string, { count: number; sender: string; userIds: number[] }>();
  for (const [userId, { count, lastSender }] of folded) {
    const key = `${count}:${lastSender}`;
    const group = groups.get(key);
    if (group) group.userIds.push(userId);
    else groups.set(key, { count, sender: lastSender, userIds: [userId] });
  }
  for (const { count, sender, userIds } of groups.values()) {
    const rows = await repo.foldChat(
      ctx.database.db,
      {
        userIds,
        foldKey: `chat:${roomId}`,
        link,
        count,
        firstMessage: T.chatMessage(label, sender, count),
        foldedPrefix: `${label}: ${sender}님 외 새 메시지 `,
      },
      ctx.now(),
    );
    // Made here (not counted up): its count is just this run's.
    await announce(ctx, rows, (row) => row.count === count);
  }
}

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
      });
      return;
    }
    case 'COMPLETION_REQUESTED': {
      if (team.leaderId === null) return;
      const subject = (await repo.taskSubject(db, event.taskId)) ?? '';
      const who = (await repo.userName(db, event.requesterId)) ?? '';
      await notify(ctx, 'COMPLETION_REQUESTED', [team.leaderId], event.requesterId, {
        message: T.completionRequested(team.name, who, subject),
        link: teamLink(team.workspaceId, event.teamId, 'kanban'),
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
      });
      return;
    case 'TEAM_MEMBER_JOINED': {
      const who = (await repo.userName(db, event.userId)) ?? '';
      await notify(ctx, 'TEAM_JOINED', await repo.teamMemberIds(db, event.teamId), event.userId, {
        message: T.teamJoined(team.name, who),
        link: teamLink(team.workspaceId, event.teamId, 'announcements'),
      });
      return;
    }
    default:
      return;
  }
}

const notifyOnEvent = async (ctx: AppContext, event: DomainEvent): Promise<void> => {
  if (event.type === 'CHAT_MESSAGE_SENT') return onChatMessages(ctx, [event]);
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
    let run: ChatMessageSent[] = [];
    for (const event of [...events, undefined]) {
      if (event?.type === 'CHAT_MESSAGE_SENT') {
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
  return toPage(rows.map(presentNotification), total, query);
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
