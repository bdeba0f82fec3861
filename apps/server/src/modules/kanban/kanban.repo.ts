import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  kanbanLists,
  kanbans,
  kanbanTaskAssignees,
  kanbanTaskComments,
  kanbanTasks,
  users,
} from '../../db/schema';

export type KanbanRow = typeof kanbans.$inferSelect;
export type ListRow = typeof kanbanLists.$inferSelect;
export type TaskRow = typeof kanbanTasks.$inferSelect;
export type Assignee = {
  taskId: number;
  userId: number;
  name: string;
  profileImageUrl: string | null;
};

/** Fractional keys compare as bytes, never by the database's language collation. */
const byListPosition = [sql`${kanbanLists.position} COLLATE "C"`, asc(kanbanLists.id)];
const byTaskPosition = [sql`${kanbanTasks.position} COLLATE "C"`, asc(kanbanTasks.id)];

// --- boards ----------------------------------------------------------------------------------

export async function findKanban(db: Db, id: number): Promise<KanbanRow | undefined> {
  const [row] = await db.select().from(kanbans).where(eq(kanbans.id, id)).limit(1);
  return row;
}

/** Makes a team's board (with the team: a GET never writes). Safe when it exists. */
export async function insertKanban(db: Db, teamId: number): Promise<void> {
  await db.insert(kanbans).values({ teamId }).onConflictDoNothing();
}

type BoardJson = {
  id: number;
  teamId: number;
  createdAt: string;
  lists: Array<Omit<ListRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string }>;
  tasks: Array<
    Omit<TaskRow, 'createdAt' | 'updatedAt'> & {
      createdAt: string;
      updatedAt: string;
      commentCount: number;
    }
  >;
  assignees: Assignee[];
};

/**
 * A whole board in one statement: the board row, its lists and tasks in order (tasks with their
 * comment counts) and the tasks' assignees, each set aggregated as JSON. The board read is the
 * kanban screen's every load and every live refresh; it was six queries.
 */
export async function findBoard(db: Db, by: { teamId: number } | { kanbanId: number }) {
  const board = 'teamId' in by ? sql`k.team_id = ${by.teamId}` : sql`k.id = ${by.kanbanId}`;
  const result = await db.execute(sql`
    SELECT json_build_object(
      'id', k.id,
      'teamId', k.team_id,
      'createdAt', k.created_at,
      'lists', COALESCE((
        SELECT json_agg(json_build_object(
          'id', l.id, 'kanbanId', l.kanban_id, 'name', l.name, 'position', l.position,
          'isDone', l.is_done, 'createdAt', l.created_at, 'updatedAt', l.updated_at
        ) ORDER BY l.position COLLATE "C", l.id)
        FROM ${kanbanLists} l WHERE l.kanban_id = k.id
      ), '[]'::json),
      'tasks', COALESCE((
        SELECT json_agg(json_build_object(
          'id', t.id, 'listId', t.list_id, 'subject', t.subject, 'content', t.content,
          'deadline', t.deadline, 'position', t.position,
          'completionRequested', t.completion_requested,
          'completionRequestMessage', t.completion_request_message,
          'completionRequesterId', t.completion_requester_id,
          'isApproved', t.is_approved, 'rejected', t.rejected,
          'approvalMessage', t.approval_message,
          'createdAt', t.created_at, 'updatedAt', t.updated_at,
          'commentCount', (SELECT count(*) FROM ${kanbanTaskComments} c WHERE c.task_id = t.id)
        ) ORDER BY t.position COLLATE "C", t.id)
        FROM ${kanbanTasks} t JOIN ${kanbanLists} l ON l.id = t.list_id
        WHERE l.kanban_id = k.id
      ), '[]'::json),
      'assignees', COALESCE((
        SELECT json_agg(json_build_object(
          'taskId', a.task_id, 'userId', a.user_id, 'name', u.name,
          'profileImageUrl', u.profile_image_url
        ) ORDER BY u.name, u.id)
        FROM ${kanbanTaskAssignees} a
        JOIN ${users} u ON u.id = a.user_id
        JOIN ${kanbanTasks} t ON t.id = a.task_id
        JOIN ${kanbanLists} l ON l.id = t.list_id
        WHERE l.kanban_id = k.id
      ), '[]'::json)
    ) AS board
    FROM ${kanbans} k WHERE ${board}
    LIMIT 1`);
  const row = (result as { rows: Array<{ board: BoardJson | string }> }).rows[0];
  if (!row) return undefined;
  // node-postgres and PGlite both parse json; a driver that did not would hand over the text.
  const json = typeof row.board === 'string' ? (JSON.parse(row.board) as BoardJson) : row.board;
  return {
    kanban: { id: json.id, teamId: json.teamId, createdAt: new Date(json.createdAt) },
    lists: json.lists.map((list) => ({
      ...list,
      createdAt: new Date(list.createdAt),
      updatedAt: new Date(list.updatedAt),
    })),
    tasks: json.tasks.map((task) => ({
      ...task,
      createdAt: new Date(task.createdAt),
      updatedAt: new Date(task.updatedAt),
    })),
    assignees: json.assignees,
  };
}

