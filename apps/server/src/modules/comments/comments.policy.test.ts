import { describe, expect, it } from 'vitest';
import { canChangeComment } from './comments.policy';

describe('comments policy', () => {
  it('lets the author alone change a comment', () => {
    expect(canChangeComment({ authorId: 1 }, 1)).toBe(true);
    expect(canChangeComment({ authorId: 1 }, 2)).toBe(false);
    expect(canChangeComment({ authorId: null }, 2)).toBe(false);
  });
});
