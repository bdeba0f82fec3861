import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AdminUserStatus } from '@teamup/contracts/admin';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { instanceSettings, registrationInvitations, users } from '../../db/schema';

export type SettingsRow = typeof instanceSettings.$inferSelect;

export async function readSettings(db: Db): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(instanceSettings).limit(1);
  return row;
}

export async function writeSettings(
  db: Db,
  values: Pick<SettingsRow, 'registration' | 'allowedDomains' | 'updatedBy'>,
  now: Date,
): Promise<SettingsRow> {
  const row = { id: 1, ...values, updatedAt: now };
  const [written] = await db
    .insert(instanceSettings)
    .values(row)
    .onConflictDoUpdate({ target: instanceSettings.id, set: row })
    .returning();
  return written as SettingsRow;
}

// --- people -------------------------------------------------------------------------------------

export type AdminUserRow = {
  id: number;
  name: string;
  email: string;
  provider: 'LOCAL' | 'GOOGLE' | 'KAKAO' | 'SSO';
  role: 'USER' | 'ADMIN';
  createdAt: Date;
  deactivatedAt: Date | null;
  lastActiveAt: Date | null;
  workspaceCount: number;
};

const adminUserColumns = sql`
  u.id, u.name, u.email, u.provider, u.role, u.created_at AS "createdAt",
  u.deactivated_at AS "deactivatedAt",
  (SELECT max(s.last_used_at) FROM auth_sessions s WHERE s.user_id = u.id) AS "lastActiveAt",
  (SELECT count(*)::int FROM workspace_members m WHERE m.user_id = u.id) AS "workspaceCount"`;

type RawAdminUser = Omit<AdminUserRow, 'createdAt' | 'deactivatedAt' | 'lastActiveAt'> & {
  createdAt: Date | string;
  deactivatedAt: Date | string | null;
  lastActiveAt: Date | string | null;
};

const asDate = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value : new Date(value);

function adminUserOf(raw: RawAdminUser): AdminUserRow {
  return {
    ...raw,
    createdAt: asDate(raw.createdAt) as Date,
    deactivatedAt: asDate(raw.deactivatedAt),
    lastActiveAt: asDate(raw.lastActiveAt),
  };
}

