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
import { generateNKeysBetween } from 'fractional-indexing';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors/app-error';
import type { ProgressSource } from '../../platform/module';
import {
  assertTeamContentAccess,
  publishTeamContentChange,
  reading,
  teamMembersAmong,
  writing,
  type TeamContentUse,
} from '../teams/team-access.service';
import { keyAt, toDoneList } from './kanban-positions';
import { assertMayChangeDoneList, assertMayReviewTasks, canReviewTasks } from './kanban.policy';
import { presentKanban, presentKanbanList, presentTask, type BoardView } from './kanban.presenter';
import * as repo from './kanban.repo';
import { emitDomainEvent } from '../../platform/domain-events';
import { cancelTaskReminders, syncTaskReminders, tasksOfLists } from './task-reminders';
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

/** Reading and changing the board, as the team's access step and read log name them. */
export const readCards = reading('KANBAN');
export const writeCards = writing('KANBAN');

async function accessKanban(ctx: AppContext, userId: number, kanbanId: number) {
  const kanban = await repo.findKanban(ctx.database.db, kanbanId);
  if (!kanban) throw kanbanNotFound();
  const team = await assertTeamContentAccess(ctx, kanban.teamId, userId, writeCards);
  return { kanban, team };
}

/** A list, to change it or add to it (every list route writes). */
export async function accessList(ctx: AppContext, userId: number, listId: number) {
  const found = await repo.findList(ctx.database.db, listId);
  if (!found) throw listNotFound();
  const team = await assertTeamContentAccess(ctx, found.teamId, userId, writeCards);
  return { list: found.list, teamId: found.teamId, team };
}

export async function accessTask(
  ctx: AppContext,
  userId: number,
  taskId: number,
  use: TeamContentUse,
) {
  const found = await repo.findTask(ctx.database.db, taskId);
  if (!found) throw taskNotFound();
  const team = await assertTeamContentAccess(ctx, found.teamId, userId, use);
  return { ...found, team };
}

// --- board and lists -------------------------------------------------------------------------

/**
 * GET /kanban/team/{id}: the team's board, read in one statement. Every team gets its board when
 * it is made (the kanban module's team-creation step; migration 0015 for teams made before), so
 * a GET never writes.
 */
