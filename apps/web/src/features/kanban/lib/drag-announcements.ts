import type { Kanban } from '@teamup/contracts/kanban';
import { kanbanKo } from '../../../i18n/ko/kanban';
import { findList, findTask, type DropRef } from './board-moves';

const texts = kanbanKo.drag;

/** Where a dragged task would land over `over`: the list's name and a 1-based position. */
function taskPlace(board: Kanban, taskId: number, over: DropRef | null) {
  const from = findTask(board, taskId);
  if (!from) return null;
  if (over === null || (over.type === 'task' && over.id === taskId)) {
    const list = board.kanbanLists.find((candidate) => candidate.id === from.listId);
    return list ? { list: list.kanbanListName, position: from.index + 1 } : null;
  }
  if (over.type === 'list') {
    const list = board.kanbanLists.find((candidate) => candidate.id === over.id);
    if (!list) return null;
    const position = list.id === from.listId ? from.index + 1 : list.tasks.length + 1;
    return { list: list.kanbanListName, position };
  }
  const at = findTask(board, over.id);
  const list = board.kanbanLists.find((candidate) => candidate.id === at?.listId);
  return at && list ? { list: list.kanbanListName, position: at.index + 1 } : null;
}

function listPlace(board: Kanban, over: DropRef | null, listId: number) {
  const overListId =
    over?.type === 'list' ? over.id : over ? findTask(board, over.id)?.listId : listId;
  const index = findList(board, overListId ?? listId);
  return index < 0 ? null : index + 1;
}

/**
 * The Korean screen-reader texts of a drag, computed on the board as the drag sees it: where
 * the item is picked up, where it would go over `over`, and where it is on the board after the
 * drop.
 */
export function dragAnnouncement(
  phase: 'start' | 'over' | 'end' | 'cancel',
  board: Kanban,
  active: DropRef,
  over: DropRef | null,
): string {
  if (active.type === 'task') {
    const subject = findTaskSubject(board, active.id);
    if (phase === 'cancel') return texts.cancelledTask(subject);
    // On a drop the board already holds the card where it landed.
    const place = taskPlace(board, active.id, phase === 'over' ? over : null);
    if (!place) return texts.nowhere;
    if (phase === 'start') return texts.pickedTask(subject, place.list, place.position);
    if (phase === 'over') return texts.overTask(subject, place.list, place.position);
    return texts.droppedTask(subject, place.list, place.position);
  }
  const name = board.kanbanLists.find((list) => list.id === active.id)?.kanbanListName ?? '';
  if (phase === 'cancel') return texts.cancelledList(name);
  const position = listPlace(board, phase === 'over' ? over : null, active.id);
  if (position === null) return texts.nowhere;
  if (phase === 'start') return texts.pickedList(name, position);
  if (phase === 'over') return texts.overList(name, position);
  return texts.droppedList(name, position);
}

function findTaskSubject(board: Kanban, taskId: number): string {
  for (const list of board.kanbanLists) {
    const task = list.tasks.find((candidate) => candidate.id === taskId);
    if (task) return task.subject;
  }
  return '';
}
