import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { notificationKinds } from '@teamup/contracts/notifications';
import { digestFrequencies } from '@teamup/contracts/delivery';
import { CHAT_NOTIFY_LEVELS } from '@teamup/contracts/chat';
import { ANNOUNCEMENT_POSTING } from '@teamup/contracts/teams';
import { WORKSPACE_ROLES } from '@teamup/contracts/workspaces';
import { VIDEO_MODES } from '@teamup/contracts/video';
// Read lazily (inside `references` callbacks): schema-auth.ts reads `users` from here.
import { authSessions } from './schema-auth';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Always stored lower-case. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    provider: text('provider', { enum: ['LOCAL', 'GOOGLE', 'KAKAO', 'SSO'] })
      .notNull()
      .default('LOCAL'),
    providerUserId: text('provider_user_id'),
    role: text('role', { enum: ['USER', 'ADMIN'] })
      .notNull()
      .default('USER'),
    age: integer('age'),
    mbti: text('mbti'),
    disposition: text('disposition'),
    hashtags: text('hashtags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    introduction: text('introduction'),
    portfolio: text('portfolio'),
    preferWorkstyle: text('prefer_workstyle'),
    dislikeWorkstyle: text('dislike_workstyle'),
    profileImageUrl: text('profile_image_url'),
    /** When the after-first-login profile prompt was saved or skipped (migration 0027). */
    profilePromptDoneAt: timestamp('profile_prompt_done_at', { withTimezone: true }),
    /** Set by an instance admin (migration 0039): no sign-in, no session, no live stream. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const workspaces = pgTable(
  'workspaces',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** An emoji or letter, or the URL of an uploaded icon under /api/files/public/icons/. */
    iconUrl: text('icon_url'),
    inviteCode: text('invite_code').notNull(),
    passwordHash: text('password_hash'),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    /** A class (issue 45): instructors and TAs oversee its teams (workspaces.policy.ts). */
    isClass: boolean('is_class').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('workspaces_invite_code_key').on(t.inviteCode)],
);

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull().default('MEMBER'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_idx').on(t.userId),
  ],
);

/** Banned users cannot join again until an admin unbans them. */
export const workspaceBans = pgTable(
  'workspace_bans',
  {
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bannedBy: integer('banned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

export const teams = pgTable(
  'teams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    passwordHash: text('password_hash'),
    /** Null only for a team its last member chose to keep. */
    leaderId: integer('leader_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who may post announcements (migration 0026): every member, or the leader only. */
    announcementPosting: text('announcement_posting', { enum: ANNOUNCEMENT_POSTING })
      .notNull()
      .default('EVERYONE'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('teams_workspace_idx').on(t.workspaceId)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index('team_members_user_idx').on(t.userId),
  ],
);

/** Each team's bulletin board, made with the team. */
export const boards = pgTable('boards', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  teamId: integer('team_id')
    .notNull()
    .unique()
    .references(() => teams.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('announcements_team_idx').on(t.teamId, t.createdAt)],
);

export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    boardId: integer('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('posts_board_idx').on(t.boardId, t.createdAt)],
);

export const postComments = pgTable(
  'post_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('post_comments_post_idx').on(t.postId, t.createdAt)],
);

export const attachments = pgTable(
  'attachments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    uploaderId: integer('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The name as uploaded; never used as a storage path. */
    originalName: text('original_name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The media type served: a raster image type when the bytes are one, else octet-stream. */
    contentType: text('content_type').notNull(),
    isImage: boolean('is_image').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('attachments_post_idx').on(t.postId)],
);

export const schedules = pgTable(
  'schedules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    type: text('type', {
      enum: ['MEETING', 'DEADLINE', 'WORKSHOP', 'VACATION', 'OTHER'],
    }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Minutes before the start at which the team is reminded, ascending (issue 44, migration 0036). */
    reminders: integer('reminders')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * A series (decision 0046): its RFC 5545 RRULE; `startsAt`/`endsAt` are its first
     * occurrence. Null for a schedule that happens once (and for an edited occurrence).
     */
    recurrenceRule: text('recurrence_rule'),
    /** When the series' last occurrence ends (null: it never ends); bounds the range query. */
    recurrenceEndsAt: timestamp('recurrence_ends_at', { withTimezone: true }),
    /** An edited occurrence ("이 일정만"): the series it replaces one occurrence of. */
    seriesId: integer('series_id').references((): AnyPgColumn => schedules.id, {
      onDelete: 'cascade',
    }),
    /** With `seriesId`: the original start of the occurrence it replaces. */
    originalStart: timestamp('original_start', { withTimezone: true }),
  },
  (t) => [
    index('schedules_team_time_idx').on(t.teamId, t.startsAt, t.endsAt),
    index('schedules_team_series_idx')
      .on(t.teamId, t.startsAt)
      .where(sql`${t.recurrenceRule} is not null`),
    index('schedules_series_idx').on(t.seriesId),
  ],
);

/**
 * The occurrences of a series that no longer happen as the rule says (RFC 5545 EXDATE): deleted
 * ("이 일정만"), or replaced by an edited copy (a schedules row with `seriesId`).
 */
export const scheduleExdates = pgTable(
  'schedule_exdates',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    occurrenceStart: timestamp('occurrence_start', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.occurrenceStart] })],
);