export async function teamKanban(ctx: AppContext, userId: number, teamId: number): Promise<Kanban> {
  await assertTeamContentAccess(ctx, teamId, userId, readCards);
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
  // Every team has its board from its making: this answers it, and writes nothing but for a
  // board lost somehow, so those who read the team may ask it too.
  await assertTeamContentAccess(ctx, teamId, userId, readCards);
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
    const id = await repo.insertList(tx, {
      kanbanId: kanban.id,
      name: input.kanbanListName,
      position,
      isDone: Boolean(input.isDoneList),
      createdAt: ctx.now(),
      updatedAt: ctx.now(),
    });
    if (input.isDoneList) await gatherApproved(tx, kanban.id, id);
    return id;
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
      if (input.isDoneList) {
        // Its cards would be done without an approval: approve or move them first.
        const unapproved = (await repo.tasksOfLists(tx, [list.id])).some((t) => !t.isApproved);
        if (unapproved) {
          throw conflict(ErrorCode.KANBAN_DONE_LIST_MISMATCH, M.doneListHasUnapproved);
        }
        await repo.clearDoneList(tx, list.kanbanId, ctx.now());
        await gatherApproved(tx, list.kanbanId, list.id);
      }
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

/**
 * A list becomes the done list: the board's approved cards elsewhere (in the done list before, or
 * approved while the board had none) move to its top in their board order (decision 0040).
 */
async function gatherApproved(tx: Db, kanbanId: number, doneListId: number): Promise<void> {
  const lists = await repo.listsOf(tx, kanbanId);
  const others = lists.filter((l) => l.id !== doneListId).map((l) => l.id);
  const approved = (await repo.tasksOfLists(tx, others))
    .filter((t) => t.isApproved)
    .sort((a, b) => others.indexOf(a.listId) - others.indexOf(b.listId));
  if (approved.length === 0) return;
  await repo.lockList(tx, doneListId);
  const staying = await repo.siblingsOf(tx, doneListId, null);
  const first = staying[0]?.position ?? null;
  const keys = generateNKeysBetween(null, first, approved.length);
  for (const [index, t] of approved.entries()) {
    await repo.updateTask(tx, t.id, { listId: doneListId, position: keys[index] });
  }
}

/** Deletes the list with every task in it (and their comments). */
export async function deleteList(ctx: AppContext, userId: number, listId: number): Promise<void> {
  const { teamId, team } = await accessList(ctx, userId, listId);
  await ctx.database.db.transaction(async (tx) => {
    const taskIds = await tasksOfLists(tx, [listId]);
    await repo.deleteList(tx, listId);
    await cancelTaskReminders(ctx, tx, taskIds);
  });
  await publishChange(ctx, teamId, team.workspaceId);
}

// --- tasks -----------------------------------------------------------------------------------

export async function createTask(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof createTaskSchema>,
): Promise<Task> {
  const { list, teamId, team } = await accessList(ctx, userId, input.kanbanListId);
  // A card made in the done list is done (decision 0040): the reviewer's to make, approved.
  if (list.isDone && !canReviewTasks(team, userId)) {
    throw forbidden(M.doneListLeaderAdds, ErrorCode.KANBAN_LEADER_ONLY);
  }
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
      isApproved: list.isDone,
      approvedAt: list.isDone ? ctx.now() : null,
      createdAt: ctx.now(),
      updatedAt: ctx.now(),
    });
    const assignees = await teamMembersAmong(ctx, teamId, input.assigneeIds ?? [], tx);
    await repo.setAssignees(tx, id, assignees);
    await syncTaskReminders(ctx, tx, id);
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
 *
 * The done list and the approval agree (decision 0040): while the board has a done list, a card
 * is in it if and only if it is approved. A member's move into it asks for completion instead (the
 * card stays where it was); a reviewer's move into it approves, out of it un-approves.
 */
