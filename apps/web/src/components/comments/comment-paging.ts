import { Limits } from '@teamup/contracts/limits';
import { pageWindow } from '../pagination-math';

export interface CommentPager {
  /** 0-based page numbers to show as buttons: at most 3, around the current page. */
  pages: number[];
  hasPrevious: boolean;
  hasNext: boolean;
}

/** The compact comment pager (spec 02 section 9: a window of 3 pages plus previous and next). */
export function commentPager(
  page: number,
  totalPages: number,
  windowSize: number = Limits.taskCommentPagerWindow,
): CommentPager {
  const pages = pageWindow(page, totalPages, windowSize);
  const last = Math.max(1, totalPages) - 1;
  const current = Math.min(Math.max(0, page), last);
  return { pages, hasPrevious: current > 0, hasNext: current < last };
}

/** The page a new comment shows on: the last one once it is added. */
export function pageOfNewComment(
  totalElements: number,
  size: number = Limits.taskCommentPageSize,
): number {
  return Math.max(0, Math.ceil((totalElements + 1) / size) - 1);
}

/** The page to show after a comment is removed: the one before when it was the last on its page. */
export function pageAfterCommentRemoval(page: number, itemsOnPage: number): number {
  return itemsOnPage <= 1 && page > 0 ? page - 1 : page;
}