/**
 * A member's free time of one week in one team (issue 44): the half-hour slots of the week grid
 * they marked (contracts free-time.ts numbers them 0–223 from Monday 08:00, Asia/Seoul), one row
 * per member, team and week. No row: not answered yet; an empty array: free at no time.
 */
export const freeTimeSlots = pgTable(
  'free_time_slots',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The week's Monday (the Seoul calendar day). */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    slots: smallint('slots').array().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.weekStart, t.userId] })],
);

/**
 * A person's calendar feed (issue 44, migration 0034): the secret of its URL, kept only as a
 * SHA-256 hash (the URL is shown once, when made). One per person: making another replaces it,
 * revoking deletes it.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_key').on(t.tokenHash)],
);

/** One kanban board per team, made on first use. */
export const kanbans = pgTable('kanbans', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  teamId: integer('team_id')
    .notNull()
    .unique()
    .references(() => teams.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/**
 * Lists and tasks keep their order in `position`, a fractional index (a string that sorts
 * between its neighbours), so a move rewrites one row, never the whole list; ties are broken by id.
 */
export const kanbanLists = pgTable(
  'kanban_lists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kanbanId: integer('kanban_id')
      .notNull()
      .references(() => kanbans.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: text('position').notNull(),
    /** The board's done list: an approved card moves here (decision 0006). One per board. */
    isDone: boolean('is_done').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('kanban_lists_board_idx').on(t.kanbanId, t.position),
    uniqueIndex('kanban_lists_done_idx')
      .on(t.kanbanId)
      .where(sql`is_done`),
  ],
);

export const kanbanTasks = pgTable(
  'kanban_tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    listId: integer('list_id')
      .notNull()
      .references(() => kanbanLists.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    content: text('content'),
    // A calendar day (YYYY-MM-DD) or a UTC instant (ISO-8601), as the client set it.
    deadline: text('deadline'),
    position: text('position').notNull(),
    completionRequested: boolean('completion_requested').notNull().default(false),
    completionRequestMessage: text('completion_request_message'),
    completionRequesterId: integer('completion_requester_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** When the member asked for its completion (the latest request); class evidence. */
    completionRequestedAt: timestamp('completion_requested_at', { withTimezone: true }),
    isApproved: boolean('is_approved').notNull().default(false),
    /** When it was approved; null while it is not (issue 45's contribution evidence). */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    rejected: boolean('rejected').notNull().default(false),
    approvalMessage: text('approval_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('kanban_tasks_list_idx').on(t.listId, t.position)],
);

export const kanbanTaskAssignees = pgTable(
  'kanban_task_assignees',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => kanbanTasks.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.userId] }),
    // "내 할 일" (issue 44, migration 0033) starts from one person's assignments.
    index('kanban_task_assignees_user_idx').on(t.userId, t.taskId),
  ],
);

export const kanbanTaskComments = pgTable(
  'kanban_task_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => kanbanTasks.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('kanban_task_comments_task_idx').on(t.taskId, t.createdAt)],
);

export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['PERSONAL', 'GROUP'] }).notNull(),
    /** Null for a DM: it is named after the other person. */
    name: text('name'),
    /** `{smaller user id}:{larger user id}` for a DM, so one pair has one DM per workspace. */
    dmKey: text('dm_key'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The room's notice (공지): one message shown at the top; null when none. */
    pinnedMessageId: integer('pinned_message_id').references((): AnyPgColumn => chatMessages.id, {
      onDelete: 'set null',
    }),
    /**
     * The team whose room this is (migration 0028): its members follow the team's. Null for other
     * rooms, and once the team is deleted (the room stays as a plain group room).
     */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('chat_rooms_workspace_idx').on(t.workspaceId, t.createdAt),
    uniqueIndex('chat_rooms_dm_idx').on(t.workspaceId, t.dmKey),
    uniqueIndex('chat_rooms_team_idx')
      .on(t.teamId)
      .where(sql`team_id IS NOT NULL`),
  ],
);

