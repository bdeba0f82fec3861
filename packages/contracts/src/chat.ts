import { z } from 'zod';
import { idSchema, pageQuerySchema, pageSchema } from './common';
import { binaryFile, endpoint } from './endpoint';
import { ErrorCode } from './error-codes';
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
  otherAccountRooms: '다른 사용자의 채팅방은 볼 수 없습니다.',
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
  replyTargetNotFound: '답장할 메시지를 이 채팅방에서 찾을 수 없습니다.',
  reactionNotAllowed: '사용할 수 없는 공감 이모지입니다. 👍 ❤️ 😂 😮 😢 🙏 ✅ 중에서 골라주세요.',
  reactFailed: '공감을 남기지 못했습니다. 다시 시도해주세요.',
  editForbidden: '메시지는 작성자만 수정할 수 있습니다.',
  fileMessageNotEditable: '파일이 있는 메시지는 수정할 수 없습니다.',
  editFailed: '메시지를 수정하지 못했습니다. 다시 시도해주세요.',
  pinForbidden: '공지는 채팅방 방장 또는 워크스페이스 관리자만 등록할 수 있습니다.',
  mentionAllForbidden: '@all, @here는 채팅방 방장 또는 워크스페이스 관리자만 사용할 수 있습니다.',
  notifyLevelInvalid: '알림 설정은 전체, 멘션만, 끄기 중 하나여야 합니다.',
  tooManyFiles: `파일은 메시지 하나에 최대 ${Limits.chatFilesPerMessage}개까지 보낼 수 있습니다.`,
  filesTooLarge: `메시지 하나의 파일은 합계 ${Limits.chatMessageFilesMaxBytes / (1024 * 1024)}MB 이하여야 합니다.`,
  cursorsExclusive: 'beforeId, afterId, aroundId, latest 중 하나만 보낼 수 있습니다.',
  cursorNotPaged: 'afterId, aroundId, latest는 page, sort와 함께 보낼 수 없습니다.',
} as const;

/**
 * A mention inside a message's text: `<@12>` names the member with id 12 (shown with their name
 * as it is when read, so a rename changes it), `<@all>` and `<@here>` the whole room (room owner
 * and workspace admins only). The text around stays plain.
 */
export const MENTION_TOKEN = /<@(\d{1,10}|all|here)>/g;

/**
 * The mentions in a message's text: the member ids named, and whether the room was named
 * (`everyone`: `<@all>` or `<@here>`). `all` wakes every member; `here` without `all` only the
 * members who are online when it is sent (decision 0021).
 */
export function parseMentions(content: string): {
  userIds: number[];
  everyone: boolean;
  all: boolean;
  here: boolean;
} {
  const userIds = new Set<number>();
  let all = false;
  let here = false;
  for (const match of content.matchAll(MENTION_TOKEN)) {
    const target = match[1] ?? '';
    if (target === 'all') all = true;
    else if (target === 'here') here = true;
    else userIds.add(Number(target));
  }
  return { userIds: [...userIds], everyone: all || here, all, here };
}

/** The text with each mention token replaced by `label(target)` (a member id, 'all' or 'here'). */
export function mentionsAsText(
  content: string,
  label: (target: number | 'all' | 'here') => string,
): string {
  return content.replace(MENTION_TOKEN, (_token, target: string) =>
    label(target === 'all' || target === 'here' ? target : Number(target)),
  );
}

/** The token that mentions a member (or the room) in a message's text. */
export const mentionToken = (target: number | 'all' | 'here') => `<@${target}>`;

/** A typing client says so at most this often per room (decision 0021); the server drops more. */
export const CHAT_TYPING_INTERVAL_MS = 3000;
/** How long "…님이 입력 중…" shows after the last CHAT_TYPING heard from that person. */
export const CHAT_TYPING_SHOW_MS = 5000;

/** How long a message's earlier texts stay visible to its room after an edit replaced them. */
export const EDIT_HISTORY_HOURS = 24;

/** The reactions a message can get, in the order they show. */
export const CHAT_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏', '✅'] as const;
export type ChatReactionEmoji = (typeof CHAT_REACTIONS)[number];

/** How much of the original's text a reply carries as its quoted preview. */
export const REPLY_PREVIEW_MAX = 100;

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

