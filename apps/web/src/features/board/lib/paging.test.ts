import { describe, expect, it } from 'vitest';
import { clampPage, lastPage, pageAfterRemoval } from './paging';

describe('paging', () => {
  it('steps back a page after removing the only item of a later page', () => {
    expect(pageAfterRemoval(2, 1)).toBe(1);
    expect(pageAfterRemoval(2, 3)).toBe(2);
    expect(pageAfterRemoval(0, 1)).toBe(0);
  });

  it('finds the last page of a list', () => {
    expect(lastPage(0, 10)).toBe(0);
    expect(lastPage(10, 10)).toBe(0);
    expect(lastPage(11, 10)).toBe(1);
  });

  it('brings a page that no longer exists back to the last one', () => {
    expect(clampPage(4, 2)).toBe(1);
    expect(clampPage(1, 2)).toBe(1);
    expect(clampPage(3, 0)).toBe(0);
  });
});
