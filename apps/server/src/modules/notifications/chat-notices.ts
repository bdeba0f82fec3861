import { parseMentions, type ChatNotifyLevel } from '@teamup/contracts/chat';
import { NotificationTexts as T } from '@teamup/contracts/notifications';
import type { AppContext } from '../../context';
import type { DomainEvent } from '../../platform/domain-events';
import { usersWithStatus } from '../presence/presence.service';
import { expectDigests } from './digest';
import { announce, notify, pushNotices } from './notices';
import { chatPushTag } from './push-outbox';
import { personToken } from './notifications.presenter';
import * as repo from './notifications.repo';

/* Chat messages as notices: who a message mentions, and who hears of it by their room level. */

/** Group rooms bigger than this get no per-message chat notices (only mentions). */
const CHAT_NOTICE_MAX_MEMBERS = 30;

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

/** A person's message, or a bot's (an incoming webhook's: no sender, no mentions). */
export type ChatNoticeEvent = Extract<
  DomainEvent,
  { type: 'CHAT_MESSAGE_SENT' | 'CHAT_BOT_MESSAGE_POSTED' }
>;

/** Who sent it, as the notice's text names them: a person's token, or the bot's own name. */
function senderOf(event: ChatNoticeEvent): { userId: number | null; named: string } {
  return event.type === 'CHAT_MESSAGE_SENT'
    ? { userId: event.senderId, named: personToken(event.senderId) }
    : { userId: null, named: event.botName };
}

/**
 * Who hears of chat messages, by each member's level in the room (null follows their settings):
 * a mention reaches everyone mentioned but those who muted the room; any other message reaches
 * those who chose ALL, and, by their settings, those who chose nothing, unless the room is large.
 * Messages drained together are told per room: one read of the room and its members, and the
 * folded notices counted up once for the run (as one message after another would have left them).
 */
export async function onChatMessages(ctx: AppContext, events: readonly ChatNoticeEvent[]) {
  const byRoom = new Map<number, ChatNoticeEvent[]>();
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

async function onRoomMessages(ctx: AppContext, roomId: number, events: ChatNoticeEvent[]) {
  // Every kind of mention has an '@' (`<@id>`, `<@all>`, `<@here>`, `@이름`): without one in the
  // run, a large room's notices go only to those who chose ALL, and only they are read.
  const mayMention = events.some((event) => event.content.includes('@'));
  const room = await repo.roomForChatNotices(
    ctx.database.db,
    roomId,
    mayMention ? {} : { onlyChoseAllAbove: CHAT_NOTICE_MAX_MEMBERS },
  );
  if (!room) return;
  const label = room.type === 'PERSONAL' ? '1:1 채팅' : (room.name ?? '채팅');
  const link = `/ws/${room.workspaceId}/chat/${roomId}`;
  // Large group rooms show their unread count in the side panel; a notice per member for every
  // message there would be noise (and a write per member per message). Mentions still notify,
  // and so does every message for whoever chose ALL in the room.
  const large = room.type === 'GROUP' && room.memberCount > CHAT_NOTICE_MAX_MEMBERS;
  /** Those told of a mention or a direct message: what a digest mail tells of, when away. */
  const digested = new Set<number>();
  /** Per recipient of folded notices: how many messages, who sent the last, and if others did. */
  const folded = new Map<number, { count: number; lastSender: string; several: boolean }>();
  for (const event of events) {
    const sender = senderOf(event);
    const others = room.members.filter((member) => member.userId !== sender.userId);
    const mentioned = new Set(
      sender.userId === null
        ? []
        : mentionedIn(event.content, others, (userIds) => usersWithStatus(ctx, userIds, 'ONLINE')),
    );
    const chose = (level: ChatNotifyLevel | null) =>
      new Set(others.filter((m) => m.notifyLevel === level).map((m) => m.userId));
    const [everything, mentionsOnly, muted] = [chose('ALL'), chose('MENTIONS'), chose('MUTE')];
    if (mentioned.size > 0) {
      const told = [...mentioned].filter((id) => !muted.has(id));
      for (const userId of told) digested.add(userId);
      await notify(
        ctx,
        'MENTION',
        told,
        sender.userId,
        // A mention opens at the message itself (the room scrolled to it and highlighting it,
        // as a search result does), not at the room's newest.
        {
          message: T.mention(label, sender.named),
          link: `${link}?message=${event.messageId}`,
          access: { roomId },
          tag: chatPushTag(roomId),
        },
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
      const before = folded.get(userId);
      folded.set(userId, {
        count: (before?.count ?? 0) + 1,
        lastSender: sender.named,
        several: before !== undefined && (before.several || before.lastSender !== sender.named),
      });
    }
  }
  // Those told of the same number of messages, the last from the same sender, share a text.
  const groups = new Map<
    string,
    { count: number; sender: string; several: boolean; userIds: number[] }
  >();
  for (const [userId, { count, lastSender, several }] of folded) {
    const key = `${count}:${lastSender}:${several}`;
    const group = groups.get(key);
    if (group) group.userIds.push(userId);
    else groups.set(key, { count, sender: lastSender, several, userIds: [userId] });
  }
  for (const { count, sender: who, several, userIds } of groups.values()) {
    const rows = await repo.foldChat(
      ctx.database.db,
      {
        userIds,
        foldKey: `chat:${roomId}`,
        link,
        count,
        firstMessage: T.chatMessage(label, who, count, several),
        sender: who,
        foldedPrefix: T.chatFoldedPrefix(label, who, false),
        severalPrefix: T.chatFoldedPrefix(label, who, true),
        several,
      },
      ctx.now(),
    );
    // Made here (not counted up): its count is just this run's.
    await announce(ctx, rows, (row) => row.count === count);
    if (room.type === 'PERSONAL') for (const row of rows) digested.add(row.userId);
    // Counted up or not, the room's push tells of it (one push per burst, see push-outbox).
    pushNotices(ctx, rows, { roomId }, chatPushTag(roomId));
  }
  await expectDigests(ctx, [...digested]);
}
