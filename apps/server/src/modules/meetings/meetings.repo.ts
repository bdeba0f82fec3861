import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  kanbanLists,
  kanbans,
  kanbanTasks,
  meetingAttendance,
  meetingNoteCards,
  meetingNotes,
  meetingSessions,
  teams,
  users,
  videoChannels,
} from '../../db/schema';

export type SessionRow = {
  id: number;
  channelId: number;
  startedAt: Date;
  endedAt: Date | null;
  workspaceId: number;
  channelName: string;
  teamId: number | null;
  teamName: string | null;
};

export type SessionSummaryRow = {
  id: number;
  channelId: number;
  startedAt: Date;
  endedAt: Date | null;
  attendeeCount: number;
  hasNotes: boolean;
};

// Spelled out: inside a subquery Drizzle's column references lose their table names.
const attendeeCount = sql<number>`(
  select count(distinct ma."user_id")::int from "meeting_attendance" ma
  where ma."session_id" = "meeting_sessions"."id"
)`;
const hasNotes = sql<boolean>`exists (
  select 1 from "meeting_notes" mn
  where mn."session_id" = "meeting_sessions"."id" and mn."content" <> ''
)`;

/** A channel's meetings, newest first (at most `limit`). */
export function listSessions(
  db: Db,
  channelId: number,
  limit: number,
): Promise<SessionSummaryRow[]> {
  return db
    .select({
      id: meetingSessions.id,
      channelId: meetingSessions.channelId,
      startedAt: meetingSessions.startedAt,
      endedAt: meetingSessions.endedAt,
      attendeeCount,
      hasNotes,
    })
    .from(meetingSessions)
    .where(eq(meetingSessions.channelId, channelId))
    .orderBy(desc(meetingSessions.startedAt), desc(meetingSessions.id))
    .limit(limit);
}

/** A meeting with its channel (workspace, name, team). */
export async function findSession(db: Db, sessionId: number): Promise<SessionRow | undefined> {
  const [row] = await db
    .select({
      id: meetingSessions.id,
      channelId: meetingSessions.channelId,
      startedAt: meetingSessions.startedAt,
      endedAt: meetingSessions.endedAt,
      workspaceId: videoChannels.workspaceId,
      channelName: videoChannels.name,
      teamId: videoChannels.teamId,
      teamName: teams.name,
    })
    .from(meetingSessions)
    .innerJoin(videoChannels, eq(videoChannels.id, meetingSessions.channelId))
    .leftJoin(teams, eq(teams.id, videoChannels.teamId))
    .where(eq(meetingSessions.id, sessionId))
    .limit(1);
  return row;
}

export type StayRow = { userId: number; name: string; joinedAt: Date; leftAt: Date | null };

/** Every stay of the meeting, in order of joining. */
export function staysOf(db: Db, sessionId: number): Promise<StayRow[]> {
  return db
    .select({
      userId: meetingAttendance.userId,
      name: users.name,
      joinedAt: meetingAttendance.joinedAt,
      leftAt: meetingAttendance.leftAt,
    })
    .from(meetingAttendance)
    .innerJoin(users, eq(users.id, meetingAttendance.userId))
    .where(eq(meetingAttendance.sessionId, sessionId))
    .orderBy(asc(meetingAttendance.joinedAt), asc(meetingAttendance.id));
}

export type NotesRow = {
  content: string;
  updatedAt: Date;
  updatedById: number | null;
  updatedByName: string | null;
};

export async function findNotes(db: Db, sessionId: number): Promise<NotesRow | undefined> {
  const [row] = await db
    .select({
      content: meetingNotes.content,
      updatedAt: meetingNotes.updatedAt,
      updatedById: meetingNotes.updatedBy,
      updatedByName: users.name,
    })
    .from(meetingNotes)
    .leftJoin(users, eq(users.id, meetingNotes.updatedBy))
    .where(eq(meetingNotes.sessionId, sessionId))
    .limit(1);
  return row;
}

