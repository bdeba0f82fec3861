import { z } from 'zod';
import { idSchema, pageQuerySchema, pageSchema } from './common';
import { binaryFile, endpoint } from './endpoint';
import { Limits } from './limits';

/** Texts of spec 02 sections 5 and 8 for chat. */
export const ChatMessages = {
  pickSomeone: '최소 1명의 사용자를 선택해주세요.',
  groupNameRequired: '그룹 채팅방 이름을 입력해주세요.',
  dmExactlyOne: '1:1 채팅은 상대방 한 명만 선택할 수 있습니다.',
  nameTooLong: `채팅방 이름은 ${Limits.chatRoomNameMax}자 이하여야 합니다.`,
  messageRequired: '메시지를 입력해주세요.',
  attachmentNotFound: '첨부파일을 찾을 수 없습니다.',
  messageTooLong: `메시지는 ${Limits.chatMessageMax.toLocaleString('ko-KR')}자 이하여야 합니다.`,
  roomNotFound: '채팅방을 찾을 수 없습니다.',
  notRoomMember: '이 채팅방의 멤버가 아닙니다.',
  messageNotFound: '메시지를 찾을 수 없습니다.',
  deleteForbidden: '메시지는 작성자, 워크스페이스 소유자 또는 관리자만 삭제할 수 있습니다.',
  notWorkspaceMembers: '같은 워크스페이스의 멤버만 초대할 수 있습니다.',
  dmNotJoinable: '1:1 채팅방에는 참여할 수 없습니다.',
  dmNotRenamable: '1:1 채팅방의 이름은 바꿀 수 없습니다.',
  listFailed: '채팅방 목록을 불러오지 못했습니다.',
  messagesFailed: '메시지를 불러오지 못했습니다.',
  createFailed: '채팅방 생성에 실패했습니다. 다시 시도해주세요.',
  sendFailed: 'Failed to send the message. Check your network connection.',
  deleteFailed: 'Failed to delete the message. Please try again.',
  unknownSender: '알 수 없는 사용자',
  ticketInvalid: '실시간 연결 티켓이 유효하지 않거나 만료되었습니다.',
  ticketSpent: '이미 사용한 실시간 연결 티켓입니다. 새 티켓을 발급받아 다시 연결해주세요.',
} as const;

export const chatRoomTypeSchema = z.enum(['PERSONAL', 'GROUP']);
export type ChatRoomType = z.infer<typeof chatRoomTypeSchema>;

const roomNameSchema = z.string().trim().max(Limits.chatRoomNameMax, ChatMessages.nameTooLong);

/** POST /workspaces/{ws}/chat-rooms/create (GROUP) and .../create-dm (PERSONAL). */
export const createChatRoomSchema = z.object({
  name: roomNameSchema.nullable().optional(),
  type: chatRoomTypeSchema.optional(),
  /** The other people; the caller is added and never needs to be listed. */
  chatMemberIdList: z.array(idSchema).max(200),
  workspaceId: idSchema.optional(),
});
export type CreateChatRoomInput = z.input<typeof createChatRoomSchema>;

export const renameChatRoomSchema = z.object({
  name: roomNameSchema.min(1, ChatMessages.groupNameRequired),
});

export const chatRoomListQuerySchema = z.object({
  page: pageQuerySchema.shape.page,
  size: z.coerce.number().int().min(1).max(100).default(Limits.chatRoomPageSize),
  /** `createdAt,desc` (default) or `createdAt,asc`, as the spec's client sends it. */
  sort: z.enum(['createdAt,desc', 'createdAt,asc']).default('createdAt,desc'),
});

export const chatMessageListQuerySchema = z.object({
  page: pageQuerySchema.shape.page,
  size: z.coerce.number().int().min(1).max(200).default(Limits.chatMessagePageSize),
  /** `createdAt,asc` (default: page 0 is the oldest) or `createdAt,desc` (page 0 is the newest). */
  sort: z.enum(['createdAt,asc', 'createdAt,desc']).default('createdAt,asc'),
  /**
   * Cursor: only messages older than this id, newest `size` of them, answered oldest first.
   * With a cursor `page` is ignored.
   */
  beforeId: idSchema.optional(),
});