export const chatRoomMembers = pgTable(
  'chat_room_members',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The newest message this member has seen; null: never opened. */
    lastReadMessageId: integer('last_read_message_id'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** How this member hears of the room's messages; null follows their notification settings. */
    notifyLevel: text('notify_level', { enum: CHAT_NOTIFY_LEVELS }),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    index('chat_room_members_user_idx').on(t.userId),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
    /** Soft delete: the row keeps its place in the order. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The message this one answers (same room); a deleted original still shows, as deleted. */
    replyToId: integer('reply_to_id').references((): AnyPgColumn => chatMessages.id, {
      onDelete: 'set null',
    }),
    /** The last edit by its author; null: never edited. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Set for what an incoming webhook posted (no sender): the bot's name then. */
    botName: text('bot_name'),
  },
  (t) => [index('chat_messages_room_idx').on(t.roomId, t.id)],
);

/** A message's text before an edit replaced it; shown to the room for 24 hours after. */
export const chatMessageEdits = pgTable(
  'chat_message_edits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    /** The text as it was until `replacedAt`. */
    content: text('content').notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('chat_message_edits_message_idx').on(t.messageId, t.replacedAt)],
);

/** One person's reaction (one of CHAT_REACTIONS) to a message; toggled, at most once per emoji. */
export const chatMessageReactions = pgTable(
  'chat_message_reactions',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.emoji, t.userId] })],
);

/**
 * A file sent with a chat message (up to Limits.chatFilesPerMessage per message, `position`
 * their order); removed with the message.
 */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    /** 0-based place among the message's files, as they were sent. */
    position: integer('position').notNull().default(0),
    /** The name as uploaded; never used as a storage path. */
    originalName: text('original_name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** A raster image type when the bytes are one, else octet-stream. */
    contentType: text('content_type').notNull(),
    isImage: boolean('is_image').notNull(),
  },
  (t) => [uniqueIndex('chat_attachments_message_position_idx').on(t.messageId, t.position)],
);

/** A notification for one person; chat ones fold per room while unread (`foldKey`, `count`). */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    message: text('message').notNull(),
    /** A route of the web app (hash path), e.g. `/ws/3/chat/9`. */
    link: text('link').notNull(),
    foldKey: text('fold_key'),
    count: integer('count').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.updatedAt),
    uniqueIndex('notifications_fold_idx')
      .on(t.userId, t.foldKey)
      .where(sql`read_at IS NULL AND fold_key IS NOT NULL`),
  ],
);

