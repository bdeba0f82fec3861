/**
 * The page to show after removing one item: the previous page when it was the last item of a
 * page other than the first, else the same page.
 */
export function pageAfterRemoval(page: number, itemsOnPage: number): number {
  return itemsOnPage <= 1 && page > 0 ? page - 1 : page;
}

/** The last 0-based page of a list of `total` items, `size` per page (0 for an empty list). */
export function lastPage(total: number, size: number): number {
  return Math.max(0, Math.ceil(total / size) - 1);
}

/** A page that no longer exists (the list shrank meanwhile) becomes the last one. */
export function clampPage(page: number, totalPages: number): number {
  return Math.min(page, Math.max(0, totalPages - 1));
}
