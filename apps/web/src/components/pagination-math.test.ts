import { describe, expect, it } from 'vitest';
import { ko } from '../i18n/ko';
import { pageRange, pageWindow } from './pagination-math';

describe('pageRange', () => {
  it('numbers the items of the first page from 1', () => {
    expect(pageRange(0, 10, 45)).toEqual({ from: 1, to: 10, totalPages: 5 });
  });

  it('stops the last page at the total', () => {
    expect(pageRange(4, 10, 45)).toEqual({ from: 41, to: 45, totalPages: 5 });
  });

  it('says 0-0 for an empty list, with one page', () => {
    expect(pageRange(0, 20, 0)).toEqual({ from: 0, to: 0, totalPages: 1 });
  });

  it('clamps a page beyond the end to the last page', () => {
    expect(pageRange(9, 10, 25)).toEqual({ from: 21, to: 25, totalPages: 3 });
  });

  it('reads as the Korean summary', () => {
    const { from, to } = pageRange(1, 20, 57);
    expect(ko.pagination.summary(57, from, to)).toBe('총 57개, 21-40');
  });
});

describe('pageWindow', () => {
  it('shows every page when there are at most five', () => {
    expect(pageWindow(0, 3)).toEqual([0, 1, 2]);
  });

  it('centres the current page', () => {
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
  });

  it('stays inside the first and the last page', () => {
    expect(pageWindow(0, 10)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(9, 10)).toEqual([5, 6, 7, 8, 9]);
  });

  it('never shows more than five buttons', () => {
    expect(pageWindow(50, 100)).toHaveLength(5);
  });

  it('shows one page for an empty list', () => {
    expect(pageWindow(0, 0)).toEqual([0]);
  });
});