/** Kinds a person turned off (every kind is on unless a row here says otherwise). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * How notifications reach a member while away: the digest mail and quiet hours (issue 43). No row
 * means the defaults of contracts/delivery.ts.
 */
export const notificationDelivery = pgTable('notification_delivery', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  digest: text('digest', { enum: digestFrequencies }).notNull(),
  quietEnabled: boolean('quiet_enabled').notNull(),
  /** 'HH:mm' in `timeZone`. */
  quietStart: text('quiet_start').notNull(),
  quietEnd: text('quiet_end').notNull(),
  quietAllowMentions: boolean('quiet_allow_mentions').notNull(),
  timeZone: text('time_zone').notNull(),
  /** Reminded 24 h / 1 h before the deadline of a card assigned to them (issue 44, migration 0036). */
  remindTask24h: boolean('remind_task_24h').notNull().default(true),
  remindTask1h: boolean('remind_task_1h').notNull().default(true),
  /** The newest notice the last digest mail told of: the next tells only what came after. */
  digestSentAt: timestamp('digest_sent_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A browser that receives a person's web pushes (issue 43, migration 0031): its push service
 * endpoint (one browser profile, so unique) and keys, and the login session that subscribed it,
 * whose end (logout, revocation) deletes it in the same transaction.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key, base64url (RFC 8291 `p256dh`). */
    p256dh: text('p256dh').notNull(),
    /** The browser's 16-byte auth secret, base64url. */
    auth: text('auth').notNull(),
    /** The User-Agent of the call that subscribed (the device's name in the list). */
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/**
 * A team-formation session in a workspace: who takes part, how many teams, the method, the
 * committed seed (its hash is public from the start, the seed only after the draw), the result,
 * and, once confirmed, the teams it made.
 */
export const formations = pgTable(
  'formations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    method: text('method', { enum: ['DICE', 'LADDER', 'VOTE', 'MANUAL'] }).notNull(),
    status: text('status', { enum: ['OPEN', 'DRAWN', 'CONFIRMED', 'CANCELLED'] })
      .notNull()
      .default('OPEN'),
    participantIds: integer('participant_ids').array().notNull(),
    teamNames: text('team_names').array().notNull(),
    /** Vote only: the places each option (team) holds. */
    capacities: integer('capacities').array(),
    deadline: timestamp('deadline', { withTimezone: true }),
    /** Vote: when to remind those who have not voted; cleared once sent (or when closed). */
    remindAt: timestamp('remind_at', { withTimezone: true }),
    seedHash: text('seed_hash').notNull(),
    /** Kept secret until the draw. */
    seed: text('seed').notNull(),
    seedRevealed: boolean('seed_revealed').notNull().default(false),
    /** Dice and manual: spread skills and avoid disliked work styles (issue 8, beyond the spec). */
    balanced: boolean('balanced').notNull().default(false),
    /** The participants' traits as drawn with, so a balanced result stays recomputable. */
    traits: jsonb('traits'),
    /** Team index per participant (in `participantIds` order). */
    result: integer('result').array(),
    createdTeamIds: integer('created_team_ids').array(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('formations_workspace_idx').on(t.workspaceId, t.createdAt),
    // The deadline sweep looks at open sessions with a deadline only.
    index('formations_open_deadline_idx')
      .on(t.deadline)
      .where(sql`status = 'OPEN' AND deadline IS NOT NULL`),
  ],
);

/** A participant's ranking of the options in a vote (most wanted first). */
export const formationVotes = pgTable(
  'formation_votes',
  {
    formationId: integer('formation_id')
      .notNull()
      .references(() => formations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ranking: integer('ranking').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.formationId, t.userId] })],
);

/** Single-use tickets for the SSE subscribe call (EventSource cannot send headers). */
export const sseTickets = pgTable('sse_tickets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  /** The login session that asked for it: its stream ends when that session does. */
  sessionId: integer('session_id').references(() => authSessions.id, { onDelete: 'cascade' }),
  /** When the access token that asked for it expires: the stream ends then (0012). */
  accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
});