/** The first save of a meeting's notes; false when someone saved first. */
export async function insertNotes(
  db: Db,
  row: { sessionId: number; content: string; updatedBy: number; at: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(meetingNotes)
    .values({
      sessionId: row.sessionId,
      content: row.content,
      updatedBy: row.updatedBy,
      createdAt: row.at,
      updatedAt: row.at,
    })
    .onConflictDoNothing()
    .returning({ sessionId: meetingNotes.sessionId });
  return inserted.length > 0;
}

/**
 * Saves the notes if they are still as the writer read them (`base`); false otherwise. The new
 * `updatedAt` is always later than the one replaced, so no two versions share one.
 */
export async function updateNotes(
  db: Db,
  row: { sessionId: number; content: string; updatedBy: number; at: Date; base: Date },
): Promise<boolean> {
  const updated = await db
    .update(meetingNotes)
    .set({
      content: row.content,
      updatedBy: row.updatedBy,
      updatedAt: sql`greatest(${row.at.toISOString()}::timestamptz, ${meetingNotes.updatedAt} + interval '1 millisecond')`,
    })
    .where(
      and(
        eq(meetingNotes.sessionId, row.sessionId),
        eq(meetingNotes.updatedAt, sql`${row.base.toISOString()}::timestamptz`),
      ),
    )
    .returning({ sessionId: meetingNotes.sessionId });
  return updated.length > 0;
}

export type CardRow = {
  lineKey: string;
  taskId: number | null;
  teamId: number | null;
  subject: string | null;
  createdAt: Date;
};

export function cardsOf(db: Db, sessionId: number): Promise<CardRow[]> {
  return db
    .select({
      lineKey: meetingNoteCards.lineKey,
      taskId: kanbanTasks.id,
      teamId: kanbans.teamId,
      subject: kanbanTasks.subject,
      createdAt: meetingNoteCards.createdAt,
    })
    .from(meetingNoteCards)
    .leftJoin(kanbanTasks, eq(kanbanTasks.id, meetingNoteCards.taskId))
    .leftJoin(kanbanLists, eq(kanbanLists.id, kanbanTasks.listId))
    .leftJoin(kanbans, eq(kanbans.id, kanbanLists.kanbanId))
    .where(eq(meetingNoteCards.sessionId, sessionId))
    .orderBy(asc(meetingNoteCards.createdAt));
}

/** Claims the line for a card before the card is made; false when it was already claimed. */
export async function claimLine(
  db: Db,
  row: { sessionId: number; lineKey: string; createdBy: number; at: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(meetingNoteCards)
    .values({
      sessionId: row.sessionId,
      lineKey: row.lineKey,
      createdBy: row.createdBy,
      createdAt: row.at,
    })
    .onConflictDoNothing()
    .returning({ lineKey: meetingNoteCards.lineKey });
  return inserted.length > 0;
}

export async function releaseLine(db: Db, sessionId: number, lineKey: string): Promise<void> {
  await db
    .delete(meetingNoteCards)
    .where(and(eq(meetingNoteCards.sessionId, sessionId), eq(meetingNoteCards.lineKey, lineKey)));
}

export async function setLineTask(db: Db, sessionId: number, lineKey: string, taskId: number) {
  await db
    .update(meetingNoteCards)
    .set({ taskId })
    .where(and(eq(meetingNoteCards.sessionId, sessionId), eq(meetingNoteCards.lineKey, lineKey)));
}

/** The team board's lists, in board order. */
export function teamLists(db: Db, teamId: number) {
  return db
    .select({ id: kanbanLists.id, isDone: kanbanLists.isDone })
    .from(kanbanLists)
    .innerJoin(kanbans, eq(kanbans.id, kanbanLists.kanbanId))
    .where(eq(kanbans.teamId, teamId))
    .orderBy(sql`${kanbanLists.position} COLLATE "C"`, asc(kanbanLists.id));
}
