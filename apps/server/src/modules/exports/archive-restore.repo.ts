import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  announcements,
  attachments,
  boards,
  chatAttachments,
  chatMessageReactions,
  chatMessages,
  chatRoomMembers,
  chatRooms,
  kanbanLists,
  kanbans,
  kanbanTaskAssignees,
  kanbanTaskComments,
  kanbanTasks,
  postComments,
  posts,
  scheduleExdates,
  schedules,
  teamMembers,
  teams,
  users,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { chunks } from './archive.repo';

/* Data out (issue 46): what restoring a workspace archive writes, in multi-row statements. */

/** Rows per multi-row insert: well under PostgreSQL's 65,535 parameters for every table here. */
const ROWS_PER_INSERT = 500;

/**
 * Inserts rows and answers their new ids in the order given. Identity values are drawn as the
 * VALUES rows are produced, in order, so within one statement they ascend with the rows; sorting
 * what RETURNING answers (whose order SQL does not promise) pairs them back up.
 */
async function idsInOrder<T>(
  rows: readonly T[],
  insert: (chunk: T[]) => Promise<Array<{ id: number }>>,
): Promise<number[]> {
  const ids: number[] = [];
  for (const chunk of chunks(rows, ROWS_PER_INSERT)) {
    const returned = await insert(chunk);
    ids.push(...returned.map((row) => row.id).sort((a, b) => a - b));
  }
  return ids;
}

async function insertAll<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (const chunk of chunks(rows, ROWS_PER_INSERT)) await insert(chunk);
}

// --- restoring a workspace ---------------------------------------------------------------------

/** Accounts of this instance by e-mail (stored lower-case). */
export async function accountsByEmail(db: Db, emails: readonly string[]) {
  const found: Array<{ id: number; email: string }> = [];
  for (const chunk of chunks([...new Set(emails.map((email) => email.toLowerCase()))])) {
    found.push(
      ...(await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.email, chunk))),
    );
  }
  return found;
}

/** Answers undefined when the invite code is taken (the caller draws another). */
export async function insertWorkspace(db: Db, row: typeof workspaces.$inferInsert) {
  const [inserted] = await db
    .insert(workspaces)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: workspaces.id });
  return inserted?.id;
}

export async function insertWorkspaceMembers(
  db: Db,
  rows: ReadonlyArray<typeof workspaceMembers.$inferInsert>,
) {
  await insertAll(rows, (chunk) => db.insert(workspaceMembers).values(chunk));
}

/** A team with what every team has from its start: its bulletin board and its kanban board. */
export async function insertTeam(db: Db, row: typeof teams.$inferInsert) {
  const [team] = await db.insert(teams).values(row).returning({ id: teams.id });
  if (!team) throw new Error('team insert returned nothing');
  const [board] = await db.insert(boards).values({ teamId: team.id }).returning({ id: boards.id });
  const [kanban] = await db
    .insert(kanbans)
    .values({ teamId: team.id, createdAt: row.createdAt })
    .returning({ id: kanbans.id });
  if (!board || !kanban) throw new Error('board insert returned nothing');
  return { teamId: team.id, boardId: board.id, kanbanId: kanban.id };
}

export async function insertTeamMembers(
  db: Db,
  rows: ReadonlyArray<typeof teamMembers.$inferInsert>,
) {
  await insertAll(rows, (chunk) => db.insert(teamMembers).values(chunk));
}

export async function insertAnnouncements(
  db: Db,
  rows: ReadonlyArray<typeof announcements.$inferInsert>,
) {
  await insertAll(rows, (chunk) => db.insert(announcements).values(chunk));
}

export function insertPosts(db: Db, rows: ReadonlyArray<typeof posts.$inferInsert>) {
  return idsInOrder(rows, (chunk) => db.insert(posts).values(chunk).returning({ id: posts.id }));
}

export async function insertPostComments(
  db: Db,
  rows: ReadonlyArray<typeof postComments.$inferInsert>,
) {
  await insertAll(rows, (chunk) => db.insert(postComments).values(chunk));
}

export async function insertAttachments(
  db: Db,
  rows: ReadonlyArray<typeof attachments.$inferInsert>,
) {
  await insertAll(rows, (chunk) => db.insert(attachments).values(chunk));
}

export function insertSchedules(db: Db, rows: ReadonlyArray<typeof schedules.$inferInsert>) {
  return idsInOrder(rows, (chunk) =>
    db.insert(schedules).values(chunk).returning({ id: schedules.id }),
  );
}

export async function insertExdates(
  db: Db,
  rows: ReadonlyArray<typeof scheduleExdates.$inferInsert>,
) {
  await insertAll(rows, (chunk) => db.insert(scheduleExdates).values(chunk).onConflictDoNothing());
}

export function insertLists(db: Db, rows: ReadonlyArray<typeof kanbanLists.$inferInsert>) {
  return idsInOrder(rows, (chunk) =>
    db.insert(kanbanLists).values(chunk).returning({ id: kanbanLists.id }),
  );
}

export function insertTasks(db: Db, rows: ReadonlyArray<typeof kanbanTasks.$inferInsert>) {
  return idsInOrder(rows, (chunk) =>
    db.insert(kanbanTasks).values(chunk).returning({ id: kanbanTasks.id }),
  );
}

export async function insertAssignees(
  db: Db,
  rows: ReadonlyArray<typeof kanbanTaskAssignees.$inferInsert>,
) {
  await insertAll(rows, (chunk) =>
    db.insert(kanbanTaskAssignees).values(chunk).onConflictDoNothing(),
  );
}

export async function insertTaskComments(
  db: Db,
  rows: ReadonlyArray<typeof kanbanTaskComments.$inferInsert>,
) {
  await insertAll(rows, (chunk) => db.insert(kanbanTaskComments).values(chunk));
}

export async function insertRoom(db: Db, row: typeof chatRooms.$inferInsert): Promise<number> {
  const [room] = await db.insert(chatRooms).values(row).returning({ id: chatRooms.id });
  if (!room) throw new Error('room insert returned nothing');
  return room.id;
}

export async function insertRoomMembers(
  db: Db,
  rows: ReadonlyArray<typeof chatRoomMembers.$inferInsert>,
) {
  await insertAll(rows, (chunk) => db.insert(chatRoomMembers).values(chunk).onConflictDoNothing());
}

export function insertMessages(db: Db, rows: ReadonlyArray<typeof chatMessages.$inferInsert>) {
  return idsInOrder(rows, (chunk) =>
    db.insert(chatMessages).values(chunk).returning({ id: chatMessages.id }),
  );
}

/** Points replies at their originals once both have their new ids. */
export async function setReplies(
  db: Db,
  replies: ReadonlyArray<{ id: number; replyToId: number }>,
) {
  for (const reply of replies) {
    await db
      .update(chatMessages)
      .set({ replyToId: reply.replyToId })
      .where(eq(chatMessages.id, reply.id));
  }
}

export async function setRoomNotice(db: Db, roomId: number, messageId: number) {
  await db.update(chatRooms).set({ pinnedMessageId: messageId }).where(eq(chatRooms.id, roomId));
}

export async function insertReactions(
  db: Db,
  rows: ReadonlyArray<typeof chatMessageReactions.$inferInsert>,
) {
  await insertAll(rows, (chunk) =>
    db.insert(chatMessageReactions).values(chunk).onConflictDoNothing(),
  );
}

export async function insertChatAttachments(
  db: Db,
  rows: ReadonlyArray<typeof chatAttachments.$inferInsert>,
) {
  await insertAll(rows, (chunk) => db.insert(chatAttachments).values(chunk));
}
