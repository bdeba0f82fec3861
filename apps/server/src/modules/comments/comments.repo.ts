import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { kanbanTaskComments, postComments, users } from '../../db/schema';

/**
 * Where a subject's comments are kept: its own table (so its rows go with the post or the task
 * by the foreign key), all of them shaped alike, and the column naming the subject.
 */
export const commentTables = {
  post: { table: postComments, subjectId: postComments.postId, subjectKey: 'postId' },
  task: { table: kanbanTaskComments, subjectId: kanbanTaskComments.taskId, subjectKey: 'taskId' },
} as const;
export type CommentKind = keyof typeof commentTables;
export type CommentTable = (typeof commentTables)[CommentKind];

export interface CommentRow {
  id: number;
  subjectId: number;
  authorId: number;
  authorName: string;
  authorProfileImageUrl: string | null;
  content: string;
  createdAt: Date;
  updatedAt: Date;
}

// The tables share every column but the subject's, so one of them types the shared ones.
const asOne = (t: CommentTable) => t.table as typeof postComments;

const columnsOf = (t: CommentTable) => {
  const table = asOne(t);
  return {
    id: table.id,
    subjectId: t.subjectId as typeof postComments.postId,
    authorId: table.authorId,
    authorName: users.name,
    authorProfileImageUrl: users.profileImageUrl,
    content: table.content,
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
  };
};

/** One page of a subject's comments, oldest first, and how many there are. */
export async function listComments(
  db: Db,
  t: CommentTable,
  subjectId: number,
  slice: { offset: number; limit: number },
): Promise<{ rows: CommentRow[]; total: number }> {
  const table = asOne(t);
  const rows = await db
    .select(columnsOf(t))
    .from(table)
    .innerJoin(users, eq(users.id, table.authorId))
    .where(eq(t.subjectId, subjectId))
    .orderBy(asc(table.createdAt), asc(table.id))
    .offset(slice.offset)
    .limit(slice.limit);
  const [total] = await db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(table)
    .where(eq(t.subjectId, subjectId));
  return { rows, total: total?.count ?? 0 };
}

export async function findComment(
  db: Db,
  t: CommentTable,
  id: number,
): Promise<CommentRow | undefined> {
  const table = asOne(t);
  const [row] = await db
    .select(columnsOf(t))
    .from(table)
    .innerJoin(users, eq(users.id, table.authorId))
    .where(eq(table.id, id))
    .limit(1);
  return row;
}

export async function insertComment(
  db: Db,
  t: CommentTable,
  row: { subjectId: number; authorId: number; content: string; now: Date },
): Promise<number> {
  const values = {
    [t.subjectKey]: row.subjectId,
    authorId: row.authorId,
    content: row.content,
    createdAt: row.now,
    updatedAt: row.now,
  };
  const table = asOne(t);
  const [inserted] = await db
    .insert(table)
    .values(values as typeof table.$inferInsert)
    .returning({ id: table.id });
  if (!inserted) throw new Error('comment insert returned nothing');
  return inserted.id;
}

export async function updateComment(
  db: Db,
  t: CommentTable,
  id: number,
  content: string,
  now: Date,
): Promise<void> {
  const table = asOne(t);
  await db.update(table).set({ content, updatedAt: now }).where(eq(table.id, id));
}

export async function deleteComment(db: Db, t: CommentTable, id: number): Promise<void> {
  const table = asOne(t);
  await db.delete(table).where(eq(table.id, id));
}
