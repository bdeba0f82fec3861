import { z } from 'zod';
import { CHAT_REACTIONS } from '@teamup/contracts/chat';
import { Limits } from '@teamup/contracts/limits';
import { parseRecurrenceRule, RecurrenceLimits } from '@teamup/contracts/recurrence';
import { scheduleRemindersSchema, scheduleTypes } from '@teamup/contracts/schedules';
import { ANNOUNCEMENT_POSTING } from '@teamup/contracts/teams';
import { WORKSPACE_ROLES } from '@teamup/contracts/workspaces';

/*
 * The JSON documents of a workspace archive (issue 46), as zod schemas: the writer
 * (workspace-archive.ts) builds their input types, so what it writes is what the restore
 * (workspace-restore.ts) accepts, and the restore trusts nothing the schemas have not checked.
 * Ids are the source instance's; people are named by their user id, resolved through members.json.
 */

/** Where each document sits in the archive. */
export const ArchivePaths = {
  manifest: 'manifest.json',
  workspace: 'workspace.json',
  members: 'members.json',
  teams: 'teams.json',
  announcements: 'announcements.json',
  posts: 'posts.json',
  schedules: 'schedules.json',
  kanban: 'kanban.json',
  chat: 'chat.json',
} as const;

const id = z.number().int().positive().max(2_147_483_647);
/** Written with `toISOString()`; read back as a Date. */
const instant = z.iso.datetime({ offset: true }).transform((value) => new Date(value));
const text = (max: number) => z.string().max(max);

/**
 * A file's place in the archive: `files/<area>/<name>`, one level, no dot first, nothing a zip
 * reader could take for a directory climb or a control sequence.
 */
export const archiveFilePath = z
  .string()
  .max(400)
  .regex(/^files\/(?:posts|chat|workspace|profile)\/[^/\\.\p{Cc}][^/\\\p{Cc}]*$/u);

const storedFile = z.object({
  fileName: text(Limits.fileNameMax),
  size: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  /** As served; a restore keeps it only when it is one of the raster image types. */
  contentType: text(100).optional(),
  path: archiveFilePath,
});

export const manifestSchema = z.object({
  format: z.string(),
  version: z.number(),
  exportedAt: instant,
  workspace: z.object({ id, name: z.string() }),
});

export const workspaceSchema = z.object({
  id,
  name: z.string().trim().min(1).max(Limits.workspaceNameMax),
  /** The emoji or letters shown as its icon, when it had no uploaded icon (the app's own rule). */
  iconText: text(Limits.urlMax)
    .refine((value) => !/[:/\\]/.test(value) && [...value].length <= Limits.workspaceIconTextMax)
    .nullable(),
  /** The uploaded icon's file. */
  icon: archiveFilePath.nullable(),
  isClass: z.boolean(),
  createdAt: instant,
});

export const personSchema = z.object({
  id,
  name: text(200),
  email: z.string().max(Limits.emailMax),
  /** Null for someone seen in the content who is no longer a member (`member: false`). */
  role: z.enum(WORKSPACE_ROLES).nullable(),
  joinedAt: instant.nullable(),
  member: z.boolean(),
});
export const membersSchema = z.array(personSchema);

export const teamsSchema = z.array(
  z.object({
    id,
    name: z.string().trim().min(1).max(Limits.teamNameMax),
    description: text(Limits.teamDescriptionMax).nullable(),
    leaderId: id.nullable(),
    announcementPosting: z.enum(ANNOUNCEMENT_POSTING),
    createdAt: instant,
    updatedAt: instant,
    members: z.array(z.object({ userId: id, joinedAt: instant })),
  }),
);

export const announcementsSchema = z.array(
  z.object({
    id,
    teamId: id,
    authorId: id,
    title: text(Limits.titleMax),
    content: text(Limits.contentMax),
    createdAt: instant,
    updatedAt: instant,
  }),
);

const commentSchema = z.object({
  id,
  authorId: id,
  content: text(Limits.commentMax),
  createdAt: instant,
  updatedAt: instant,
});

export const postsSchema = z.array(
  z.object({
    id,
    teamId: id,
    authorId: id,
    title: text(Limits.titleMax),
    content: text(Limits.contentMax),
    createdAt: instant,
    updatedAt: instant,
    comments: z.array(commentSchema),
    attachments: z.array(storedFile.extend({ id, uploaderId: id, createdAt: instant })),
  }),
);

export const schedulesSchema = z.array(
  z.object({
    id,
    teamId: id,
    creatorId: id,
    title: text(Limits.titleMax),
    description: text(Limits.longTextMax).nullable(),
    type: z.enum(scheduleTypes),
    startsAt: instant,
    endsAt: instant,
    reminders: scheduleRemindersSchema,
    // Only rules the calendar can expand: another would fail every view of the team's calendar.
    recurrenceRule: text(RecurrenceLimits.ruleMaxLength)
      .refine((rule) => parseRecurrenceRule(rule).ok, 'not a recurrence rule the app offers')
      .nullable(),
    recurrenceEndsAt: instant.nullable(),
    seriesId: id.nullable(),
    originalStart: instant.nullable(),
    createdAt: instant,
    updatedAt: instant,
    /** The series' occurrences that no longer happen as the rule says (RFC 5545 EXDATE). */
    exdates: z.array(instant),
  }),
);

