import {
  CHAT_REACTIONS,
  ChatMessages as M,
  type ChatReaction,
  type ChatAttachment,
  type ChatMember,
  type ChatMessage,
  type ChatReplyPreview,
  type ChatRoom,
  type ChatRoomFile,
} from '@teamup/contracts/chat';
import type { NewChatMessageEvent } from '@teamup/contracts/events';
import type { RoomFileRow } from './chat-files.repo';
import type { AttachmentRow, MessageRow, MessageView, ReplyRow } from './chat-messages.repo';
import type { ReactionRow } from './chat-reactions.repo';
import type { MemberRow, RoomRow } from './chat.repo';
import type { RoomExtras } from './room-views.repo';

/*
 * Rows → contract objects, for REST answers and live events alike: an event carries the object
 * presented here (or ids), never a copy renamed by hand.
 */

export function presentAttachment(row: AttachmentRow): ChatAttachment {
  return {
    id: row.id,
    type: row.isImage ? 'image' : 'file',
    url: `/api/chat-attachments/${row.id}`,
    fileName: row.originalName,
    size: row.size,
  };
}

/** A file of the room's files list, with the message that carried it. */
export function presentRoomFile(row: RoomFileRow): ChatRoomFile {
  return {
    attachment: presentAttachment(row.attachment),
    messageId: row.messageId,
    senderId: row.senderId ?? 0,
    senderName: row.senderName ?? M.unknownSender,
    sentAt: row.sentAt.toISOString(),
  };
}

/** The quoted original of a reply: its sender and first words, or only that it was deleted. */
export function presentReply(row: ReplyRow | null | undefined): ChatReplyPreview | null {
  if (!row || row.replyId === null) return null;
  const deleted = row.replyDeletedAt !== null;
  return {
    id: row.replyId,
    senderId: row.replySenderId ?? 0,
    senderName: row.replySenderName ?? M.unknownSender,
    content: deleted ? '' : (row.replyContent ?? ''),
    deleted,
    hasAttachment: !deleted && row.replyHasAttachment === true,
  };
}

/** Reactions grouped by emoji, in CHAT_REACTIONS order, each with who chose it. */
export function presentReactions(rows: readonly ReactionRow[]): ChatReaction[] {
  const reactions: ChatReaction[] = [];
  for (const emoji of CHAT_REACTIONS) {
    const users = rows
      .filter((row) => row.emoji === emoji)
      .map((row) => ({ id: row.userId, name: row.name }));
    if (users.length > 0) reactions.push({ emoji, count: users.length, users });
  }
  return reactions;
}

export function presentMessage(view: MessageView): ChatMessage {
  const deleted = view.message.deletedAt !== null;
  return {
    id: view.message.id,
    chatRoomId: view.message.roomId,
    senderId: view.message.senderId ?? 0,
    senderName: view.senderName ?? view.message.botName ?? M.unknownSender,
    senderProfileImageUrl: view.senderProfileImageUrl,
    ...(view.message.botName ? { bot: true } : {}),
    content: deleted ? '' : view.message.content,
    deleted,
    sentAt: view.message.createdAt.toISOString(),
    attachments: deleted ? [] : view.attachments.map(presentAttachment),
    replyTo: deleted ? null : presentReply(view.reply),
    reactions: deleted ? [] : presentReactions(view.reactions ?? []),
    editedAt: view.message.editedAt?.toISOString() ?? null,
  };
}

/** A text message as its send statement stored it (chat-sends.repo.ts): no files yet. */
export function presentStoredText(stored: {
  message: MessageRow;
  name: string | null;
  profileImageUrl: string | null;
  reply: ReplyRow | null;
}): ChatMessage {
  return presentMessage({
    message: stored.message,
    senderName: stored.name ?? M.unknownSender,
    senderProfileImageUrl: stored.profileImageUrl,
    attachments: [],
    reply: stored.reply,
  });
}

export function presentMember(row: MemberRow): ChatMember {
  return {
    id: row.userId,
    accountId: row.userId,
    name: row.name,
    accountName: row.name,
    email: row.email,
    profileImageUrl: row.profileImageUrl,
    joinedAt: row.joinedAt.toISOString(),
  };
}

/** A room as `viewerId` sees it: a DM named after the other person, the viewer's unread count. */
export function presentRoom(room: RoomRow, viewerId: number, extras: RoomExtras): ChatRoom {
  const roomMembers = extras.members.filter((member) => member.roomId === room.id);
  const me = roomMembers.find((member) => member.userId === viewerId);
  const other = roomMembers.find((member) => member.userId !== viewerId);
  const lastMessage = extras.last.get(room.id);
  return {
    id: room.id,
    workspaceId: room.workspaceId,
    name: room.type === 'PERSONAL' ? (other?.name ?? M.unknownSender) : (room.name ?? ''),
    type: room.type,
    memberCount: roomMembers.length,
    members: roomMembers.map(presentMember),
    unreadCount: extras.unread.get(room.id) ?? 0,
    lastReadMessageId: me?.lastReadMessageId ?? null,
    lastMessage: lastMessage ? presentMessage(lastMessage) : null,
    createdAt: room.createdAt.toISOString(),
    createdBy: room.createdBy,
    notifyLevel: me?.notifyLevel ?? null,
  };
}

/**
 * The live event of a sent message: the presented message itself (`message`), and beside it the
 * flat fields spec 02 names for its clients, taken from that same object.
 */
export function newMessageEvent(message: ChatMessage): NewChatMessageEvent {
  // Named one by one: a spread would copy every newer field of the message (its quote, reactions,
  // edit time) beside it too, where the event's description has none of them.
  const { id, chatRoomId, content, senderId, senderName, senderProfileImageUrl } = message;
  const { sentAt, attachments } = message;
  return {
    type: 'NEW_CHAT_MESSAGE',
    messageId: id,
    chatRoomId,
    content,
    senderId,
    senderName,
    senderProfileImageUrl,
    sentAt,
    attachments,
    message,
  };
}

/**
 * The live event of a plain text message about to be stored, for the statement that stores it
 * and logs its event together (chat-sends.repo.ts): presented here like any other, with the id
 * and the sender's name and picture left for the statement to fill in.
 */
export function newTextMessageEventTemplate(text: {
  roomId: number;
  senderId: number;
  content: string;
  createdAt: Date;
}): NewChatMessageEvent {
  return newMessageEvent(
    presentMessage({
      message: {
        id: 0,
        roomId: text.roomId,
        senderId: text.senderId,
        content: text.content,
        createdAt: text.createdAt,
        deletedAt: null,
        replyToId: null,
        editedAt: null,
        botName: null,
      },
      senderName: '',
      senderProfileImageUrl: null,
      attachments: [],
      reply: null,
    }),
  );
}
