import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { users, workspaceMembers, workspaces } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type ProfilePatch = Partial<
  Pick<
    UserRow,
    | 'name'
    | 'age'
    | 'mbti'
    | 'disposition'
    | 'hashtags'
    | 'introduction'
    | 'portfolio'
    | 'preferWorkstyle'
    | 'dislikeWorkstyle'
    | 'profileImageUrl'
  >
>;

function prepareUserById(db: Db) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('users_by_id');
}
const userByIdStatements = new WeakMap<Db, ReturnType<typeof prepareUserById>>();

/**
 * A user by id: every `GET /users/me` and every profile read. Built once per database (a prepared
 * statement): drizzle building the query anew was a third of the request's CPU on PostgreSQL.
 */
export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  let statement = userByIdStatements.get(db);
  if (!statement) {
    statement = prepareUserById(db);
    userByIdStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id });
  return row;
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.email, email) });
}

/** Inserts a user; undefined when the e-mail is already taken (unique index). */
/** Whether the account is deactivated (or gone), its row locked FOR SHARE until the transaction ends. */
export async function isDeactivatedLocked(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, id))
    .for('share');
  return !row || row.deactivatedAt !== null;
}

export async function insertUser(db: Db, row: NewUserRow): Promise<UserRow | undefined> {
  const [inserted] = await db.insert(users).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateUser(
  db: Db,
  id: number,
  patch: ProfilePatch & { passwordHash?: string },
  now: Date,
): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set({ ...patch, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return updated;
}

/**
 * Stamps the end of the after-login profile prompt, once: the first save or skip is kept. Answers
 * the row when it was stamped now, undefined when it already was (or the user is gone).
 */
export async function markProfilePromptDone(
  db: Db,
  id: number,
  now: Date,
): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set({ profilePromptDoneAt: now })
    .where(and(eq(users.id, id), isNull(users.profilePromptDoneAt)))
    .returning();
  return updated;
}

export async function emailExists(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row !== undefined;
}

/** Distinct saved skill tags starting with (or, failing that, containing) the query. */
export async function searchHashtags(db: Db, query: string, limit: number): Promise<string[]> {
  const escaped = query.replace(/[\\%_]/g, (char) => `\\${char}`);
  const tag = sql<string>`tag`;
  const rows = await db.execute<{ tag: string; uses: number }>(sql`
    SELECT ${tag}, count(*)::int AS uses
    FROM ${users}, unnest(${users.hashtags}) AS tag
    WHERE ${tag} ILIKE ${`%${escaped}%`}
    GROUP BY ${tag}
    ORDER BY (${tag} ILIKE ${`${escaped}%`}) DESC, uses DESC, ${tag} ASC
    LIMIT ${limit}
  `);
  return rowsOf<{ tag: string }>(rows).map((row) => row.tag);
}

/** node-postgres answers { rows }, PGlite answers { rows } too; older drivers an array. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows: T[] }).rows;
}

/** The workspaces both people belong to. */
export async function sharedWorkspaces(db: Db, viewerId: number, userId: number) {
  const viewer = alias(workspaceMembers, 'viewer');
  return db
    .select({ id: workspaces.id, name: workspaces.name, iconUrl: workspaces.iconUrl })
    .from(workspaceMembers)
    .innerJoin(
      viewer,
      and(eq(viewer.workspaceId, workspaceMembers.workspaceId), eq(viewer.userId, viewerId)),
    )
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(workspaces.name);
}
