import type {
  ChatAttachment,
  ChatMessage,
  ChatMessageReactions,
  ChatNotice,
  ChatNotifyLevelState,
} from './chat';
import type { Notification } from './notifications';
import type { PresenceStatus } from './presence';

/**
 * Live events, one typed union. Clients treat most of them as invalidation signals: they refetch
 * what the event names. An event carries ids, or an object exactly as the REST answer presents
 * it (made by the same server presenter), never a copy renamed by hand.
 */
export type WorkspaceMemberRemovedEvent = {
  type: 'WORKSPACE_MEMBER_REMOVED';
  workspaceId: number;
  userId: number;
  reason: 'KICKED' | 'BANNED' | 'LEFT';
};
/** On the workspace's topic: someone joined (by invite or code); member lists fetch again. */
export type WorkspaceMemberJoinedEvent = {
  type: 'WORKSPACE_MEMBER_JOINED';
  workspaceId: number;
  userId: number;
};
export type WorkspaceDeletedEvent = { type: 'WORKSPACE_DELETED'; workspaceId: number };
export type TeamDeletedEvent = { type: 'TEAM_DELETED'; workspaceId: number; teamId: number };
export type TeamMembershipChangedEvent = {
  type: 'TEAM_MEMBERSHIP_CHANGED';
  workspaceId: number;
  teamId: number;
  userId: number;
  change: 'JOINED' | 'LEFT' | 'REMOVED';
};

/**
 * Something in a team's space changed: clients refetch that area of the team ('TEAM': the team
 * itself, its name, description or who may post 공지).
 */
export type TeamContentChangedEvent = {
  type: 'TEAM_CONTENT_CHANGED';
  workspaceId: number;
  teamId: number;
  area: 'TEAM' | 'KANBAN' | 'SCHEDULES' | 'ANNOUNCEMENTS' | 'POSTS';
};

/**
 * A member saved their free time of a week (free-time.ts): the team's heat map of that week is
 * fetched again. `weekStart` is the week's Monday (YYYY-MM-DD, Asia/Seoul).
 */
export type TeamFreeTimeChangedEvent = {
  type: 'TEAM_FREE_TIME_CHANGED';
  workspaceId: number;
  teamId: number;
  weekStart: string;
  userId: number;
};

/**
 * Chat events (spec 02 section 7 "Live events"), on the room's topic. A new message carries the
 * message as `GET .../messages` presents it; the flat fields beside it are the spec's, for its
 * clients, taken from that same object.
 */
export type NewChatMessageEvent = {
  type: 'NEW_CHAT_MESSAGE';
  messageId: number;
  chatRoomId: number;
  content: string;
  senderId: number;
  senderName: string;
  senderProfileImageUrl: string | null;
  sentAt: string;
  /** The files sent with the message, in order (where to fetch them, not their bytes). */
  attachments: ChatAttachment[];
  message: ChatMessage;
};
export type ChatMessageDeletedEvent = {
  type: 'CHAT_MESSAGE_DELETED';
  chatRoomId: number;
  messageId: number;
};
/** The author edited a message: the message as `GET .../messages` now presents it. */
export type ChatMessageEditedEvent = {
  type: 'CHAT_MESSAGE_EDITED';
  chatRoomId: number;
  messageId: number;
  message: ChatMessage;
};
/** Someone reacted (or took a reaction back): the message's reactions as the PUT answers them. */
export type ChatReactionsChangedEvent = { type: 'CHAT_REACTIONS_CHANGED' } & ChatMessageReactions;
export type ChatMemberEvent = {
  type: 'CHAT_MEMBER_JOINED' | 'CHAT_MEMBER_LEFT';
  chatRoomId: number;
  workspaceId: number;
  userId: number;
  userName: string;
};
/** Addressed to one user: their unread counts changed (read elsewhere, another tab or device). */
export type ChatReadEvent = {
  type: 'CHAT_READ';
  chatRoomId: number;
  lastReadMessageId: number;
  /** The reader's unread count in the room after the move, as the server counts it. */
  unreadCount: number;
};
/**
 * On the room's topic: a member's read pointer moved from `previousMessageId` (null: never
 * opened) to `lastReadMessageId`. Every message in between has one reader fewer to wait for.
 * (Sending moves the sender's pointer to their message too; that move is not announced: the
 * NEW_CHAT_MESSAGE event implies it.)
 */
