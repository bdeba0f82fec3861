import type { Task, TaskMember } from '@teamup/contracts/kanban';
import { Limits } from '@teamup/contracts/limits';

/** Where a task is in its completion review (spec 02 section 4). */
export type TaskState = 'normal' | 'requested' | 'approved' | 'rejected';

export function taskState(
  task: Pick<Task, 'isApproved' | 'completionRequested' | 'rejected'>,
): TaskState {
  if (task.isApproved) return 'approved';
  if (task.completionRequested) return 'requested';
  if (task.rejected) return 'rejected';
  return 'normal';
}

/** The Complete button shows only when the task is neither requested nor approved. */
export function canRequestCompletion(
  task: Pick<Task, 'isApproved' | 'completionRequested'>,
): boolean {
  return !task.completionRequested && !task.isApproved;
}

/** The avatars a card shows (at most 3, spec 02 section 9) and how many more there are. */
export function visibleAssignees(
  members: TaskMember[],
  max: number = Limits.assigneeAvatars,
): { shown: TaskMember[]; more: number } {
  return { shown: members.slice(0, max), more: Math.max(0, members.length - max) };
}
