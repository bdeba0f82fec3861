import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// Read lazily (inside `references` callbacks), so the cycle with schema.ts, which re-exports
// this file, is never followed while either module is still loading.
import { kanbanTasks, teams, users, videoChannels, workspaces } from './schema';

/*
 * Class mode (issue 45, migration 0037): meetings as sessions with who attended, their notes,
 * what an instructor or TA read, peer evaluation rounds and the nudges sent to teams.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One meeting: a video channel from its first join until the last person left. A channel is a
 * place; a session is what happened there, with notes and an attendance list of its own.
 */
export const meetingSessions = pgTable(
  'meeting_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => videoChannels.id, { onDelete: 'cascade' }),
    startedAt: at('started_at').notNull().defaultNow(),
    /** Null while someone is still in the meeting. */
    endedAt: at('ended_at'),
  },
  (t) => [
    index('meeting_sessions_channel_idx').on(t.channelId, t.startedAt),
    // At most one meeting runs in a channel at a time.
    uniqueIndex('meeting_sessions_open_key')
      .on(t.channelId)
      .where(sql`ended_at is null`),
  ],
);

/** One stay of a person in a meeting, from a join to its leave (several if they rejoin). */
export const meetingAttendance = pgTable(
  'meeting_attendance',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => meetingSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: at('joined_at').notNull().defaultNow(),
    /** Null while they are in it. */
    leftAt: at('left_at'),
  },
  (t) => [
    index('meeting_attendance_session_idx').on(t.sessionId, t.userId),
    index('meeting_attendance_user_idx').on(t.userId, t.joinedAt),
  ],
);

/** A meeting's notes (회의록), written during or after it. */
export const meetingNotes = pgTable('meeting_notes', {
  sessionId: integer('session_id')
    .primaryKey()
    .references(() => meetingSessions.id, { onDelete: 'cascade' }),
  content: text('content').notNull().default(''),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** An action item line of a meeting's notes made into a kanban card. */
export const meetingNoteCards = pgTable(
  'meeting_note_cards',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => meetingSessions.id, { onDelete: 'cascade' }),
    /** The line's own key (its text, normalised), so the same line is not made a card twice. */
    lineKey: text('line_key').notNull(),
    taskId: integer('task_id').references(() => kanbanTasks.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.lineKey] })],
);

/** What an instructor or TA read of a team they are not in (class mode's transparency). */
export const teamReadLog = pgTable(
  'team_read_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    readerId: integer('reader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What was read: BOARD, ANNOUNCEMENTS, KANBAN, SCHEDULES, FILES, CONTRIBUTION... */
    area: text('area').notNull(),
    readAt: at('read_at').notNull().defaultNow(),
  },
  (t) => [index('team_read_log_team_idx').on(t.teamId, t.readAt)],
);

/** A criterion of a peer evaluation round, rated 1 to 5. */
export type EvaluationCriterion = { title: string; description: string };

/** A peer evaluation round an instructor opens for every team of the class. */
export const evaluationRounds = pgTable(
  'evaluation_rounds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    criteria: jsonb('criteria').$type<EvaluationCriterion[]>().notNull(),
    /** Whether each student rates themselves too. */
    includeSelf: boolean('include_self').notNull().default(false),
    opensAt: at('opens_at').notNull(),
    closesAt: at('closes_at').notNull(),
    /** When the instructor released the students' own aggregated feedback; null until then. */
    releasedAt: at('released_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('evaluation_rounds_workspace_idx').on(t.workspaceId, t.opensAt)],
);

/** One student's ratings of one teammate (or themselves) in a round. */
export const evaluationResponses = pgTable(
  'evaluation_responses',
  {
    roundId: integer('round_id')
      .notNull()
      .references(() => evaluationRounds.id, { onDelete: 'cascade' }),
    /** The team the rater and ratee were in together when it was given. */
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    raterId: integer('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rateeId: integer('ratee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One score (1-5) per criterion of the round, in its order. */
    scores: smallint('scores').array().notNull(),
    comment: text('comment').notNull().default(''),
    submittedAt: at('submitted_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.teamId, t.raterId, t.rateeId] }),
    index('evaluation_responses_team_idx').on(t.roundId, t.teamId),
  ],
);

/** A nudge an instructor or TA sent to a team or one member of it (notified and kept). */
export const classNudges = pgTable(
  'class_nudges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Null: the whole team. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('class_nudges_team_idx').on(t.teamId, t.createdAt)],
);

/** What a member did in a team, as `team_activity` (migration 0037) counts it. */
export const TEAM_ACTIVITY_KINDS = [
  'ANNOUNCEMENT',
  'POST',
  'COMMENT',
  'TASK_COMMENT',
  'COMPLETION_REQUEST',
  'FILE',
  'CHAT_FILE',
  'MESSAGE',
  'MEETING',
] as const;

/**
 * Everything a member did in a team, one row each (a view of migration 0037): the one definition
 * of activity that the contribution evidence and the instructor's overview read. `itemId` is the
 * row's id in the table of its kind (for MEETING, the attendance row's).
 */
export const teamActivity = pgView('team_activity', {
  kind: text('kind', { enum: TEAM_ACTIVITY_KINDS }).notNull(),
  teamId: integer('team_id').notNull(),
  userId: integer('user_id').notNull(),
  itemId: bigint('item_id', { mode: 'number' }).notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
}).existing();
