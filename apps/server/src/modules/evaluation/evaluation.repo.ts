import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  evaluationResponses,
  evaluationRounds,
  teamMembers,
  teams,
  users,
  workspaceMembers,
  workspaces,
} from '../../db/schema';

export type RoundRow = typeof evaluationRounds.$inferSelect;
export type NewRound = typeof evaluationRounds.$inferInsert;

/** A student of the class in one of its teams (staff are never students). */
export type StudentRow = {
  teamId: number;
  teamName: string;
  userId: number;
  name: string;
  profileImageUrl: string | null;
};

export type ResponseRow = {
  teamId: number;
  raterId: number;
  rateeId: number;
  scores: number[];
  comment: string;
  submittedAt: Date;
};

export async function findRound(db: Db, roundId: number): Promise<RoundRow | undefined> {
  const [row] = await db.select().from(evaluationRounds).where(eq(evaluationRounds.id, roundId));
  return row;
}

export function listRounds(db: Db, workspaceId: number): Promise<RoundRow[]> {
  return db
    .select()
    .from(evaluationRounds)
    .where(eq(evaluationRounds.workspaceId, workspaceId))
    .orderBy(sql`${evaluationRounds.opensAt} desc`, sql`${evaluationRounds.id} desc`);
}

export async function insertRound(db: Db, round: NewRound): Promise<RoundRow> {
  const [row] = await db.insert(evaluationRounds).values(round).returning();
  if (!row) throw new Error('evaluation round not inserted');
  return row;
}

export async function updateRound(
  db: Db,
  roundId: number,
  set: Partial<NewRound>,
): Promise<RoundRow> {
  const [row] = await db
    .update(evaluationRounds)
    .set(set)
    .where(eq(evaluationRounds.id, roundId))
    .returning();
  if (!row) throw new Error('evaluation round not updated');
  return row;
}

export async function deleteRound(db: Db, roundId: number): Promise<void> {
  await db.delete(evaluationRounds).where(eq(evaluationRounds.id, roundId));
}

/** The rounds of `roundIds` that have at least one response. */
export async function roundsWithResponses(db: Db, roundIds: number[]): Promise<Set<number>> {
  if (roundIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ roundId: evaluationResponses.roundId })
    .from(evaluationResponses)
    .where(inArray(evaluationResponses.roundId, roundIds));
  return new Set(rows.map((row) => row.roundId));
}

/** Every student of the class in every team, teams by name, members by name (one statement). */
export function classStudents(db: Db, workspaceId: number): Promise<StudentRow[]> {
  return db
    .select({
      teamId: teams.id,
      teamName: teams.name,
      userId: users.id,
      name: users.name,
      profileImageUrl: users.profileImageUrl,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .innerJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, teams.workspaceId),
        eq(workspaceMembers.userId, teamMembers.userId),
      ),
    )
    .where(
      and(
        eq(teams.workspaceId, workspaceId),
        notInArray(workspaceMembers.role, ['INSTRUCTOR', 'TA']),
      ),
    )
    .orderBy(asc(teams.name), asc(teams.id), asc(users.name), asc(users.id));
}

/** Every response of the round (staff's results, completion). */
export function responsesOfRound(db: Db, roundId: number): Promise<ResponseRow[]> {
  return db
    .select({
      teamId: evaluationResponses.teamId,
      raterId: evaluationResponses.raterId,
      rateeId: evaluationResponses.rateeId,
      scores: evaluationResponses.scores,
      comment: evaluationResponses.comment,
      submittedAt: evaluationResponses.submittedAt,
    })
    .from(evaluationResponses)
    .where(eq(evaluationResponses.roundId, roundId))
    .orderBy(asc(evaluationResponses.raterId), asc(evaluationResponses.rateeId));
}

/** Replaces the rater's answers in that team by `rows` (in the caller's transaction). */
export async function replaceResponses(
  db: Db,
  key: { roundId: number; teamId: number; raterId: number },
  rows: Array<{ rateeId: number; scores: number[]; comment: string }>,
  at: Date,
): Promise<void> {
  // Their answers in this team only: two students in two teams together rate each other in each.
  await db
    .delete(evaluationResponses)
    .where(
      and(
        eq(evaluationResponses.roundId, key.roundId),
        eq(evaluationResponses.teamId, key.teamId),
        eq(evaluationResponses.raterId, key.raterId),
      ),
    );
  await db
    .insert(evaluationResponses)
    .values(rows.map((row) => ({ ...key, ...row, submittedAt: at })));
}

export async function workspaceName(db: Db, workspaceId: number): Promise<string> {
  const [row] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.name ?? '';
}