export type ChatReadPointerMovedEvent = {
  type: 'CHAT_READ_POINTER_MOVED';
  chatRoomId: number;
  userId: number;
  previousMessageId: number | null;
  lastReadMessageId: number;
};

/** The room's notice changed (pinned, replaced or taken down): as GET .../notice answers it. */
export type ChatNoticeChangedEvent = { type: 'CHAT_NOTICE_CHANGED' } & ChatNotice;

/** Addressed to one user: they changed their notification level in a room (another tab). */
export type ChatNotifyLevelChangedEvent = {
  type: 'CHAT_NOTIFY_LEVEL_CHANGED';
} & ChatNotifyLevelState;

/**
 * On the room's topic, never logged (decision 0021): `userId` is typing in the room. Clients show
 * it for CHAT_TYPING_SHOW_MS unless heard again, and drop it at once when that person's message
 * arrives. Sent at most once per CHAT_TYPING_INTERVAL_MS per person and room.
 */
export type ChatTypingEvent = {
  type: 'CHAT_TYPING';
  chatRoomId: number;
  userId: number;
  userName: string;
};

/**
 * On the workspace's topic, never logged (decision 0021): members' presence changed. The changes
 * settled since the workspace's last such event travel together (at most one event per
 * `PresenceTimings.announceGapMs`), so a thousand people coming online at nine are tens of
 * events to each stream, not a thousand. A client that reconnects reads
 * GET /workspaces/{ws}/presence again instead of replaying these.
 */
export type PresenceChangedEvent = {
  type: 'PRESENCE_CHANGED';
  workspaceId: number;
  /** Each member's newest status, one entry per member, by user id. */
  changes: Array<{ userId: number; status: PresenceStatus }>;
};

/** A notification for the listener was made or changed (a folded chat one counts up). */
export type NotificationCreatedEvent = {
  type: 'NOTIFICATION_CREATED';
  /** The same presented object the REST list answers. */
  notification: Notification;
  unreadCount: number;
};
/** Notifications were read (some, or all): the listener's new unread count. */
export type NotificationReadEvent = {
  type: 'NOTIFICATION_READ';
  ids: number[] | 'ALL';
  unreadCount: number;
};

/** A team-formation session changed (votes, draw, confirm): followers refetch it. */
export type FormationUpdatedEvent = {
  type: 'FORMATION_UPDATED';
  workspaceId: number;
  formationId: number;
};

export type LiveEvent =
  | NewChatMessageEvent
  | ChatMessageDeletedEvent
  | ChatReactionsChangedEvent
  | ChatMessageEditedEvent
  | ChatMemberEvent
  | ChatReadEvent
  | ChatReadPointerMovedEvent
  | ChatNoticeChangedEvent
  | ChatNotifyLevelChangedEvent
  | ChatTypingEvent
  | PresenceChangedEvent
  | WorkspaceMemberRemovedEvent
  | WorkspaceMemberJoinedEvent
  | TeamContentChangedEvent
  | TeamFreeTimeChangedEvent
  | WorkspaceDeletedEvent
  | TeamDeletedEvent
  | TeamMembershipChangedEvent
  | NotificationCreatedEvent
  | NotificationReadEvent
  | FormationUpdatedEvent;

/**
 * Written by the SSE stream itself, never published on the bus: what the client missed is older
 * than the replay log, so everything shown must be fetched again.
 */
export type ResyncSignal = { type: 'RESYNC'; eventId: number };

/** Bus topics: everything about one workspace, everything addressed to one user, one chat room. */
export const Topics = {
  workspace: (workspaceId: number) => `workspace.${workspaceId}`,
  user: (userId: number) => `user.${userId}`,
  chatRoom: (roomId: number) => `chat.${roomId}`,
  /** A meeting's participant events (`/sub/video/{roomId}`). */
  videoChannel: (channelId: number) => `video.${channelId}`,
  /** A meeting's chat (`/sub/chat/{roomId}`). */
  meetingChat: (channelId: number) => `meeting-chat.${channelId}`,
  /** WebRTC signalling addressed to one person (`/user/queue/signal`). */
  videoSignal: (userId: number) => `video-signal.${userId}`,
} as const;