export const chatMessageListQuerySchema = z
  .object({
    /** Page number (default 0); not with `afterId` or `aroundId`. */
    page: pageQuerySchema.shape.page.unwrap().optional(),
    size: z.coerce.number().int().min(1).max(200).default(Limits.chatMessagePageSize),
    /**
     * `createdAt,asc` (default: page 0 is the oldest) or `createdAt,desc` (page 0 is the newest);
     * not with `afterId` or `aroundId`.
     */
    sort: z.enum(['createdAt,asc', 'createdAt,desc']).optional(),
    /**
     * Cursor: only messages older than this id, newest `size` of them, answered oldest first.
     * With it `page` and `sort` are ignored (as before the other cursors).
     */
    beforeId: idSchema.optional(),
    /** Cursor: only messages newer than this id, oldest `size` of them, answered oldest first. */
    afterId: idSchema.optional(),
    /**
     * Cursor: the `size` messages around this message of the room (about half older, the message
     * and half newer; fewer on one side move to the other), answered oldest first.
     */
    aroundId: idSchema.optional(),
    /**
     * `latest=true`: the newest `size` messages, newest first (as `sort=createdAt,desc&page=0`),
     * counted as a cursor page is (what a room opens on: as fast in a room of 100,000 messages as
     * in one of 100). Not with a cursor, `page` or `sort`.
     */
    latest: z
      .literal('true')
      .optional()
      .describe(
        'true: the newest `size` messages, newest first (unlike the other cursors, which answer oldest first), counted as a cursor page is; not with another cursor, `page` or `sort`',
      ),
  })
  .refine(
    (query) =>
      [query.beforeId, query.afterId, query.aroundId, query.latest].filter((id) => id !== undefined)
        .length <= 1,
    { message: ChatMessages.cursorsExclusive, path: ['aroundId'] },
  )
  .refine(
    (query) =>
      (query.afterId === undefined && query.aroundId === undefined && query.latest === undefined) ||
      (query.page === undefined && query.sort === undefined),
    { message: ChatMessages.cursorNotPaged, path: ['page'] },
  );
export type ChatMessageListQuery = z.infer<typeof chatMessageListQuerySchema>;

/**
 * The text fields of a message sent with files (multipart, beside one to
 * Limits.chatFilesPerMessage `file` parts): the text may be empty, the files alone are a message.
 */
export const sendChatAttachmentFieldsSchema = z.object({
  content: z.string().max(Limits.chatMessageMax, ChatMessages.messageTooLong).default(''),
  /** The message this one answers (in the same room). */
  replyTo: idSchema.optional(),
});

export const chatAttachmentParamsSchema = z.object({ id: idSchema });
export const chatAttachmentQuerySchema = z.object({
  download: z.enum(['0', '1']).optional(),
});

/** A message's text, sent or edited: not blank, at most Limits.chatMessageMax characters. */
const messageContentSchema = z
  .string({ error: ChatMessages.messageRequired })
  .max(Limits.chatMessageMax, ChatMessages.messageTooLong)
  .refine((value) => value.trim().length > 0, ChatMessages.messageRequired);

/** PATCH .../messages/{m}: the author's new text (the same rules as sending). */
export const editChatMessageSchema = z.object({ content: messageContentSchema });

export const sendChatMessageSchema = z.object({
  content: messageContentSchema,
  /** The message this one answers: a message of the same room that is not deleted. */
  replyTo: idSchema.optional(),
  /** Echoes of the caller some clients send; another person's id is refused. */
  senderId: idSchema.optional(),
  senderName: z
    .string()
    .max(Limits.nameMax * 2)
    .optional(),
});

export const lastReadSchema = z.object({ messageId: idSchema });

/** PUT .../messages/{m}/reactions: the caller's reaction with `emoji` on (`reacted`) or off. */
export const setChatReactionSchema = z.object({
  emoji: z.enum(CHAT_REACTIONS, { error: ChatMessages.reactionNotAllowed }),
  reacted: z.boolean(),
});
export type SetChatReactionInput = z.infer<typeof setChatReactionSchema>;

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