/** `%text%` for ILIKE, with the pattern characters of `text` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function peopleFilter(query: { q?: string | undefined; status: AdminUserStatus }): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (query.q) {
    const pattern = containing(query.q);
    parts.push(sql`(u.name ILIKE ${pattern} OR u.email ILIKE ${pattern})`);
  }
  if (query.status === 'ACTIVE') parts.push(sql`u.deactivated_at IS NULL`);
  if (query.status === 'DEACTIVATED') parts.push(sql`u.deactivated_at IS NOT NULL`);
  if (query.status === 'ADMIN') parts.push(sql`u.role = 'ADMIN'`);
  return sql.join(parts, sql` AND `);
}

export async function listPeople(
  db: Db,
  query: { q?: string | undefined; status: AdminUserStatus; page: number; size: number },
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const where = peopleFilter(query);
  const [rows, counted] = await Promise.all([
    db.execute(sql`
      SELECT ${adminUserColumns} FROM users u WHERE ${where}
      ORDER BY u.id DESC LIMIT ${query.size} OFFSET ${query.page * query.size}`),
    db.execute(sql`SELECT count(*)::int AS total FROM users u WHERE ${where}`),
  ]);
  return {
    rows: rowsOf<RawAdminUser>(rows).map(adminUserOf),
    total: rowsOf<{ total: number }>(counted)[0]?.total ?? 0,
  };
}

export async function findPerson(db: Db, id: number): Promise<AdminUserRow | undefined> {
  const [raw] = rowsOf<RawAdminUser>(
    await db.execute(sql`SELECT ${adminUserColumns} FROM users u WHERE u.id = ${id}`),
  );
  return raw && adminUserOf(raw);
}

/** Active admins other than `exceptId`: the last one may be neither deactivated nor demoted. */
export async function countOtherActiveAdmins(db: Db, exceptId: number): Promise<number> {
  const [counted] = rowsOf<{ total: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS total FROM users
      WHERE role = 'ADMIN' AND deactivated_at IS NULL AND id <> ${exceptId}`),
  );
  return counted?.total ?? 0;
}

/** Locks the admins' rows, so two admins demoting each other at once cannot both succeed. */
export async function lockAdmins(db: Db): Promise<void> {
  await db.execute(sql`SELECT id FROM users WHERE role = 'ADMIN' ORDER BY id FOR UPDATE`);
}

export async function setDeactivated(db: Db, id: number, at: Date | null): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ deactivatedAt: at, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return changed.length > 0;
}

export async function setRole(db: Db, id: number, role: 'USER' | 'ADMIN'): Promise<void> {
  await db
    .update(users)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/** Makes admins of the accounts `emails` name (ADMIN_EMAILS), answering how many changed. */
export async function promoteListed(db: Db, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const changed = await db
    .update(users)
    .set({ role: 'ADMIN', updatedAt: sql`now()` })
    .where(and(ne(users.role, 'ADMIN'), inArray(users.email, [...emails])))
    .returning({ id: users.id });
  return changed.length;
}

// --- invitations --------------------------------------------------------------------------------

export type InvitationRow = {
  id: number;
  email: string;
  invitedAt: Date;
  invitedById: number | null;
  invitedByName: string | null;
  usedAt: Date | null;
};

export async function listInvitations(db: Db): Promise<InvitationRow[]> {
  const found = rowsOf<{
    id: number;
    email: string;
    invitedAt: Date | string;
    invitedById: number | null;
    invitedByName: string | null;
    usedAt: Date | string | null;
  }>(
    await db.execute(sql`
      SELECT i.id, i.email, i.created_at AS "invitedAt", i.invited_by AS "invitedById",
        u.name AS "invitedByName", i.used_at AS "usedAt"
      FROM registration_invitations i LEFT JOIN users u ON u.id = i.invited_by
      ORDER BY i.id DESC`),
  );
  return found.map((row) => ({
    ...row,
    invitedAt: asDate(row.invitedAt) as Date,
    usedAt: asDate(row.usedAt),
  }));
}

/** Invites the addresses not invited before (an earlier invitation is left as it was). */
export async function insertInvitations(
  db: Db,
  emails: readonly string[],
  invitedBy: number,
): Promise<void> {
  await db
    .insert(registrationInvitations)
    .values(emails.map((email) => ({ email, invitedBy })))
    .onConflictDoNothing();
}

/** Answers the address of the invitation removed, undefined when there was none. */
export async function deleteInvitation(db: Db, id: number): Promise<string | undefined> {
  const [removed] = await db
    .delete(registrationInvitations)
    .where(eq(registrationInvitations.id, id))
    .returning({ email: registrationInvitations.email });
  return removed?.email;
}

export async function isInvited(db: Db, email: string): Promise<boolean> {
  const found = await db
    .select({ id: registrationInvitations.id })
    .from(registrationInvitations)
    .where(eq(registrationInvitations.email, email))
    .limit(1);
  return found.length > 0;
}

export async function markInvitationUsed(db: Db, email: string, now: Date): Promise<void> {
  await db
    .update(registrationInvitations)
    .set({ usedAt: now })
    .where(and(eq(registrationInvitations.email, email), isNull(registrationInvitations.usedAt)));
}

export async function anyUserExists(db: Db): Promise<boolean> {
  const found = await db.select({ id: users.id }).from(users).limit(1);
  return found.length > 0;
}

// --- figures ------------------------------------------------------------------------------------

export type StatsRow = {
  total: number;
  deactivated: number;
  admins: number;
  joinedLast7Days: number;
  activeLast7Days: number;
  workspaces: number;
  teams: number;
  messagesLast7Days: number;
  fileCount: number;
  fileBytes: number;
};

export async function readStats(db: Db, since: Date): Promise<StatsRow> {
  const [row] = rowsOf<StatsRow>(
    await db.execute(sql`
    SELECT
      (SELECT count(*)::int FROM users) AS total,
      (SELECT count(*)::int FROM users WHERE deactivated_at IS NOT NULL) AS deactivated,
      (SELECT count(*)::int FROM users WHERE role = 'ADMIN' AND deactivated_at IS NULL) AS admins,
      (SELECT count(*)::int FROM users WHERE created_at >= ${since}) AS "joinedLast7Days",
      (SELECT count(DISTINCT user_id)::int FROM auth_sessions WHERE last_used_at >= ${since})
        AS "activeLast7Days",
      (SELECT count(*)::int FROM workspaces) AS workspaces,
      (SELECT count(*)::int FROM teams) AS teams,
      (SELECT count(*)::int FROM chat_messages WHERE created_at >= ${since}) AS "messagesLast7Days",
      (SELECT count(*)::int FROM attachments) + (SELECT count(*)::int FROM chat_attachments)
        AS "fileCount",
      (SELECT coalesce(sum(size), 0)::float8 FROM attachments)
        + (SELECT coalesce(sum(size), 0)::float8 FROM chat_attachments) AS "fileBytes"`),
  );
  return row as StatsRow;
}

/** The role and state of the one asking (every admin call checks it). */
export async function standingOf(
  db: Db,
  id: number,
): Promise<{ role: 'USER' | 'ADMIN'; deactivatedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ role: users.role, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

// --- the audit log ------------------------------------------------------------------------------

export type AuditRow = {
  id: number;
  at: Date;
  action: string;
  actorId: number | null;
  actorLabel: string | null;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, string | number | boolean | null>;
};

export type AuditFilter = {
  q?: string | undefined;
  action?: string | undefined;
  /** Instants: from included, to excluded. */
  from?: Date | undefined;
  to?: Date | undefined;
  before?: number | undefined;
};

function auditWhere(filter: AuditFilter): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (filter.q) {
    const pattern = containing(filter.q);
    parts.push(
      sql`(a.actor_label ILIKE ${pattern} OR a.target_label ILIKE ${pattern} OR a.ip ILIKE ${pattern})`,
    );
  }
  if (filter.action) parts.push(sql`a.action = ${filter.action}`);
  if (filter.from) parts.push(sql`a.at >= ${filter.from}`);
  if (filter.to) parts.push(sql`a.at < ${filter.to}`);
  if (filter.before !== undefined) parts.push(sql`a.id < ${filter.before}`);
  return sql.join(parts, sql` AND `);
}

/** Newest first, at most `limit`. */
export async function auditEvents(db: Db, filter: AuditFilter, limit: number): Promise<AuditRow[]> {
  const rows = rowsOf<Omit<AuditRow, 'at' | 'id'> & { at: Date | string; id: number | string }>(
    await db.execute(sql`
      SELECT a.id, a.at, a.action, a.actor_id AS "actorId", a.actor_label AS "actorLabel",
        a.target_type AS "targetType", a.target_id AS "targetId", a.target_label AS "targetLabel",
        a.ip, a.user_agent AS "userAgent", a.details
      FROM audit_events a WHERE ${auditWhere(filter)}
      ORDER BY a.id DESC LIMIT ${limit}`),
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), at: asDate(row.at) as Date }));
}
