import {
  ChatMessages as M,
  type ChatAttachment,
  type ChatMember,
  type ChatMessage,
  type ChatRoom,
} from '@teamup/contracts/chat';
import type { NewChatMessageEvent } from '@teamup/contracts/events';
import type * as repo from './chat.repo';

/*
 * Rows → contract objects, for REST answers and live events alike: an event carries the object
 * presented here (or ids), never a copy renamed by hand.
 */

export function presentAttachment(row: repo.AttachmentRow): ChatAttachment {
  return {
    id: row.id,
    type: row.isImage ? 'image' : 'file',
    url: `/api/chat-attachments/${row.id}`,
    fileName: row.originalName,
    size: row.size,
  };
}

export function presentMessage(view: repo.MessageView): ChatMessage {
  const deleted = view.message.deletedAt !== null;
  return {
    id: view.message.id,
    chatRoomId: view.message.roomId,
    senderId: view.message.senderId ?? 0,
    senderName: view.senderName ?? M.unknownSender,
    senderProfileImageUrl: view.senderProfileImageUrl,
    content: deleted ? '' : view.message.content,
    deleted,
    sentAt: view.message.createdAt.toISOString(),
    attachment: view.attachment && !deleted ? presentAttachment(view.attachment) : null,
  };
}

export function presentMember(row: repo.MemberRow): ChatMember {
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

/** What a room list needs beside the rooms themselves, read once for all of them. */
export type RoomExtras = {
  members: repo.MemberRow[];
  unread: Map<number, number>;
  last: Map<number, repo.MessageView>;
};

/** A room as `viewerId` sees it: a DM named after the other person, the viewer's unread count. */
export function presentRoom(room: repo.RoomRow, viewerId: number, extras: RoomExtras): ChatRoom {
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
  };
}

/**
 * The live event of a sent message: the presented message itself (`message`), and beside it the
 * flat fields spec 02 names for its clients, taken from that same object.
 */
export function newMessageEvent(message: ChatMessage): NewChatMessageEvent {
  const { id, deleted: _deleted, ...fields } = message;
  return { type: 'NEW_CHAT_MESSAGE', messageId: id, ...fields, message };
}
