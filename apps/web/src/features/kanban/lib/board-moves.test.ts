import { describe, expect, it } from 'vitest';
import { board, list, task } from '../test/fixtures';
import {
  findTask,
  listDropIndex,
  listMoveRequest,
  moveBecameRequest,
  moveListTo,
  moveTaskTo,
  placeAnsweredTask,
  pendingTasks,
  taskDropTarget,
  taskMoveRequest,
} from './board-moves';

/** 할 일 [1, 2, 3], 진행 중 [4, 5], 완료 []. */
const start = board([
  list(10, '할 일', [task(1, 10), task(2, 10), task(3, 10)]),
  list(20, '진행 중', [task(4, 20), task(5, 20)]),
  list(30, '완료', []),
]);

const ids = (value: typeof start) =>
  value.kanbanLists.map((column) => column.tasks.map((item) => item.id));

describe('moveTaskTo', () => {
  it('moves a card down and up within its list, renumbering order', () => {
    const down = moveTaskTo(start, 1, 10, 2);
    expect(ids(down)).toEqual([[2, 3, 1], [4, 5], []]);
    expect(down.kanbanLists[0]!.tasks.map((item) => item.order)).toEqual([0, 1, 2]);
    expect(ids(moveTaskTo(start, 3, 10, 0))).toEqual([[3, 1, 2], [4, 5], []]);
  });

  it('moves a card into another list at the index among its cards', () => {
    const moved = moveTaskTo(start, 2, 20, 1);
    expect(ids(moved)).toEqual([[1, 3], [4, 2, 5], []]);
    const card = moved.kanbanLists[1]!.tasks[1]!;
    expect(card.kanbanListId).toBe(20);
    expect(card.order).toBe(1);
    expect(moved.kanbanLists[0]!.tasks.map((item) => item.order)).toEqual([0, 1]);
  });

  it('puts a card last for an index past the end, and into an empty list', () => {
    expect(ids(moveTaskTo(start, 1, 20, 99))).toEqual([[2, 3], [4, 5, 1], []]);
    expect(ids(moveTaskTo(start, 4, 30, 0))).toEqual([[1, 2, 3], [5], [4]]);
  });

  it('leaves the board alone for unknown ids, and the original untouched', () => {
    expect(moveTaskTo(start, 99, 10, 0)).toBe(start);
    expect(moveTaskTo(start, 1, 99, 0)).toBe(start);
    moveTaskTo(start, 1, 20, 0);
    expect(ids(start)).toEqual([[1, 2, 3], [4, 5], []]);
  });
});

describe('taskDropTarget', () => {
  it('takes the place of the card it is over in its own list', () => {
    expect(taskDropTarget(start, 1, { type: 'task', id: 3 })).toEqual({ listId: 10, index: 2 });
    expect(taskDropTarget(start, 3, { type: 'task', id: 1 })).toEqual({ listId: 10, index: 0 });
  });

  it('goes above or below a card of another list', () => {
    expect(taskDropTarget(start, 1, { type: 'task', id: 5 })).toEqual({ listId: 20, index: 1 });
    expect(taskDropTarget(start, 1, { type: 'task', id: 5 }, true)).toEqual({
      listId: 20,
      index: 2,
    });
  });

  it('goes last in another column, and stays put over its own column or itself', () => {
    expect(taskDropTarget(start, 1, { type: 'list', id: 30 })).toEqual({ listId: 30, index: 0 });
    expect(taskDropTarget(start, 1, { type: 'list', id: 20 })).toEqual({ listId: 20, index: 2 });
    expect(taskDropTarget(start, 1, { type: 'list', id: 10 })).toBeNull();
    expect(taskDropTarget(start, 1, { type: 'task', id: 1 })).toBeNull();
  });
});

describe('taskMoveRequest', () => {
  it('sends the destination list and the index among its other cards', () => {
    // 2 goes between 4 and 5 of 진행 중: index 1 among [4, 5].
    expect(taskMoveRequest(start, moveTaskTo(start, 2, 20, 1), 2)).toEqual({
      kanbanListId: 20,
      order: 1,
    });
    // 1 goes below 3 in its own list: index 2 among the others [2, 3].
    expect(taskMoveRequest(start, moveTaskTo(start, 1, 10, 2), 1)).toEqual({
      kanbanListId: 10,
      order: 2,
    });
  });

  it('sends nothing when the card is back where it was', () => {
    expect(taskMoveRequest(start, start, 1)).toBeNull();
    const there = moveTaskTo(start, 1, 20, 0);
    expect(taskMoveRequest(start, moveTaskTo(there, 1, 10, 0), 1)).toBeNull();
  });

  it('follows a drag over another column and then a card there', () => {
    const over = taskDropTarget(start, 3, { type: 'task', id: 4 }, true)!;
    const dragged = moveTaskTo(start, 3, over.listId, over.index);
    expect(findTask(dragged, 3)).toEqual({ listId: 20, index: 1 });
    expect(taskMoveRequest(start, dragged, 3)).toEqual({ kanbanListId: 20, order: 1 });
  });
});

describe('list moves', () => {
  it('moves a list and sends its index among the other lists', () => {
    const moved = moveListTo(start, 10, 2);
    expect(moved.kanbanLists.map((column) => column.id)).toEqual([20, 30, 10]);
    expect(moved.kanbanLists.map((column) => column.order)).toEqual([0, 1, 2]);
    expect(listMoveRequest(start, moved, 10)).toBe(2);
    expect(listMoveRequest(start, start, 10)).toBeNull();
  });

  it('takes the index of the list it is over, or of the list of the card it is over', () => {
    expect(listDropIndex(start, 30, { type: 'list', id: 10 })).toBe(0);
    expect(listDropIndex(start, 10, { type: 'task', id: 5 })).toBe(1);
    expect(listDropIndex(start, 10, { type: 'list', id: 10 })).toBeNull();
  });
});

describe('pendingTasks', () => {
  it('lists the requested, unapproved cards in board order with their list names', () => {
    const withRequests = board([
      list(10, '할 일', [task(1, 10), task(2, 10, { completionRequested: true })]),
      list(20, '완료', [
        task(3, 20, { completionRequested: true }),
        task(4, 20, { isApproved: true }),
      ]),
    ]);
    expect(
      pendingTasks(withRequests).map(({ task: item, listName }) => [item.id, listName]),
    ).toEqual([
      [2, '할 일'],
      [3, '완료'],
    ]);
  });
});

describe('placeAnsweredTask', () => {
  it('shows a drop into the done list that became a request where the server kept the card', () => {
    const done = board([
      list(10, '할 일', [task(1, 10), task(2, 10)]),
      list(30, '완료', [], { isDoneList: true }),
    ]);
    const optimistic = moveTaskTo(done, 2, 30, 0);
    const answered = task(2, 10, { order: 1, completionRequested: true });
    const request = { kanbanListId: 30, order: 0 };
    expect(moveBecameRequest(request, answered)).toBe(true);
    const shown = placeAnsweredTask(optimistic, answered);
    expect(ids(shown)).toEqual([[1, 2], []]);
    expect(shown.kanbanLists[0]!.tasks[1]).toMatchObject({ id: 2, completionRequested: true });
    // A move the server made as asked is not a request.
    expect(moveBecameRequest(request, task(2, 30, { isApproved: true }))).toBe(false);
    expect(moveBecameRequest(request, task(2, 10))).toBe(false);
  });
});
