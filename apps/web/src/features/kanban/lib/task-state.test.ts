import { describe, expect, it } from 'vitest';
import { member, task } from '../test/fixtures';
import { canRequestCompletion, taskState, visibleAssignees } from './task-state';

describe('taskState', () => {
  it('reads the completion review of a card', () => {
    expect(taskState(task(1, 1))).toBe('normal');
    expect(taskState(task(1, 1, { completionRequested: true }))).toBe('requested');
    expect(taskState(task(1, 1, { isApproved: true }))).toBe('approved');
    expect(taskState(task(1, 1, { rejected: true }))).toBe('rejected');
  });

  it('offers Complete only when neither requested nor approved', () => {
    expect(canRequestCompletion(task(1, 1))).toBe(true);
    expect(canRequestCompletion(task(1, 1, { rejected: true }))).toBe(true);
    expect(canRequestCompletion(task(1, 1, { completionRequested: true }))).toBe(false);
    expect(canRequestCompletion(task(1, 1, { isApproved: true }))).toBe(false);
  });
});

describe('visibleAssignees', () => {
  it('shows three avatars, then how many more', () => {
    const five = [1, 2, 3, 4, 5].map((id) => member(id));
    expect(visibleAssignees(five).shown.map((item) => item.accountId)).toEqual([1, 2, 3]);
    expect(visibleAssignees(five).more).toBe(2);
    expect(visibleAssignees(five.slice(0, 3)).more).toBe(0);
    expect(visibleAssignees([]).shown).toEqual([]);
  });
});
