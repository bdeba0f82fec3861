/** How many numbered page buttons the control shows at most (spec 01 section 9). */
export const MAX_PAGE_BUTTONS = 5;

export interface PageRange {
  /** 1-based number of the first item on the page; 0 when there are none. */
  from: number;
  /** 1-based number of the last item on the page; 0 when there are none. */
  to: number;
  totalPages: number;
}

/** Items a-b of N on a 0-based page of the given size. */
export function pageRange(page: number, pageSize: number, totalElements: number): PageRange {
  const total = Math.max(0, Math.floor(totalElements));
  const size = Math.max(1, Math.floor(pageSize));
  const totalPages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(0, Math.floor(page)), totalPages - 1);
  if (total === 0) return { from: 0, to: 0, totalPages };
  const from = current * size + 1;
  return { from, to: Math.min(total, from + size - 1), totalPages };
}

/**
 * The 0-based page numbers to show as buttons: at most `max`, the current one centred where
 * possible and the window kept inside 0..totalPages-1.
 */
export function pageWindow(page: number, totalPages: number, max = MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(Math.max(1, totalPages), max);
  const last = Math.max(1, totalPages) - 1;
  const current = Math.min(Math.max(0, page), last);
  const start = Math.min(Math.max(0, current - Math.floor(count / 2)), last - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
}