/** Locks the board row so list moves on one board happen one after another. */
export async function lockKanban(db: Db, id: number): Promise<void> {
  await db.select({ id: kanbans.id }).from(kanbans).where(eq(kanbans.id, id)).for('update');
}

// --- lists -----------------------------------------------------------------------------------

export function listsOf(db: Db, kanbanId: number): Promise<ListRow[]> {
  return db
    .select()
    .from(kanbanLists)
    .where(eq(kanbanLists.kanbanId, kanbanId))
    .orderBy(...byListPosition);
}

/** A list with the team its board belongs to. */
export async function findList(db: Db, id: number) {
  const [row] = await db
    .select({ list: kanbanLists, teamId: kanbans.teamId })
    .from(kanbanLists)
    .innerJoin(kanbans, eq(kanbans.id, kanbanLists.kanbanId))
    .where(eq(kanbanLists.id, id))
    .limit(1);
  return row;
}

/** Locks the list row so task moves into one list happen one after another. */
export async function lockList(db: Db, id: number): Promise<void> {
  await db
    .select({ id: kanbanLists.id })
    .from(kanbanLists)
    .where(eq(kanbanLists.id, id))
    .for('update');
}

export async function insertList(db: Db, row: typeof kanbanLists.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(kanbanLists).values(row).returning({ id: kanbanLists.id });
  if (!inserted) throw new Error('list insert returned nothing');
  return inserted.id;
}

/** The board's done list, if it has one. */
export async function doneListOf(db: Db, kanbanId: number): Promise<ListRow | undefined> {
  const [row] = await db
    .select()
    .from(kanbanLists)
    .where(and(eq(kanbanLists.kanbanId, kanbanId), eq(kanbanLists.isDone, true)))
    .limit(1);
  return row;
}

/** Unmarks the board's done list (before another is marked: at most one per board). */
export async function clearDoneList(db: Db, kanbanId: number, now: Date) {
  await db
    .update(kanbanLists)
    .set({ isDone: false, updatedAt: now })
    .where(and(eq(kanbanLists.kanbanId, kanbanId), eq(kanbanLists.isDone, true)));
}

export async function updateList(
  db: Db,
  id: number,
  patch: Partial<Pick<ListRow, 'name' | 'position' | 'isDone'>>,
  now: Date,
) {
  await db
    .update(kanbanLists)
    .set({ ...patch, updatedAt: now })
    .where(eq(kanbanLists.id, id));
}

export async function deleteList(db: Db, id: number) {
  await db.delete(kanbanLists).where(eq(kanbanLists.id, id));
}

// --- tasks -----------------------------------------------------------------------------------

const taskColumns = {
  id: kanbanTasks.id,
  listId: kanbanTasks.listId,
  subject: kanbanTasks.subject,
  content: kanbanTasks.content,
  deadline: kanbanTasks.deadline,
  position: kanbanTasks.position,
  completionRequested: kanbanTasks.completionRequested,
  completionRequestMessage: kanbanTasks.completionRequestMessage,
  completionRequesterId: kanbanTasks.completionRequesterId,
  completionRequestedAt: kanbanTasks.completionRequestedAt,
  isApproved: kanbanTasks.isApproved,
  approvedAt: kanbanTasks.approvedAt,
  rejected: kanbanTasks.rejected,
  approvalMessage: kanbanTasks.approvalMessage,
  createdAt: kanbanTasks.createdAt,
  updatedAt: kanbanTasks.updatedAt,
};

export function tasksOfLists(db: Db, listIds: number[]) {
  if (listIds.length === 0) return Promise.resolve([] as (TaskRow & { commentCount: number })[]);
  return db
    .select({
      ...taskColumns,
      // Qualified by hand: in a one-table select drizzle leaves column names bare, and a bare
      // "id" inside the subquery would be the comment's own id.
      commentCount: sql<number>`(
        SELECT count(*)::int FROM ${kanbanTaskComments} c WHERE c.task_id = "kanban_tasks"."id"
      )`.mapWith(Number),
    })
    .from(kanbanTasks)
    .where(inArray(kanbanTasks.listId, listIds))
    .orderBy(...byTaskPosition);
}

