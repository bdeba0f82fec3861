import type { Kanban, KanbanList, Task } from '@teamup/contracts/kanban';

/** Where a task sits: its list and its 0-based index in that list. */
export interface TaskLocation {
  listId: number;
  index: number;
}

/** What the server is told about a move: the destination list and the index among its others. */
export interface TaskMoveRequest {
  kanbanListId: number;
  order: number;
}

/** Renumbers `order` of each item to its index, as the server presents them. */
function renumberTasks(tasks: Task[], listId: number): Task[] {
  return tasks.map((task, order) =>
    task.order === order && task.kanbanListId === listId
      ? task
      : { ...task, order, kanbanListId: listId },
  );
}

function renumberLists(lists: KanbanList[]): KanbanList[] {
  return lists.map((list, order) => (list.order === order ? list : { ...list, order }));
}

function clampIndex(index: number, length: number): number {
  return Math.min(Math.max(0, Math.floor(index)), length);
}

/** The list and index of a task, or null when the board does not hold it. */
export function findTask(board: Kanban, taskId: number): TaskLocation | null {
  for (const list of board.kanbanLists) {
    const index = list.tasks.findIndex((task) => task.id === taskId);
    if (index >= 0) return { listId: list.id, index };
  }
  return null;
}

/** The 0-based index of a list, or -1. */
export function findList(board: Kanban, listId: number): number {
  return board.kanbanLists.findIndex((list) => list.id === listId);
}

/**
 * The board with the task moved into `toListId` at `toIndex`, counted among the other tasks of
 * that list (the server's `order`); an index past the end puts it last. Unknown ids leave the
 * board as it is.
 */
export function moveTaskTo(
  board: Kanban,
  taskId: number,
  toListId: number,
  toIndex: number,
): Kanban {
  const from = findTask(board, taskId);
  if (!from || findList(board, toListId) < 0) return board;
  const task = board.kanbanLists.find((list) => list.id === from.listId)?.tasks[from.index];
  if (!task) return board;
  const kanbanLists = board.kanbanLists.map((list) => {
    if (list.id !== from.listId && list.id !== toListId) return list;
    const others = list.tasks.filter((candidate) => candidate.id !== taskId);
    if (list.id !== toListId) return { ...list, tasks: renumberTasks(others, list.id) };
    const at = clampIndex(toIndex, others.length);
    const tasks = [...others.slice(0, at), task, ...others.slice(at)];
    return { ...list, tasks: renumberTasks(tasks, list.id) };
  });
  return { ...board, kanbanLists };
}

/** The board with the list moved to `toIndex` among the other lists. */
export function moveListTo(board: Kanban, listId: number, toIndex: number): Kanban {
  const from = findList(board, listId);
  const list = board.kanbanLists[from];
  if (!list) return board;
  const others = board.kanbanLists.filter((candidate) => candidate.id !== listId);
  const at = clampIndex(toIndex, others.length);
  return {
    ...board,
    kanbanLists: renumberLists([...others.slice(0, at), list, ...others.slice(at)]),
  };
}

/** What a dragged item is over: a task card or a list (its column). */
export type DropRef = { type: 'task'; id: number } | { type: 'list'; id: number };

/**
 * Where a dragged task lands when it is over `over`: over a card, at that card's place (below it
 * when `below`, for a card of another list); over a column, at the end of it (its own column
 * leaves it where it is). Null when it would not move.
 */
export function taskDropTarget(
  board: Kanban,
  taskId: number,
  over: DropRef,
  below = false,
): TaskLocation | null {
  const from = findTask(board, taskId);
  if (!from) return null;
  let target: TaskLocation | null = null;
  if (over.type === 'list') {
    const list = board.kanbanLists.find((candidate) => candidate.id === over.id);
    if (!list || list.id === from.listId) return null;
    target = { listId: list.id, index: list.tasks.length };
  } else {
    if (over.id === taskId) return null;
    const overAt = findTask(board, over.id);
    if (!overAt) return null;
    // In its own list a card takes the place of the one it is over (as arrayMove does).
    const index = overAt.listId === from.listId ? overAt.index : overAt.index + (below ? 1 : 0);
    target = { listId: overAt.listId, index };
  }
  return target.listId === from.listId && target.index === from.index ? null : target;
}

/** The index a dragged list takes when it is over `over` (a list, or a card of that list). */
export function listDropIndex(board: Kanban, listId: number, over: DropRef): number | null {
  const from = findList(board, listId);
  if (from < 0) return null;
  const overListId = over.type === 'list' ? over.id : findTask(board, over.id)?.listId;
  if (overListId === undefined) return null;
  const index = findList(board, overListId);
  return index < 0 || index === from ? null : index;
}

/**
 * The PUT body of a finished drag: where the task is in `after`, when that differs from where it
 * was in `before`; null when it did not move.
 */
export function taskMoveRequest(
  before: Kanban,
  after: Kanban,
  taskId: number,
): TaskMoveRequest | null {
  const was = findTask(before, taskId);
  const is = findTask(after, taskId);
  if (!was || !is || (was.listId === is.listId && was.index === is.index)) return null;
  return { kanbanListId: is.listId, order: is.index };
}

/** The new index of a list after a drag, or null when it did not move. */
export function listMoveRequest(before: Kanban, after: Kanban, listId: number): number | null {
  const was = findList(before, listId);
  const is = findList(after, listId);
  return was < 0 || is < 0 || was === is ? null : is;
}

/** Every task waiting for the leader's decision, in board order, with its list's name. */
export function pendingTasks(board: Kanban): { task: Task; listName: string }[] {
  return board.kanbanLists.flatMap((list) =>
    list.tasks
      .filter((task) => task.completionRequested && !task.isApproved)
      .map((task) => ({ task, listName: list.kanbanListName })),
  );
}

/** The task with this id anywhere on the board, with its list. */
export function taskById(
  board: Kanban | undefined,
  taskId: number | null,
): { task: Task; list: KanbanList } | null {
  if (!board || taskId === null) return null;
  for (const list of board.kanbanLists) {
    const task = list.tasks.find((candidate) => candidate.id === taskId);
    if (task) return { task, list };
  }
  return null;
}

/**
 * The board with `answered` (the server's task after a move) put where the server says it is.
 * A member's drop into the done list is answered with the card still in its list, now waiting
 * for approval (decision 0040): the board shows that instead of the optimistic move.
 */
export function placeAnsweredTask(board: Kanban, answered: Task): Kanban {
  const without = board.kanbanLists.map((list) => ({
    ...list,
    tasks: list.tasks.filter((task) => task.id !== answered.id),
  }));
  return {
    ...board,
    kanbanLists: without.map((list) => {
      if (list.id !== answered.kanbanListId) return renumberList(list);
      const tasks = [...list.tasks];
      tasks.splice(clampIndex(answered.order, tasks.length), 0, answered);
      return { ...list, tasks: renumberTasks(tasks, list.id) };
    }),
  };
}

function renumberList(list: KanbanList): KanbanList {
  return { ...list, tasks: renumberTasks(list.tasks, list.id) };
}

/** A move answered with the card elsewhere than asked: the server took it as a request. */
export function moveBecameRequest(request: TaskMoveRequest, answered: Task): boolean {
  return answered.kanbanListId !== request.kanbanListId && answered.completionRequested;
}