/** Every published live event for a short while, so a reconnecting client can replay what it missed. */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('live_events_topic_idx').on(t.topic, t.id),
    index('live_events_time_idx').on(t.createdAt),
  ],
);

/** A video meeting room of a workspace; names are unique per workspace. */
export const videoChannels = pgTable(
  'video_channels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The team whose meetings these are (class mode's attendance and notes); null: the workspace's. */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The one participant who may publish media now (spec 02: one broadcaster at a time); claimed
     * with a conditional update so two claims never both win.
     */
    broadcasterId: integer('broadcaster_id').references(() => users.id, { onDelete: 'set null' }),
    /** PRESENTATION (the spec's one broadcaster) or DISCUSSION (everyone publishes; issue 47). */
    mode: text('mode', { enum: VIDEO_MODES }).notNull().default('PRESENTATION'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('video_channels_workspace_name_key').on(t.workspaceId, t.name),
    check('video_channels_mode_check', sql`${t.mode} IN ('PRESENTATION', 'DISCUSSION')`),
    // A team's meeting channels (issue 45's contribution evidence, migration 0038).
    index('video_channels_team_idx')
      .on(t.teamId)
      .where(sql`team_id IS NOT NULL`),
  ],
);

/** Someone in a meeting. `lastSeenAt` is refreshed while their meeting connection is open. */
export const videoParticipants = pgTable(
  'video_participants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => videoChannels.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Discussion mode: holds one of the publisher places, and what is sent (PUT .../media). */
    publishing: boolean('publishing').notNull().default(false),
    camera: boolean('camera').notNull().default(false),
    microphone: boolean('microphone').notNull().default(false),
    screen: boolean('screen').notNull().default(false),
  },
  (t) => [
    uniqueIndex('video_participants_channel_user_key').on(t.channelId, t.userId),
    index('video_participants_seen_idx').on(t.lastSeenAt),
  ],
);

/** The in-meeting chat, kept with the room so someone joining later sees the history. */
export const videoChatMessages = pgTable(
  'video_chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => videoChannels.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** As the sender was named when writing; the log reads the same after a rename. */
    senderName: text('sender_name').notNull(),
    senderEmail: text('sender_email').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('video_chat_messages_channel_idx').on(t.channelId, t.id)],
);

/** How a scheduled job stands: waiting (or being run), or finished one of three ways. */
export const JOB_STATUSES = ['pending', 'done', 'failed', 'skipped'] as const;

/**
 * Due-time jobs (platform/jobs, decision 0042): a module schedules one under a key of its own
 * and a runner on some instance runs its kind's handler once it is due. Finished jobs stay (with
 * `doneAt`) so scheduling the same key and due time again does not run it twice; they are purged
 * once past the catch-up window.
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Which handler runs it (a kind a module registers). */
    kind: text('kind').notNull(),
    /** The module's own name for it ("kanban:task:12:24h"): scheduling it again moves it. */
    key: text('key').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    /** Claims so far, counted when claimed: a job that kills its runner still runs out of tries. */
    attempts: integer('attempts').notNull().default(0),
    /**
     * No runner takes the job before this: the lease of the runner that claimed it, or the
     * backoff after a failed attempt.
     */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The claim (runner and batch) the lease belongs to; a run checks it is still its own. */
    claimedBy: text('claimed_by'),
    lastError: text('last_error'),
    /** When it finished (done, failed or skipped). */
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('scheduled_jobs_key_key').on(t.key),
    index('scheduled_jobs_due_idx')
      .on(t.dueAt)
      .where(sql`status = 'pending'`),
  ],
);

export * from './schema-class';
export * from './schema-auth';
export * from './schema-admin';
export * from './schema-tokens';
export * from './schema-webhooks';
export * from './schema-exports';