/**
 * The text fields of a message sent with a file (multipart, beside the `file` part): the text
 * may be empty, the file alone is a message.
 */
export const sendChatAttachmentFieldsSchema = z.object({
  content: z.string().max(Limits.chatMessageMax, ChatMessages.messageTooLong).default(''),
});

export const chatAttachmentParamsSchema = z.object({ id: idSchema });
export const chatAttachmentQuerySchema = z.object({
  download: z.enum(['0', '1']).optional(),
});

export const sendChatMessageSchema = z.object({
  content: z
    .string({ error: ChatMessages.messageRequired })
    .max(Limits.chatMessageMax, ChatMessages.messageTooLong)
    .refine((value) => value.trim().length > 0, ChatMessages.messageRequired),
  /** Echoes of the caller some clients send; another person's id is refused. */
  senderId: idSchema.optional(),
  senderName: z
    .string()
    .max(Limits.nameMax * 2)
    .optional(),
});

export const lastReadSchema = z.object({ messageId: idSchema });

export const chatWorkspaceParamsSchema = z.object({ workspaceId: idSchema });
/** `workspaceId` may be `*` in the spec's user-rooms path. */
export const chatAccountParamsSchema = z.object({
  workspaceId: z.union([idSchema, z.literal('*')]),
  accountId: idSchema,
});
export const chatRoomParamsSchema = z.object({ workspaceId: idSchema, roomId: idSchema });
export const chatMessageParamsSchema = z.object({
  workspaceId: idSchema,
  roomId: idSchema,
  messageId: idSchema,
});

export const chatMemberSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  name: z.string(),
  accountName: z.string(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  joinedAt: z.string(),
});
export type ChatMember = z.infer<typeof chatMemberSchema>;