/** The quoted original a reply shows: whose it was and how it began, or that it is gone. */
export const chatReplyPreviewSchema = z.object({
  id: z.number().int(),
  senderId: z.number().int(),
  senderName: z.string(),
  /** The first REPLY_PREVIEW_MAX characters of the original; empty once it is deleted. */
  content: z.string(),
  deleted: z.boolean(),
  /** The original carried a file or more (a reply to a photo shows that it was one). */
  hasAttachment: z.boolean(),
});
export type ChatReplyPreview = z.infer<typeof chatReplyPreviewSchema>;

/** One emoji on a message: how many, and who (oldest first), for the hover list. */
export const chatReactionSchema = z.object({
  emoji: z.enum(CHAT_REACTIONS),
  count: z.number().int(),
  users: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ChatReaction = z.infer<typeof chatReactionSchema>;

/** A message's reactions after a change: the answer of the PUT and the live event's payload. */
export const chatMessageReactionsSchema = z.object({
  chatRoomId: z.number().int(),
  messageId: z.number().int(),
  /** In CHAT_REACTIONS order; emoji nobody chose are left out. */
  reactions: z.array(chatReactionSchema),
});
export type ChatMessageReactions = z.infer<typeof chatMessageReactionsSchema>;

/** An earlier text of an edited message, until `replacedAt`. */
export const chatMessageEditSchema = z.object({ content: z.string(), replacedAt: z.string() });
export type ChatMessageEdit = z.infer<typeof chatMessageEditSchema>;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  chatRoomId: z.number().int(),
  senderId: z.number().int(),
  senderName: z.string(),
  senderProfileImageUrl: z.string().nullable(),
  /** True for what an incoming webhook posted: `senderName` is then the bot's name (id 0). */
  bot: z.boolean().optional(),
  /** Empty for a deleted message. */
  content: z.string(),
  deleted: z.boolean(),
  sentAt: z.string(),
  /** The files sent with it, in the order sent; empty when none, and once it is deleted. */
  attachments: z.array(chatAttachmentSchema),
  /** The message this one answers; null when it answers none (or the original is purged). */
  replyTo: chatReplyPreviewSchema.nullable(),
  /** In CHAT_REACTIONS order; empty when none (and once the message is deleted). */
  reactions: z.array(chatReactionSchema),
  /** When its author last edited it ("(수정됨)"); null when never. */
  editedAt: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * How the caller hears of a room's messages (KakaoTalk's 알림 끄기, Slack's per-channel
 * preference): every message, only mentions of them, or nothing. It overrides the per-kind
 * notification settings for this room; null (the default) follows them.
 */
export const CHAT_NOTIFY_LEVELS = ['ALL', 'MENTIONS', 'MUTE'] as const;
export const chatNotifyLevelSchema = z.enum(CHAT_NOTIFY_LEVELS, {
  error: ChatMessages.notifyLevelInvalid,
});
export type ChatNotifyLevel = z.infer<typeof chatNotifyLevelSchema>;

/** PUT .../{r}/notify-level: the caller's level in the room, or null to follow their settings. */
export const setChatNotifyLevelSchema = z.object({ level: chatNotifyLevelSchema.nullable() });

/** The caller's level in a room: the PUT's answer and the live event to their other tabs. */
export const chatNotifyLevelStateSchema = z.object({
  chatRoomId: z.number().int(),
  level: chatNotifyLevelSchema.nullable(),
});
export type ChatNotifyLevelState = z.infer<typeof chatNotifyLevelStateSchema>;

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
  /** Who made the room (its owner: may use @all / @here); null once their account is gone. */
  createdBy: z.number().int().nullable(),
  /** The caller's notification level here; null follows their notification settings. */
  notifyLevel: chatNotifyLevelSchema.nullable(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

export const chatRoomPageSchema = pageSchema(chatRoomSchema);

/** PUT .../{r}/notice: the message to pin as the room's notice (공지), or null to take it down. */
export const setChatNoticeSchema = z.object({ messageId: idSchema.nullable() });

/** A room's notice: the pinned message as the room shows it, or null when none (or deleted). */
export const chatNoticeSchema = z.object({
  chatRoomId: z.number().int(),
  message: chatMessageSchema.nullable(),
});
export type ChatNotice = z.infer<typeof chatNoticeSchema>;

/** One member's read pointer: the newest message they have seen (null: never opened the room). */
export const chatReadPointerSchema = z.object({
  userId: z.number().int(),
  lastReadMessageId: z.number().int().nullable(),
});
export type ChatReadPointer = z.infer<typeof chatReadPointerSchema>;

/**
 * Every member's read pointer, read once when a room opens (decision 0019): a message's read
 * count ("1" beside it, KakaoTalk style) is the number of members other than its sender whose
 * pointer is older than it, counted on the client; CHAT_READ_POINTER_MOVED keeps it live.
 */
export const chatReadPointersSchema = z.object({
  chatRoomId: z.number().int(),
  pointers: z.array(chatReadPointerSchema),
});
export type ChatReadPointers = z.infer<typeof chatReadPointersSchema>;
/**
 * A page of messages. With a cursor (beforeId, afterId, aroundId, or latest: older than the
 * page) `totalElements` counts the
 * messages on the cursor's side: older than `beforeId` (this page included), newer than
 * `afterId` (this page included), or, around `aroundId`, those up to the page's newest (older
 * ones beyond it plus this page). That count stops at twice the page's `size` (the page and one
 * more like it), so that a page of a long room costs what a page of a short one does; `hasOlder` and
 * `hasNewer` say exactly whether the room holds messages older than the page's oldest, newer
 * than its newest (absent without a cursor).
 */
export const chatMessagePageSchema = pageSchema(chatMessageSchema).extend({
  hasOlder: z.boolean().optional(),
  hasNewer: z.boolean().optional(),
});
export type ChatMessagePage = z.infer<typeof chatMessagePageSchema>;

/**
 * Keyset cursor of a room's files list: `{messageId}.{position}` of the last file of the page
 * before (opaque to clients: they send back `nextCursor`).
 */
export const chatFilesCursorSchema = z
  .string()
  .max(40)
  .regex(/^\d{1,10}\.\d{1,3}$/, '올바르지 않은 커서입니다.');

/** GET .../{r}/files: newest first; `kind` keeps only images or only other files. */
export const chatFilesQuerySchema = z.object({
  cursor: chatFilesCursorSchema.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(Limits.chatFilesPageMax)
    .default(Limits.chatFilesPageSize),
  kind: z.enum(['image', 'file']).optional(),
});
export type ChatFilesQuery = z.input<typeof chatFilesQuerySchema>;

/** One file shared in a room: the file, and the message that carried it. */
export const chatRoomFileSchema = z.object({
  attachment: chatAttachmentSchema,
  messageId: z.number().int(),
  senderId: z.number().int(),
  senderName: z.string(),
  sentAt: z.string(),
});
export type ChatRoomFile = z.infer<typeof chatRoomFileSchema>;

/** A page of a room's files, newest first; `nextCursor` null on the last page. */
export const chatRoomFilesPageSchema = z.object({
  items: z.array(chatRoomFileSchema),
  nextCursor: z.string().nullable(),
});
export type ChatRoomFilesPage = z.infer<typeof chatRoomFilesPageSchema>;

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
    summary:
      'Messages paged by `sort`, or by one cursor: the `size` just older than `beforeId`, just newer than `afterId`, or centred on `aroundId` (each oldest first), or with `latest=true` the newest `size`, newest first',
    params: chatRoomParamsSchema,
    query: chatMessageListQuerySchema,
    response: chatMessagePageSchema,
  }),
  send: endpoint({
    method: 'POST',
    tokenScope: 'chat',
    path: `${rooms}/:roomId/messages`,
    summary: 'Send a text message to a chat room',
    params: chatRoomParamsSchema,
    body: sendChatMessageSchema,
    response: chatMessageSchema,
    status: 201,
  }),
  /**
   * Multipart: one or more `file` parts and an optional text `content`
   * (sendChatAttachmentFieldsSchema). All files are stored, or none.
   */
  sendWithFile: endpoint({
    method: 'POST',
    tokenScope: 'chat',
    path: `${rooms}/:roomId/messages/attachment`,
    summary: `Send a message with files: multipart \`file\` parts (1–${Limits.chatFilesPerMessage}, each ≤ ${Limits.attachmentMaxBytes / (1024 * 1024)} MB, ≤ ${Limits.chatMessageFilesMaxBytes / (1024 * 1024)} MB in all) and optional text \`content\``,
    params: chatRoomParamsSchema,
    form: sendChatAttachmentFieldsSchema.extend({
      file: z
        .array(binaryFile('A file (repeat the part for each file, in the order they show)'))
        .min(1)
        .max(Limits.chatFilesPerMessage),
    }),
    response: chatMessageSchema,
    status: 201,
    errors: {
      400: [ErrorCode.CHAT_FILES_TOO_MANY],
      413: [ErrorCode.FILE_TOO_LARGE, ErrorCode.CHAT_FILES_TOO_LARGE],
    },
  }),
  /** Everything shared in the room (the 파일 drawer), keyset-paged by `cursor`. */
  files: endpoint({
    method: 'GET',
    path: `${rooms}/:roomId/files`,
    summary: 'The files shared in a room, newest first, paged by `cursor`; `kind=image|file`',
    params: chatRoomParamsSchema,
    query: chatFilesQuerySchema,
    response: chatRoomFilesPageSchema,
  }),
  deleteMessage: endpoint({
    method: 'PATCH',
    path: `${rooms}/:roomId/messages/:messageId/delete`,
    summary: 'Soft-delete a message (author, workspace owner or ADMIN)',
    params: chatMessageParamsSchema,
    status: 204,
  }),
  edit: endpoint({
    method: 'PATCH',
    path: `${rooms}/:roomId/messages/:messageId`,
    summary: 'Edit one’s own text message (the same length rule as sending)',
    params: chatMessageParamsSchema,
    body: editChatMessageSchema,
    response: chatMessageSchema,
    errors: { 409: [ErrorCode.CHAT_EDIT_NOT_TEXT] },
  }),
  /**
   * The texts an edit replaced in the last EDIT_HISTORY_HOURS hours, newest first (room members;
   * empty for a deleted message). Older ones are not shown (and are pruned).
   */
  editHistory: endpoint({
    method: 'GET',
    path: `${rooms}/:roomId/messages/:messageId/edits`,
    summary: 'A message’s earlier texts replaced by edits in the last 24 hours, newest first',
    params: chatMessageParamsSchema,
    response: z.array(chatMessageEditSchema),
  }),
  react: endpoint({
    method: 'PUT',
    path: `${rooms}/:roomId/messages/:messageId/reactions`,
    summary: 'Turn the caller’s reaction (one of 👍 ❤️ 😂 😮 😢 🙏 ✅) on a message on or off',
    params: chatMessageParamsSchema,
    body: setChatReactionSchema,
    response: chatMessageReactionsSchema,
  }),
  markRead: endpoint({
    method: 'PATCH',
    path: `${rooms}/:roomId/last-read-refresh`,
    summary: 'Move the caller’s read pointer forward to `messageId`',
    params: chatRoomParamsSchema,
    body: lastReadSchema,
    status: 204,
  }),
  notice: endpoint({
    method: 'GET',
    path: `${rooms}/:roomId/notice`,
    summary: 'The room’s pinned notice (공지), or null',
    params: chatRoomParamsSchema,
    response: chatNoticeSchema,
  }),
  setNotice: endpoint({
    method: 'PUT',
    path: `${rooms}/:roomId/notice`,
    summary: 'Pin a message of the room as its notice, or null to unpin (room owner or admins)',
    params: chatRoomParamsSchema,
    body: setChatNoticeSchema,
    response: chatNoticeSchema,
  }),
  setNotifyLevel: endpoint({
    method: 'PUT',
    path: `${rooms}/:roomId/notify-level`,
    summary:
      'The caller’s notification level in the room (ALL, MENTIONS, MUTE), or null to follow their settings',
    params: chatRoomParamsSchema,
    body: setChatNotifyLevelSchema,
    response: chatNotifyLevelStateSchema,
  }),
  readPointers: endpoint({
    method: 'GET',
    path: `${rooms}/:roomId/read-pointers`,
    summary: 'Every member’s read pointer, for the read count beside each message',
    params: chatRoomParamsSchema,
    response: chatReadPointersSchema,
  }),
  /** Nothing is stored: the room hears CHAT_TYPING (decision 0021). */
  typing: endpoint({
    method: 'POST',
    tokenScope: 'chat',
    path: `${rooms}/:roomId/typing`,
    summary: 'Say the caller is typing in the room (at most every 3 s; nothing is stored)',
    params: chatRoomParamsSchema,
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
