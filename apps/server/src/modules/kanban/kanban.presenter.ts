import type { Kanban, KanbanList, Task } from '@teamup/contracts/kanban';
import type { Assignee, KanbanRow, ListRow, TaskRow } from './kanban.repo';

/** A task as the board reads it: the row with its comment count. */
export type TaskView = TaskRow & { commentCount: number };

/** Everything one board shows: its lists and tasks in order, and the tasks' assignees. */
export type BoardView = {
  kanban: KanbanRow;
  lists: ListRow[];
  tasks: TaskView[];
  assignees: Assignee[];
};

/** A task at place `order` of its list; `assignees` may hold other tasks' too. */
export function presentTask(task: TaskView, order: number, assignees: Assignee[]): Task {
  return {
    id: task.id,
    kanbanListId: task.listId,
    subject: task.subject,
    content: task.content,
    deadline: task.deadline,
    order,
    isApproved: task.isApproved,
    completionRequested: task.completionRequested,
    completionRequestMessage: task.completionRequestMessage,
    completionRequesterId: task.completionRequesterId,
    approvalMessage: task.approvalMessage,
    rejected: task.rejected,
    members: assignees
      .filter((assignee) => assignee.taskId === task.id)
      .map((assignee) => ({
        accountId: assignee.userId,
        memberName: assignee.name,
        profileImage: assignee.profileImageUrl,
      })),
    commentCount: task.commentCount,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
  };
}

/** A list at place `order` of its board, with its tasks (taken from the board's, in order). */
export function presentKanbanList(
  list: ListRow,
  order: number,
  tasks: TaskView[],
  assignees: Assignee[],
): KanbanList {
  return {
    id: list.id,
    kanbanListName: list.name,
    order,
    isDoneList: list.isDone,
    tasks: tasks
      .filter((task) => task.listId === list.id)
      .map((task, taskOrder) => presentTask(task, taskOrder, assignees)),
  };
}

export function presentKanban(board: BoardView): Kanban {
  return {
    id: board.kanban.id,
    teamId: board.kanban.teamId,
    kanbanLists: board.lists.map((list, order) =>
      presentKanbanList(list, order, board.tasks, board.assignees),
    ),
  };
}
