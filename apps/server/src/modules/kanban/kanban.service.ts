import { ErrorCode } from '@teamup/contracts/error-codes';
import {
  KanbanMessages as M,
  type Kanban,
  type KanbanList,
  type Task,
  type createListSchema,
  type createTaskSchema,
  type updateListSchema,
  type updateTaskSchema,
} from '@teamup/contracts/kanban';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../platform/errors/app-error';
import type { ProgressSource } from '../../platform/module';
import {
  assertTeamContentAccess,
  publishTeamContentChange,
  teamMembersAmong,
} from '../teams/team-access.service';
import { keyAt, toDoneList } from './kanban-positions';
import { assertMayChangeDoneList, assertMayReviewTasks } from './kanban.policy';
import { presentKanban, presentKanbanList, presentTask, type BoardView } from './kanban.presenter';
import * as repo from './kanban.repo';
import { emitDomainEvent } from '../../platform/domain-events';
import { AccessCaches, accessCacheOf, clearAccessCaches } from '../../platform/access-cache';
import { shareAnswer } from '../../platform/http/shared-answers';

/** How far each team is: the share of its tasks the leader approved (decision 0006). */
export const teamProgress: ProgressSource = async (db, teamIds) => {
  const counts = await repo.taskCounts(db, teamIds);
  return new Map(
    counts.map((row) => [
      row.teamId,
      row.total === 0 ? 0 : Math.round((100 * row.approved) / row.total),
    ]),
  );
};

const kanbanNotFound = () => notFound(M.boardNotFound, ErrorCode.KANBAN_NOT_FOUND);
const listNotFound = () => notFound(M.listNotFound, ErrorCode.KANBAN_LIST_NOT_FOUND);
export const taskNotFound = () => notFound(M.taskNotFound, ErrorCode.KANBAN_TASK_NOT_FOUND);
export const commentNotFound = () =>
  notFound(M.commentNotFound, ErrorCode.KANBAN_COMMENT_NOT_FOUND);

/**
 * After every committed kanban write: the board kept for GET (on every instance) is dropped, then
 * the workspace's live listeners hear of it.
 */
async function publishChange(ctx: AppContext, teamId: number, workspaceId: number) {
  await clearAccessCaches(ctx, { caches: [AccessCaches.kanbanBoard], scopeIds: [teamId] });
  await publishTeamContentChange(ctx, { teamId, workspaceId }, 'KANBAN');
}

/** A task's comment count changed: its board kept for GET is dropped on every instance. */
export async function boardChangedOfTask(ctx: AppContext, taskId: number): Promise<void> {
  const found = await repo.findTask(ctx.database.db, taskId);
  // A task deleted meanwhile: drop every kept board rather than guess.
  await clearAccessCaches(
    ctx,
    found
      ? { caches: [AccessCaches.kanbanBoard], scopeIds: [found.teamId] }
      : { caches: [AccessCaches.kanbanBoard] },
  );
}

// --- loading what is presented --------------------------------------------------------------

async function loadBoard(db: Db, kanbanId: number): Promise<BoardView> {
  const board = await repo.findBoard(db, { kanbanId });
  if (!board) throw kanbanNotFound();
  return board;
}

/** A list as its board shows it (its place among the lists, its tasks in order). */
async function listById(db: Db, listId: number): Promise<KanbanList> {
  const found = await repo.findList(db, listId);
  if (!found) throw listNotFound();
  const board = await loadBoard(db, found.list.kanbanId);
  const order = board.lists.findIndex((candidate) => candidate.id === listId);
  const list = board.lists[order];
  if (!list) throw listNotFound();
  return presentKanbanList(list, order, board.tasks, board.assignees);
}

/** A task as its list shows it (its place among the list's tasks). */
async function taskById(db: Db, taskId: number): Promise<Task> {
  const found = await repo.findTask(db, taskId);
  if (!found) throw taskNotFound();
  const tasks = await repo.tasksOfLists(db, [found.task.listId]);
  const order = tasks.findIndex((candidate) => candidate.id === taskId);
  const task = tasks[order];
  if (!task) throw taskNotFound();
  return presentTask(task, order, await repo.assigneesOf(db, [taskId]));
}