const calendarDay = z.iso.date();
const deadline = z
  .string()
  .max(40)
  .refine((value) => calendarDay.safeParse(value).success || !Number.isNaN(Date.parse(value)), {
    message: 'not a day or an instant',
  });

const taskSchema = z.object({
  id,
  subject: z.string().trim().min(1).max(Limits.titleMax),
  content: text(Limits.longTextMax).nullable(),
  deadline: deadline.nullable(),
  completionRequested: z.boolean(),
  completionRequestMessage: text(Limits.shortTextMax * 5).nullable(),
  completionRequesterId: id.nullable(),
  completionRequestedAt: instant.nullable(),
  isApproved: z.boolean(),
  approvedAt: instant.nullable(),
  rejected: z.boolean(),
  approvalMessage: text(Limits.shortTextMax * 5).nullable(),
  createdAt: instant,
  updatedAt: instant,
  assigneeIds: z.array(id),
  comments: z.array(commentSchema),
});

/** Per team: its lists in their order, each with its tasks in order. */
export const kanbanSchema = z.array(
  z.object({
    teamId: id,
    lists: z.array(
      z.object({
        id,
        name: z.string().trim().min(1).max(Limits.kanbanNameMax),
        isDone: z.boolean(),
        createdAt: instant,
        updatedAt: instant,
        tasks: z.array(taskSchema),
      }),
    ),
  }),
);

const messageSchema = z.object({
  id,
  senderId: id.nullable(),
  /** What an incoming webhook posted carries its bot's name and no sender. */
  botName: text(200).nullable(),
  /** Empty for a deleted message. */
  content: text(Limits.chatMessageMax),
  createdAt: instant,
  deletedAt: instant.nullable(),
  replyToId: id.nullable(),
  editedAt: instant.nullable(),
  reactions: z.array(z.object({ userId: id, emoji: z.enum(CHAT_REACTIONS), createdAt: instant })),
  attachments: z.array(storedFile.extend({ id })).max(Limits.chatFilesPerMessage),
});

/** Group rooms only, each with its members and its messages in the order sent. */
export const chatSchema = z.object({
  rooms: z.array(
    z.object({
      id,
      name: text(Limits.chatRoomNameMax).nullable(),
      /** The team whose room it is. */
      teamId: id.nullable(),
      createdBy: id.nullable(),
      createdAt: instant,
      /** The room's notice (공지). */
      pinnedMessageId: id.nullable(),
      members: z.array(z.object({ userId: id, joinedAt: instant })),
      messages: z.array(messageSchema),
    }),
  ),
});

export type Manifest = z.input<typeof manifestSchema>;
export type WorkspaceJson = z.input<typeof workspaceSchema>;
export type PersonJson = z.input<typeof personSchema>;
export type TeamJson = z.input<typeof teamsSchema>[number];
export type AnnouncementJson = z.input<typeof announcementsSchema>[number];
export type PostJson = z.input<typeof postsSchema>[number];
export type CommentJson = z.input<typeof commentSchema>;
export type ScheduleJson = z.input<typeof schedulesSchema>[number];
export type KanbanJson = z.input<typeof kanbanSchema>[number];
export type TaskJson = z.input<typeof taskSchema>;
export type ChatJson = z.input<typeof chatSchema>;
export type RoomJson = ChatJson['rooms'][number];
export type MessageJson = RoomJson['messages'][number];

// --- what readers build and writers share ------------------------------------------------------

/** One JSON document of an archive, and the stored files it refers to. */
export type ArchiveEntry = { path: string; json: unknown };
export type ArchiveFile = { path: string; storageKey: string };
export type Archive = { entries: ArchiveEntry[]; files: ArchiveFile[] };

export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * A stored file's name as a path segment of the archive: letters, digits, `.`, `_`, `-` and
 * spaces (Korean stays), nothing first that hides it or climbs; the caller puts its id before it.
 */
export function archiveFileName(name: string): string {
  const cleaned = Array.from(name.replace(/[^\p{L}\p{N}._ -]/gu, '_').replace(/^[.\s]+/, ''))
    .slice(0, 120)
    .join('')
    .trim();
  return cleaned || 'file';
}

/** Public images (avatars, icons) are stored under the key their URL names after `/api/files/`. */
const PUBLIC_IMAGE_URL = /^\/api\/files\/(public\/(?:avatars|icons)\/[A-Za-z0-9_-]{16,64}\.webp)$/;

/** The storage key of an uploaded public image by its URL; null for anything else (an emoji). */
export function publicImageKey(url: string | null): string | null {
  return url === null ? null : (PUBLIC_IMAGE_URL.exec(url)?.[1] ?? null);
}

/** Rows grouped by a key, each group in the rows' order. */
export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}
