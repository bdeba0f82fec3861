import { ErrorCode } from '@teamup/contracts/error-codes';
import { KanbanMessages as M } from '@teamup/contracts/kanban';
import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../test/refusals';
import {
  assertMayChangeDoneList,
  assertMayReviewTasks,
  canChangeDoneList,
  canReviewTasks,
  commentAuthorOnly,
} from './kanban.policy';

const team = { leaderId: 1 };

describe('kanban policy', () => {
  it('leaves approvals and the done list to the team leader', () => {
    expect(canReviewTasks(team, 1)).toBe(true);
    expect(canReviewTasks(team, 2)).toBe(false);
    expect(canChangeDoneList(team, 1)).toBe(true);
    expect(canChangeDoneList({ leaderId: null }, 2)).toBe(false);
  });

  it('refuses the others, each with its own words under one code', () => {
    expect(refusalOf(() => assertMayReviewTasks(team, 2))).toEqual({
      status: 403,
      code: ErrorCode.KANBAN_LEADER_ONLY,
      detail: M.leaderOnly,
    });
    expect(refusalOf(() => assertMayChangeDoneList(team, 2))).toEqual({
      status: 403,
      code: ErrorCode.KANBAN_LEADER_ONLY,
      detail: M.doneListLeaderOnly,
    });
    expect(refusalOf(() => assertMayReviewTasks(team, 1))).toBeUndefined();
  });

  it("answers a task comment's non-author as AUTHOR_ONLY", () => {
    expect(commentAuthorOnly()).toMatchObject({
      status: 403,
      code: ErrorCode.AUTHOR_ONLY,
      detail: M.commentAuthorOnly,
    });
  });
});