// --- access ----------------------------------------------------------------------------------

async function accessKanban(ctx: AppContext, userId: number, kanbanId: number) {
  const kanban = await repo.findKanban(ctx.database.db, kanbanId);
  if (!kanban) throw kanbanNotFound();
  const team = await assertTeamContentAccess(ctx, kanban.teamId, userId);
  return { kanban, team };
}

export async function accessList(ctx: AppContext, userId: number, listId: number) {
  const found = await repo.findList(ctx.database.db, listId);
  if (!found) throw listNotFound();
  const team = await assertTeamContentAccess(ctx, found.teamId, userId);
  return { list: found.list, teamId: found.teamId, team };
}

export async function accessTask(ctx: AppContext, userId: number, taskId: number) {
  const found = await repo.findTask(ctx.database.db, taskId);
  if (!found) throw taskNotFound();
  const team = await assertTeamContentAccess(ctx, found.teamId, userId);
  return { ...found, team };
}

// --- board and lists -------------------------------------------------------------------------

/**
 * GET /kanban/team/{id}: the team's board, read in one statement. Every team gets its board when
 * it is made (the kanban module's team-creation step; migration 0015 for teams made before), so
 * a GET never writes.
 */
export async function teamKanban(ctx: AppContext, userId: number, teamId: number): Promise<Kanban> {
  await assertTeamContentAccess(ctx, teamId, userId);
  // The presented board is the same for every viewer: kept per instance by team, dropped on
  // every instance by each kanban write (publishChange), comment, profile change and removal.
  const board = await accessCacheOf<Kanban>(ctx, AccessCaches.kanbanBoard).get(
    teamId,
    0,
    async () => {
      const found = await repo.findBoard(ctx.database.db, { teamId });
      // Never changed once made: a write replaces it, so its JSON may be reused.
      return found && shareAnswer(presentKanban(found));
    },
  );
  if (!board) throw kanbanNotFound();
  return board;
}

/** POST /kanban: the spec's "create the board", answered with the board that exists (or is made). */
export async function ensureTeamKanban(
  ctx: AppContext,
  userId: number,
  teamId: number,
): Promise<Kanban> {
  await assertTeamContentAccess(ctx, teamId, userId);
  await repo.insertKanban(ctx.database.db, teamId);
  const board = await repo.findBoard(ctx.database.db, { teamId });
  if (!board) throw kanbanNotFound();
  return presentKanban(board);
}

/** The kanban module's step of making a team: its board, in the same transaction. */
export async function createBoardForTeam(db: Db, teamId: number): Promise<void> {
  await repo.insertKanban(db, teamId);
}

export async function createList(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof createListSchema>,
): Promise<KanbanList> {
  const { kanban, team } = await accessKanban(ctx, userId, input.kanbanId);
  const listId = await ctx.database.db.transaction(async (tx) => {
    await repo.lockKanban(tx, kanban.id);
    if (input.isDoneList) {
      // A board's first done list (the starter lists) is anyone's to make; moving it is the leader's.
      const current = await repo.doneListOf(tx, kanban.id);
      if (current) assertMayChangeDoneList(team, userId);
      await repo.clearDoneList(tx, kanban.id, ctx.now());
    }
    const siblings = await repo.siblingListsOf(tx, kanban.id, null);
    const position = await keyAt(siblings, input.order, (p) => repo.setListPositions(tx, p));
    return repo.insertList(tx, {
      kanbanId: kanban.id,
      name: input.kanbanListName,
      position,
      isDone: Boolean(input.isDoneList),
      createdAt: ctx.now(),
      updatedAt: ctx.now(),
    });
  });
  await publishChange(ctx, kanban.teamId, team.workspaceId);
  return listById(ctx.database.db, listId);
}

