import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  announcements,
  attachments,
  boards,
  postComments,
  posts,
  teams,
  users,
} from '../../db/schema';
import type { FileOwner } from '../../platform/storage/owned-files';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type PostRow = typeof posts.$inferSelect;
export type AttachmentRow = typeof attachments.$inferSelect;
export type Author = { name: string; profileImageUrl: string | null };

const author = { name: users.name, profileImageUrl: users.profileImageUrl };
const countAll = sql<number>`count(*)::int`.mapWith(Number);

type Slice = { offset: number; limit: number };

// --- boards ----------------------------------------------------------------------------------

export async function boardOfTeam(db: Db, teamId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: boards.id })
    .from(boards)
    .where(eq(boards.teamId, teamId))
    .limit(1);
  return row?.id;
}

// --- announcements ---------------------------------------------------------------------------

export async function listAnnouncements(db: Db, teamId: number, slice: Slice) {
  const rows = await db
    .select({ announcement: announcements, author })
    .from(announcements)
    .innerJoin(users, eq(users.id, announcements.authorId))
    .where(eq(announcements.teamId, teamId))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .offset(slice.offset)
    .limit(slice.limit);
  const [total] = await db
    .select({ count: countAll })
    .from(announcements)
    .where(eq(announcements.teamId, teamId));
  return { rows, total: total?.count ?? 0 };
}

export async function findAnnouncement(db: Db, id: number) {
  const [row] = await db
    .select({ announcement: announcements, author })
    .from(announcements)
    .innerJoin(users, eq(users.id, announcements.authorId))
    .where(eq(announcements.id, id))
    .limit(1);
  return row;
}

export async function insertAnnouncement(
  db: Db,
  row: typeof announcements.$inferInsert,
): Promise<number> {
  const [inserted] = await db.insert(announcements).values(row).returning({ id: announcements.id });
  if (!inserted) throw new Error('announcement insert returned nothing');
  return inserted.id;
}

export async function updateAnnouncement(
  db: Db,
  id: number,
  patch: Partial<Pick<AnnouncementRow, 'title' | 'content'>>,
  now: Date,
): Promise<void> {
  await db
    .update(announcements)
    .set({ ...patch, updatedAt: now })
    .where(eq(announcements.id, id));
}

export async function deleteAnnouncement(db: Db, id: number): Promise<void> {
  await db.delete(announcements).where(eq(announcements.id, id));
}

// --- posts -----------------------------------------------------------------------------------

const attachmentCount = sql<number>`(
  SELECT count(*)::int FROM ${attachments} a WHERE a.post_id = ${posts.id}
)`.mapWith(Number);
const commentCount = sql<number>`(
  SELECT count(*)::int FROM ${postComments} c WHERE c.post_id = ${posts.id}
)`.mapWith(Number);
const EXCERPT_LENGTH = 200;

export async function listPosts(db: Db, boardId: number, slice: Slice) {
  const rows = await db
    .select({
      post: {
        id: posts.id,
        boardId: posts.boardId,
        authorId: posts.authorId,
        title: posts.title,
        createdAt: posts.createdAt,
        updatedAt: posts.updatedAt,
      },
      excerpt: sql<string>`left(${posts.content}, ${EXCERPT_LENGTH})`,
      author,
      attachmentCount,
      commentCount,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(eq(posts.boardId, boardId))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .offset(slice.offset)
    .limit(slice.limit);
  const [total] = await db
    .select({ count: countAll })
    .from(posts)
    .where(eq(posts.boardId, boardId));
  return { rows, total: total?.count ?? 0 };
}

/** A post with its author, counts and the team its board belongs to. */
export async function findPost(db: Db, id: number) {
  const [row] = await db
    .select({ post: posts, author, teamId: boards.teamId, attachmentCount, commentCount })
    .from(posts)
    .innerJoin(boards, eq(boards.id, posts.boardId))
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(eq(posts.id, id))
    .limit(1);
  return row;
}

export async function insertPost(db: Db, row: typeof posts.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(posts).values(row).returning({ id: posts.id });
  if (!inserted) throw new Error('post insert returned nothing');
  return inserted.id;
}

export async function updatePost(
  db: Db,
  id: number,
  patch: Partial<Pick<PostRow, 'title' | 'content'>>,
  now: Date,
): Promise<void> {
  await db
    .update(posts)
    .set({ ...patch, updatedAt: now })
    .where(eq(posts.id, id));
}

export async function deletePost(db: Db, id: number): Promise<void> {
  await db.delete(posts).where(eq(posts.id, id));
}

// --- attachments -----------------------------------------------------------------------------

export async function insertAttachments(
  db: Db,
  rows: (typeof attachments.$inferInsert)[],
): Promise<AttachmentRow[]> {
  if (rows.length === 0) return [];
  return db.insert(attachments).values(rows).returning();
}

export function listAttachments(db: Db, postId: number): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(attachments)
    .where(eq(attachments.postId, postId))
    .orderBy(asc(attachments.id));
}

/** How many files a post holds and their total size, for the per-post limits. */
export async function attachmentTotals(db: Db, postId: number) {
  const [row] = await db
    .select({
      count: countAll,
      bytes: sql<number>`coalesce(sum(${attachments.size}), 0)::bigint`.mapWith(Number),
    })
    .from(attachments)
    .where(eq(attachments.postId, postId));
  return { count: row?.count ?? 0, bytes: row?.bytes ?? 0 };
}

/** An attachment with the post author and the team, for access checks. */
export async function findAttachment(db: Db, id: number) {
  const [row] = await db
    .select({ attachment: attachments, postAuthorId: posts.authorId, teamId: boards.teamId })
    .from(attachments)
    .innerJoin(posts, eq(posts.id, attachments.postId))
    .innerJoin(boards, eq(boards.id, posts.boardId))
    .where(eq(attachments.id, id))
    .limit(1);
  return row;
}

export async function deleteAttachment(db: Db, id: number): Promise<void> {
  await db.delete(attachments).where(eq(attachments.id, id));
}

export async function storageKeysOfPost(db: Db, postId: number): Promise<string[]> {
  const rows = await db
    .select({ key: attachments.storageKey })
    .from(attachments)
    .where(eq(attachments.postId, postId));
  return rows.map((row) => row.key);
}

/** Every attachment key under a team or a workspace (deleted with it). */
export async function storageKeysOf(db: Db, owner: FileOwner): Promise<string[]> {
  const teamCondition =
    'teamId' in owner
      ? eq(boards.teamId, owner.teamId)
      : inArray(
          boards.teamId,
          db.select({ id: teams.id }).from(teams).where(eq(teams.workspaceId, owner.workspaceId)),
        );
  const rows = await db
    .select({ key: attachments.storageKey })
    .from(attachments)
    .innerJoin(posts, eq(posts.id, attachments.postId))
    .innerJoin(boards, and(eq(boards.id, posts.boardId), teamCondition));
  return rows.map((row) => row.key);
}