/** A file sent with a message: images show inline, other files download. */
export const chatAttachmentSchema = z.object({
  id: z.number().int(),
  type: z.enum(['image', 'file']),
  /** `/api/chat-attachments/{id}` (bearer); `?download=1` always answers it as a download. */
  url: z.string(),
  fileName: z.string(),
  size: z.number().int(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  chatRoomId: z.number().int(),
  senderId: z.number().int(),
  senderName: z.string(),
  senderProfileImageUrl: z.string().nullable(),
  /** Empty for a deleted message. */
  content: z.string(),
  deleted: z.boolean(),
  sentAt: z.string(),
  /** Null when none was sent, and once the message is deleted. */
  attachment: chatAttachmentSchema.nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatRoomSchema = z.object({
  id: z.number().int(),
  workspaceId: z.number().int(),
  /** For a DM: the other person's name. */
  name: z.string(),
  type: chatRoomTypeSchema,
  memberCount: z.number().int(),
  members: z.array(chatMemberSchema),
  /** Messages from others after the caller's last-read pointer, deleted ones not counted. */
  unreadCount: z.number().int(),
  lastReadMessageId: z.number().int().nullable(),
  lastMessage: chatMessageSchema.nullable(),
  createdAt: z.string(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

export const chatRoomPageSchema = pageSchema(chatRoomSchema);
export const chatMessagePageSchema = pageSchema(chatMessageSchema);

/** POST /sse/register: a single-use ticket for GET /sse/subscribe?ticket=, valid a short while. */
export const sseTicketSchema = z.object({ ticket: z.string(), expiresAt: z.string() });
export type SseTicket = z.infer<typeof sseTicketSchema>;

const rooms = '/workspaces/:workspaceId/chat-rooms';

/** The chat calls of spec 02 (paths relative to /api), registered by the server, built by the web. */
export const chatEndpoints = {
  listRooms: endpoint({
    method: 'GET',
    path: rooms,
    summary: 'The caller’s rooms in the workspace with unread counts (size 20)',
    params: chatWorkspaceParamsSchema,
    query: chatRoomListQuerySchema,
    response: chatRoomPageSchema,
  }),
  userRooms: endpoint({
    method: 'GET',
    path: `${rooms}/accounts/:accountId`,
    summary: 'A user’s rooms (only one’s own); `*` for every workspace',
    params: chatAccountParamsSchema,
    query: chatRoomListQuerySchema,
    response: chatRoomPageSchema,
  }),
  createGroup: endpoint({
    method: 'POST',
    path: `${rooms}/create`,
    summary: 'A group room with a name and at least one other member',
    params: chatWorkspaceParamsSchema,
    body: createChatRoomSchema,
    response: chatRoomSchema,
    status: 201,
  }),
  /** Answers 201 when made, 200 when the DM existed (the server registers it itself). */
  createDm: endpoint({
    method: 'POST',
    path: `${rooms}/create-dm`,
    summary: 'The 1:1 room with one other person: 201 when made, 200 when it existed',
    params: chatWorkspaceParamsSchema,
    body: createChatRoomSchema,
    response: chatRoomSchema,
    status: 201,
  }),
  rename: endpoint({
    method: 'PATCH',
    path: `${rooms}/:roomId/updateTitle`,
    summary: 'Rename a group chat room',
    params: chatRoomParamsSchema,
    body: renameChatRoomSchema,
    response: chatRoomSchema,
  }),
  join: endpoint({
    method: 'POST',
    path: `${rooms}/:roomId/join`,
    summary: 'Join a chat room',
    params: chatRoomParamsSchema,
    response: chatRoomSchema,
  }),
  leave: endpoint({
    method: 'PATCH',
    path: `${rooms}/:roomId/leave`,
    summary: 'Leave a chat room',
    params: chatRoomParamsSchema,
    status: 204,
  }),
  members: endpoint({
    method: 'GET',
    path: `${rooms}/:roomId/members`,
    summary: "A chat room's members",
    params: chatRoomParamsSchema,
    response: z.array(chatMemberSchema),
  }),
  messages: endpoint({
    method: 'GET',
    path: `${rooms}/:roomId/messages`,
    summary: 'Messages paged by `sort`, or the `size` just older than `beforeId` (oldest first)',
    params: chatRoomParamsSchema,
    query: chatMessageListQuerySchema,
    response: chatMessagePageSchema,
  }),
  send: endpoint({
    method: 'POST',
    path: `${rooms}/:roomId/messages`,
    summary: 'Send a text message to a chat room',
    params: chatRoomParamsSchema,
    body: sendChatMessageSchema,
    response: chatMessageSchema,
    status: 201,
  }),
  /** Multipart: a `file` part and an optional text `content` (sendChatAttachmentFieldsSchema). */
  sendWithFile: endpoint({
    method: 'POST',
    path: `${rooms}/:roomId/messages/attachment`,
    summary: 'Send a message with one file: multipart `file` and optional text `content`',
    params: chatRoomParamsSchema,
    form: sendChatAttachmentFieldsSchema.extend({ file: binaryFile('The file') }),
    response: chatMessageSchema,
    status: 201,
  }),
  deleteMessage: endpoint({
    method: 'PATCH',
    path: `${rooms}/:roomId/messages/:messageId/delete`,
    summary: 'Soft-delete a message (author, workspace owner or ADMIN)',
    params: chatMessageParamsSchema,
    status: 204,
  }),
  markRead: endpoint({
    method: 'PATCH',
    path: `${rooms}/:roomId/last-read-refresh`,
    summary: 'Move the caller’s read pointer forward to `messageId`',
    params: chatRoomParamsSchema,
    body: lastReadSchema,
    status: 204,
  }),
  /** The file itself (streamed; `ChatAttachment.url` names it). */
  attachment: endpoint({
    method: 'GET',
    path: '/chat-attachments/:id',
    summary:
      'A chat file for members of its room: images inline, others (or ?download=1) as a download',
    params: chatAttachmentParamsSchema,
    query: chatAttachmentQuerySchema,
  }),
};