export async function updateList(
  ctx: AppContext,
  userId: number,
  listId: number,
  input: z.output<typeof updateListSchema>,
): Promise<KanbanList> {
  const { list, teamId, team } = await accessList(ctx, userId, listId);
  const marking = input.isDoneList !== undefined && input.isDoneList !== list.isDone;
  if (marking) assertMayChangeDoneList(team, userId);
  await ctx.database.db.transaction(async (tx) => {
    const patch: { name?: string; position?: string; isDone?: boolean } = {};
    if (input.kanbanListName !== undefined) patch.name = input.kanbanListName;
    if (marking) {
      await repo.lockKanban(tx, list.kanbanId);
      if (input.isDoneList) await repo.clearDoneList(tx, list.kanbanId, ctx.now());
      patch.isDone = Boolean(input.isDoneList);
    }
    if (input.order !== undefined) {
      await repo.lockKanban(tx, list.kanbanId);
      const siblings = await repo.siblingListsOf(tx, list.kanbanId, list.id);
      patch.position = await keyAt(siblings, input.order, (p) => repo.setListPositions(tx, p));
    }
    await repo.updateList(tx, list.id, patch, ctx.now());
  });
  await publishChange(ctx, teamId, team.workspaceId);
  return listById(ctx.database.db, listId);
}

/** Deletes the list with every task in it (and their comments). */
export async function deleteList(ctx: AppContext, userId: number, listId: number): Promise<void> {
  const { teamId, team } = await accessList(ctx, userId, listId);
  await repo.deleteList(ctx.database.db, listId);
  await publishChange(ctx, teamId, team.workspaceId);
}

// --- tasks -----------------------------------------------------------------------------------

export async function createTask(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof createTaskSchema>,
): Promise<Task> {
  const { list, teamId, team } = await accessList(ctx, userId, input.kanbanListId);
  const created = await ctx.database.db.transaction(async (tx) => {
    await repo.lockList(tx, list.id);
    const siblings = await repo.siblingsOf(tx, list.id, null);
    const position = await keyAt(siblings, input.order, (p) => repo.setTaskPositions(tx, p));
    const id = await repo.insertTask(tx, {
      listId: list.id,
      subject: input.subject,
      content: input.content ?? null,
      deadline: input.deadline ?? null,
      position,
      createdAt: ctx.now(),
      updatedAt: ctx.now(),
    });
    const assignees = await teamMembersAmong(ctx, teamId, input.assigneeIds ?? [], tx);
    await repo.setAssignees(tx, id, assignees);
    return { id, assignees };
  });
  await publishChange(ctx, teamId, team.workspaceId);
  if (created.assignees.length > 0) {
    await emitDomainEvent(ctx, {
      type: 'TASK_ASSIGNED',
      teamId,
      taskId: created.id,
      actorId: userId,
      userIds: created.assignees,
    });
  }
  return taskById(ctx.database.db, created.id);
}

/**
 * Edits and moves. A move (`kanbanListId` and/or `order`) locks the destination list, so moves
 * into one list by several people at once are applied one after another and every card ends up
 * with its own key between its neighbours at that moment.
 */
export async function updateTask(
  ctx: AppContext,
  userId: number,
  taskId: number,
  input: z.output<typeof updateTaskSchema>,
): Promise<Task> {
  const { task, kanbanId, teamId, team } = await accessTask(ctx, userId, taskId);
  if (input.isApproved !== undefined && input.isApproved !== task.isApproved) {
    assertMayReviewTasks(team, userId);
  }
  const assignedBefore =
    input.assigneeIds === undefined
      ? []
      : (await repo.assigneesOf(ctx.database.db, [task.id])).map((assignee) => assignee.userId);
  let assignedNow: number[] = [];
  const targetListId = input.kanbanListId ?? task.listId;
  if (targetListId !== task.listId) {
    const target = await repo.findList(ctx.database.db, targetListId);
    if (!target) throw listNotFound();
    if (target.list.kanbanId !== kanbanId) {
      throw badRequest(ErrorCode.KANBAN_CROSS_BOARD, M.crossBoard);
    }
  }
  await ctx.database.db.transaction(async (tx) => {
    const patch: Partial<repo.TaskRow> = { updatedAt: ctx.now() };
    if (input.subject !== undefined) patch.subject = input.subject;
    if (input.content !== undefined) patch.content = input.content;
    if (input.deadline !== undefined) patch.deadline = input.deadline;
    if (input.isApproved !== undefined && input.isApproved !== task.isApproved) {
      patch.isApproved = input.isApproved;
      patch.completionRequested = false;
      patch.rejected = false;
      // Approved without a place of its own: to the done list, as a reviewed approval goes.
      if (input.isApproved && input.kanbanListId === undefined && input.order === undefined) {
        Object.assign(patch, await toDoneList(tx, kanbanId, task));
      }
    }
    if (input.kanbanListId !== undefined || input.order !== undefined) {
      await repo.lockList(tx, targetListId);
      const siblings = await repo.siblingsOf(tx, targetListId, task.id);
      patch.listId = targetListId;
      patch.position = await keyAt(siblings, input.order, (p) => repo.setTaskPositions(tx, p));
    }
    await repo.updateTask(tx, task.id, patch);
    if (input.assigneeIds !== undefined) {
      assignedNow = await teamMembersAmong(ctx, teamId, input.assigneeIds, tx);
      await repo.setAssignees(tx, task.id, assignedNow);
    }
  });
  await publishChange(ctx, teamId, team.workspaceId);
  const newlyAssigned = assignedNow.filter((id) => !assignedBefore.includes(id));
  if (newlyAssigned.length > 0) {
    await emitDomainEvent(ctx, {
      type: 'TASK_ASSIGNED',
      teamId,
      taskId,
      actorId: userId,
      userIds: newlyAssigned,
    });
  }
  return taskById(ctx.database.db, taskId);
}

