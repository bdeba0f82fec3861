import { describe, expect, it } from 'vitest';
import { commentPager, pageAfterCommentRemoval, pageOfNewComment } from './comment-paging';

describe('commentPager', () => {
  it('shows at most three page numbers around the current page', () => {
    expect(commentPager(0, 1).pages).toEqual([0]);
    expect(commentPager(0, 2).pages).toEqual([0, 1]);
    expect(commentPager(0, 5).pages).toEqual([0, 1, 2]);
    expect(commentPager(2, 5).pages).toEqual([1, 2, 3]);
    expect(commentPager(3, 5).pages).toEqual([2, 3, 4]);
    expect(commentPager(4, 5).pages).toEqual([2, 3, 4]);
  });

  it('offers previous and next only where there is a page', () => {
    expect(commentPager(0, 5)).toMatchObject({ hasPrevious: false, hasNext: true });
    expect(commentPager(2, 5)).toMatchObject({ hasPrevious: true, hasNext: true });
    expect(commentPager(4, 5)).toMatchObject({ hasPrevious: true, hasNext: false });
    expect(commentPager(0, 1)).toMatchObject({ hasPrevious: false, hasNext: false });
  });
});

describe('comment pages after a change', () => {
  it('shows a new comment on the last page (4 per page)', () => {
    expect(pageOfNewComment(0)).toBe(0);
    expect(pageOfNewComment(3)).toBe(0);
    expect(pageOfNewComment(4)).toBe(1);
    expect(pageOfNewComment(8)).toBe(2);
  });

  it('steps back a page when the last comment of a page is removed', () => {
    expect(pageAfterCommentRemoval(2, 1)).toBe(1);
    expect(pageAfterCommentRemoval(2, 3)).toBe(2);
    expect(pageAfterCommentRemoval(0, 1)).toBe(0);
  });
});