export async function updateTask(
  ctx: AppContext,
  userId: number,
  taskId: number,
  input: z.output<typeof updateTaskSchema>,
): Promise<Task> {
  const { task, kanbanId, teamId, team } = await accessTask(ctx, userId, taskId, writeCards);
  if (input.isApproved !== undefined && input.isApproved !== task.isApproved) {
    assertMayReviewTasks(team, userId);
  }
  const reviewer = canReviewTasks(team, userId);
  const assignedBefore =
    input.assigneeIds === undefined
      ? []
      : (await repo.assigneesOf(ctx.database.db, [task.id])).map((assignee) => assignee.userId);
  let assignedNow: number[] = [];
  if (input.kanbanListId !== undefined && input.kanbanListId !== task.listId) {
    const target = await repo.findList(ctx.database.db, input.kanbanListId);
    if (!target) throw listNotFound();
    if (target.list.kanbanId !== kanbanId) {
      throw badRequest(ErrorCode.KANBAN_CROSS_BOARD, M.crossBoard);
    }
  }
  const outcome = await ctx.database.db.transaction(async (tx) => {
    const patch: Partial<repo.TaskRow> = { updatedAt: ctx.now() };
    if (input.subject !== undefined) patch.subject = input.subject;
    if (input.content !== undefined) patch.content = input.content;
    if (input.deadline !== undefined) patch.deadline = input.deadline;
    const done = await repo.doneListOf(tx, kanbanId);
    const step = done
      ? await placeAgainstDoneList(tx, { task, done, reviewer, input })
      : placeFreely(task, input);
    if (step.kind === 'request') {
      Object.assign(patch, completionRequestPatch(userId, null, ctx.now()));
    } else {
      if (step.approve !== undefined) {
        patch.isApproved = step.approve;
        // When it was approved (issue 45's evidence); undone, it is no longer approved at all.
        patch.approvedAt = step.approve ? ctx.now() : null;
        patch.completionRequested = false;
        patch.rejected = false;
      }
      if (step.to) {
        await repo.lockList(tx, step.to.listId);
        const siblings = await repo.siblingsOf(tx, step.to.listId, task.id);
        patch.listId = step.to.listId;
        patch.position = await keyAt(siblings, step.to.order, (p) => repo.setTaskPositions(tx, p));
      }
    }
    await repo.updateTask(tx, task.id, patch);
    if (input.assigneeIds !== undefined) {
      assignedNow = await teamMembersAmong(ctx, teamId, input.assigneeIds, tx);
      await repo.setAssignees(tx, task.id, assignedNow);
    }
    await syncTaskReminders(ctx, tx, task.id);
    return step;
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
  if (outcome.kind === 'request') {
    await emitDomainEvent(ctx, {
      type: 'COMPLETION_REQUESTED',
      teamId,
      taskId,
      requesterId: userId,
    });
  } else if (
    outcome.approve === true &&
    task.completionRequested &&
    task.completionRequesterId !== null
  ) {
    // Approved by a drop or a PUT: the requester hears of it as of a reviewed approval.
    await emitDomainEvent(ctx, {
      type: 'COMPLETION_REVIEWED',
      teamId,
      taskId,
      requesterId: task.completionRequesterId,
      approved: true,
    });
  }
  return taskById(ctx.database.db, taskId);
}

type Placement =
  /** A member's move into the done list: a completion request, the card stays. */
  | { kind: 'request' }
  /** Where the card goes (none: it stays) and its approval when it changes. */
  | { kind: 'place'; to: { listId: number; order: number | undefined } | null; approve?: boolean };

type PlacementInput = Pick<
  z.output<typeof updateTaskSchema>,
  'kanbanListId' | 'order' | 'isApproved'
>;

const moveOf = (task: repo.TaskRow, input: PlacementInput) =>
  input.kanbanListId !== undefined || input.order !== undefined
    ? { listId: input.kanbanListId ?? task.listId, order: input.order }
    : null;

/** A board without a done list: moves and the reviewer's approval are independent. */
function placeFreely(task: repo.TaskRow, input: PlacementInput): Placement {
  const approve =
    input.isApproved !== undefined && input.isApproved !== task.isApproved
      ? input.isApproved
      : undefined;
  return { kind: 'place', to: moveOf(task, input), ...(approve === undefined ? {} : { approve }) };
}

/**
 * A board with a done list: where the card may go and what its approval becomes, so that it is in
 * the done list if and only if it is approved (decision 0040). `reviewer` may review tasks.
 */
async function placeAgainstDoneList(
  tx: Db,
  args: {
    task: repo.TaskRow;
    done: repo.ListRow;
    reviewer: boolean;
    input: PlacementInput;
  },
): Promise<Placement> {
  const { task, done, reviewer, input } = args;
  const move = moveOf(task, input);
  const inDone = task.listId === done.id;
  const wanted = input.isApproved ?? task.isApproved;
  const approvalChanges = wanted !== task.isApproved;
  // Where the card would end up if the request were taken as sent.
  const endsInDone = move ? move.listId === done.id : inDone;

  if (!reviewer) {
    // Only a reviewer changes the approval (checked before); a member's moves across the line:
    if (endsInDone && !inDone && !task.isApproved) {
      if (task.completionRequested) {
        throw conflict(ErrorCode.TASK_ALREADY_REQUESTED, M.alreadyRequested);
      }
      return { kind: 'request' };
    }
    if (inDone && !endsInDone && task.isApproved) {
      throw forbidden(M.approvedStaysDone, ErrorCode.KANBAN_LEADER_ONLY);
    }
    return { kind: 'place', to: move };
  }

  // A reviewer: the move decides the approval, or the approval decides the place; both given,
  // they must agree.
  if (approvalChanges && input.kanbanListId !== undefined && wanted !== endsInDone) {
    throw doneListMismatch();
  }
  if (move && move.listId !== task.listId) {
    if (endsInDone !== task.isApproved) return { kind: 'place', to: move, approve: endsInDone };
    return { kind: 'place', to: move };
  }
  if (!approvalChanges) return { kind: 'place', to: move };
  if (wanted) {
    // Approved where it stands: to the done list, at `order` or on top (as a review's approval).
    return {
      kind: 'place',
      to: inDone ? move : { listId: done.id, order: input.order ?? 0 },
      approve: true,
    };
  }
  // Un-approved in the done list: to the top of the board's first other list.
  if (!inDone) return { kind: 'place', to: move, approve: false };
  const other = (await repo.listsOf(tx, done.kanbanId)).find((list) => list.id !== done.id);
  if (!other) throw conflict(ErrorCode.KANBAN_DONE_LIST_MISMATCH, M.noListOutsideDone);
  return { kind: 'place', to: { listId: other.id, order: input.order ?? 0 }, approve: false };
}

const doneListMismatch = () => conflict(ErrorCode.KANBAN_DONE_LIST_MISMATCH, M.doneListMismatch);

/**
 * What a completion request writes (spec 02 section 4), by a request or a member's drop; its time
 * and requester stay after the review (issue 45's evidence: the member asked).
 */
function completionRequestPatch(userId: number, message: string | null | undefined, at: Date) {
  return {
    completionRequested: true,
    completionRequestMessage: message?.trim() || null,
    completionRequesterId: userId,
    completionRequestedAt: at,
    rejected: false,
    approvalMessage: null,
  };
}

export async function deleteTask(ctx: AppContext, userId: number, taskId: number): Promise<void> {
  const { teamId, team } = await accessTask(ctx, userId, taskId, writeCards);
  await ctx.database.db.transaction(async (tx) => {
    await repo.deleteTask(tx, taskId);
    await cancelTaskReminders(ctx, tx, [taskId]);
  });
  await publishChange(ctx, teamId, team.workspaceId);
}

/** Normal → completion requested (spec 02 section 4). */
export async function requestCompletion(
  ctx: AppContext,
  userId: number,
  taskId: number,
  message: string | null | undefined,
): Promise<Task> {
  const { task, teamId, team } = await accessTask(ctx, userId, taskId, writeCards);
  if (task.isApproved) throw conflict(ErrorCode.TASK_ALREADY_APPROVED, M.alreadyApproved);
  if (task.completionRequested)
    throw conflict(ErrorCode.TASK_ALREADY_REQUESTED, M.alreadyRequested);
  await repo.updateTask(ctx.database.db, taskId, {
    ...completionRequestPatch(userId, message, ctx.now()),
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
  const { task, kanbanId, teamId, team } = await accessTask(ctx, userId, taskId, writeCards);
  assertMayReviewTasks(team, userId);
  if (task.isApproved) throw conflict(ErrorCode.TASK_ALREADY_APPROVED, M.alreadyApproved);
  if (!task.completionRequested) throw conflict(ErrorCode.TASK_NOT_REQUESTED, M.notRequested);
  await ctx.database.db.transaction(async (tx) => {
    await repo.updateTask(tx, taskId, {
      completionRequested: false,
      isApproved: decision.approved,
      approvedAt: decision.approved ? ctx.now() : null,
      rejected: !decision.approved,
      approvalMessage: decision.approvalMessage?.trim() || null,
      updatedAt: ctx.now(),
      // An approved card moves to the board's done list (decision 0006).
      ...(decision.approved ? await toDoneList(tx, kanbanId, task) : {}),
    });
    await syncTaskReminders(ctx, tx, taskId);
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

/** Arms the deadline reminders of cards written elsewhere (a workspace import), in its transaction. */
export { syncTaskReminders } from './task-reminders';