export async function deleteTask(ctx: AppContext, userId: number, taskId: number): Promise<void> {
  const { teamId, team } = await accessTask(ctx, userId, taskId);
  await repo.deleteTask(ctx.database.db, taskId);
  await publishChange(ctx, teamId, team.workspaceId);
}

/** Normal → completion requested (spec 02 section 4). */
export async function requestCompletion(
  ctx: AppContext,
  userId: number,
  taskId: number,
  message: string | null | undefined,
): Promise<Task> {
  const { task, teamId, team } = await accessTask(ctx, userId, taskId);
  if (task.isApproved) throw conflict(ErrorCode.TASK_ALREADY_APPROVED, M.alreadyApproved);
  if (task.completionRequested)
    throw conflict(ErrorCode.TASK_ALREADY_REQUESTED, M.alreadyRequested);
  await repo.updateTask(ctx.database.db, taskId, {
    completionRequested: true,
    completionRequestMessage: message?.trim() || null,
    completionRequesterId: userId,
    rejected: false,
    approvalMessage: null,
    updatedAt: ctx.now(),
  });
  await publishChange(ctx, teamId, team.workspaceId);
  await emitDomainEvent(ctx, { type: 'COMPLETION_REQUESTED', teamId, taskId, requesterId: userId });
  return taskById(ctx.database.db, taskId);
}

/** Requested → approved, or → rejected (back to normal with the leader's message). Leader only. */
export async function reviewCompletion(
  ctx: AppContext,
  userId: number,
  taskId: number,
  decision: { approved: boolean; approvalMessage?: string | null | undefined },
): Promise<Task> {
  const { task, kanbanId, teamId, team } = await accessTask(ctx, userId, taskId);
  assertMayReviewTasks(team, userId);
  if (task.isApproved) throw conflict(ErrorCode.TASK_ALREADY_APPROVED, M.alreadyApproved);
  if (!task.completionRequested) throw conflict(ErrorCode.TASK_NOT_REQUESTED, M.notRequested);
  await ctx.database.db.transaction(async (tx) => {
    await repo.updateTask(tx, taskId, {
      completionRequested: false,
      isApproved: decision.approved,
      rejected: !decision.approved,
      approvalMessage: decision.approvalMessage?.trim() || null,
      updatedAt: ctx.now(),
      // An approved card moves to the board's done list (decision 0006).
      ...(decision.approved ? await toDoneList(tx, kanbanId, task) : {}),
    });
  });
  await publishChange(ctx, teamId, team.workspaceId);
  if (task.completionRequesterId !== null) {
    await emitDomainEvent(ctx, {
      type: 'COMPLETION_REVIEWED',
      teamId,
      taskId,
      requesterId: task.completionRequesterId,
      approved: decision.approved,
    });
  }
  return taskById(ctx.database.db, taskId);
}
