import { ErrorCode } from '@teamup/contracts/error-codes';
import { KanbanMessages as M } from '@teamup/contracts/kanban';
import { forbidden } from '../../platform/errors/app-error';
import { leads } from '../teams/teams.policy';

/*
 * Who may do what on a team's board (decision 0038), beyond reaching it (team content,
 * team-access.service.ts): the team's leader decides what counts as done (decision 0006).
 */

type LedTeam = { leaderId: number | null };

/** A task's comment is changed by its author only (comments.policy.ts); this is the refusal. */
export const commentAuthorOnly = () => forbidden(M.commentAuthorOnly, ErrorCode.AUTHOR_ONLY);

/** Approves or rejects a completion request (and sets a task's approval directly). */
export function canReviewTasks(team: LedTeam, userId: number): boolean {
  return leads(team, userId);
}

/** Moves the done list once the board has one (the starter lists make the first). */
export function canChangeDoneList(team: LedTeam, userId: number): boolean {
  return leads(team, userId);
}

export function assertMayReviewTasks(team: LedTeam, userId: number): void {
  if (!canReviewTasks(team, userId)) throw forbidden(M.leaderOnly, ErrorCode.KANBAN_LEADER_ONLY);
}

export function assertMayChangeDoneList(team: LedTeam, userId: number): void {
  if (!canChangeDoneList(team, userId)) {
    throw forbidden(M.doneListLeaderOnly, ErrorCode.KANBAN_LEADER_ONLY);
  }
}
