import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  kanbanLists,
  kanbanTaskAssignees,
  kanbanTasks,
  kanbans,
  teamMembers,
  teams,
} from '../../db/schema';

/* The queries of the deadline reminders and the leader's overdue digest (issue 44). */

/** A task as its reminder checks it at send time, with its team; none once it is deleted. */
export async function taskToRemind(db: Db, taskId: number) {
  const [row] = await db
    .select({
      id: kanbanTasks.id,
      subject: kanbanTasks.subject,
      deadline: kanbanTasks.deadline,
      isApproved: kanbanTasks.isApproved,
      teamId: teams.id,
      teamName: teams.name,
      workspaceId: teams.workspaceId,
    })
    .from(kanbanTasks)
    .innerJoin(kanbanLists, eq(kanbanLists.id, kanbanTasks.listId))
    .innerJoin(kanbans, eq(kanbans.id, kanbanLists.kanbanId))
    .innerJoin(teams, eq(teams.id, kanbans.teamId))
    .where(eq(kanbanTasks.id, taskId));
  return row;
}

/** The task's assignees who are still members of its team. */
export async function assigneesInTeam(db: Db, taskId: number, teamId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: kanbanTaskAssignees.userId })
    .from(kanbanTaskAssignees)
    .innerJoin(
      teamMembers,
      and(eq(teamMembers.userId, kanbanTaskAssignees.userId), eq(teamMembers.teamId, teamId)),
    )
    .where(eq(kanbanTaskAssignees.taskId, taskId));
  return rows.map((row) => row.userId);
}

/** The ids of the tasks in `listIds` (whose reminders a list's deletion cancels). */
export async function taskIdsOfLists(db: Db, listIds: readonly number[]): Promise<number[]> {
  if (listIds.length === 0) return [];
  const rows = await db
    .select({ id: kanbanTasks.id })
    .from(kanbanTasks)
    .where(inArray(kanbanTasks.listId, [...listIds]));
  return rows.map((row) => row.id);
}

/** The team with its leader, for the morning digest; none once it is deleted. */
export async function teamForDigest(db: Db, teamId: number) {
  const [row] = await db
    .select({ name: teams.name, workspaceId: teams.workspaceId, leaderId: teams.leaderId })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row;
}

/** The deadlines of the team's cards that are not approved (as stored: a day or an instant). */
export async function openDeadlinesOfTeam(db: Db, teamId: number): Promise<string[]> {
  const rows = await db
    .select({ deadline: kanbanTasks.deadline })
    .from(kanbanTasks)
    .innerJoin(kanbanLists, eq(kanbanLists.id, kanbanTasks.listId))
    .innerJoin(kanbans, eq(kanbans.id, kanbanLists.kanbanId))
    .where(
      and(
        eq(kanbans.teamId, teamId),
        eq(kanbanTasks.isApproved, false),
        isNotNull(kanbanTasks.deadline),
      ),
    );
  return rows.flatMap((row) => (row.deadline === null ? [] : [row.deadline]));
}