/** The other tasks of a list, in order (their positions are the neighbours of a move). */
export function siblingsOf(db: Db, listId: number, exceptTaskId: number | null) {
  return db
    .select({ id: kanbanTasks.id, position: kanbanTasks.position })
    .from(kanbanTasks)
    .where(
      exceptTaskId === null
        ? eq(kanbanTasks.listId, listId)
        : and(eq(kanbanTasks.listId, listId), ne(kanbanTasks.id, exceptTaskId)),
    )
    .orderBy(...byTaskPosition);
}

/** The other lists of a board, in order. */
export function siblingListsOf(db: Db, kanbanId: number, exceptListId: number | null) {
  return db
    .select({ id: kanbanLists.id, position: kanbanLists.position })
    .from(kanbanLists)
    .where(
      exceptListId === null
        ? eq(kanbanLists.kanbanId, kanbanId)
        : and(eq(kanbanLists.kanbanId, kanbanId), ne(kanbanLists.id, exceptListId)),
    )
    .orderBy(...byListPosition);
}

export async function setTaskPositions(db: Db, positions: { id: number; position: string }[]) {
  for (const { id, position } of positions) {
    await db.update(kanbanTasks).set({ position }).where(eq(kanbanTasks.id, id));
  }
}

export async function setListPositions(db: Db, positions: { id: number; position: string }[]) {
  for (const { id, position } of positions) {
    await db.update(kanbanLists).set({ position }).where(eq(kanbanLists.id, id));
  }
}

/** A task with its list's board and team. */
export async function findTask(db: Db, id: number) {
  const [row] = await db
    .select({ task: kanbanTasks, kanbanId: kanbanLists.kanbanId, teamId: kanbans.teamId })
    .from(kanbanTasks)
    .innerJoin(kanbanLists, eq(kanbanLists.id, kanbanTasks.listId))
    .innerJoin(kanbans, eq(kanbans.id, kanbanLists.kanbanId))
    .where(eq(kanbanTasks.id, id))
    .limit(1);
  return row;
}

export async function insertTask(db: Db, row: typeof kanbanTasks.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(kanbanTasks).values(row).returning({ id: kanbanTasks.id });
  if (!inserted) throw new Error('task insert returned nothing');
  return inserted.id;
}

export async function updateTask(
  db: Db,
  id: number,
  patch: Partial<Omit<TaskRow, 'id' | 'createdAt'>>,
) {
  await db.update(kanbanTasks).set(patch).where(eq(kanbanTasks.id, id));
}

export async function deleteTask(db: Db, id: number) {
  await db.delete(kanbanTasks).where(eq(kanbanTasks.id, id));
}

export async function assigneesOf(db: Db, taskIds: number[]): Promise<Assignee[]> {
  if (taskIds.length === 0) return [];
  return db
    .select({
      taskId: kanbanTaskAssignees.taskId,
      userId: kanbanTaskAssignees.userId,
      name: users.name,
      profileImageUrl: users.profileImageUrl,
    })
    .from(kanbanTaskAssignees)
    .innerJoin(users, eq(users.id, kanbanTaskAssignees.userId))
    .where(inArray(kanbanTaskAssignees.taskId, taskIds))
    .orderBy(asc(users.name), asc(users.id));
}

export async function setAssignees(db: Db, taskId: number, userIds: number[]) {
  await db.delete(kanbanTaskAssignees).where(eq(kanbanTaskAssignees.taskId, taskId));
  if (userIds.length > 0) {
    await db.insert(kanbanTaskAssignees).values(userIds.map((userId) => ({ taskId, userId })));
  }
}

/** Approved and all tasks per team, for the teams' progress. */
export async function taskCounts(db: Db, teamIds: number[]) {
  return db
    .select({
      teamId: kanbans.teamId,
      total: sql<number>`count(*)::int`.mapWith(Number),
      approved: sql<number>`count(*) FILTER (WHERE ${kanbanTasks.isApproved})::int`.mapWith(Number),
    })
    .from(kanbanTasks)
    .innerJoin(kanbanLists, eq(kanbanLists.id, kanbanTasks.listId))
    .innerJoin(kanbans, eq(kanbans.id, kanbanLists.kanbanId))
    .where(inArray(kanbans.teamId, teamIds))
    .groupBy(kanbans.teamId);
}
