import { z } from 'zod';

// Korean default messages for every schema that does not state its own (server and web alike).
z.config(z.locales.ko());

/** The largest value of a PostgreSQL `integer` column: every id and position fits in one. */
export const MAX_INT32 = 2_147_483_647;

/**
 * Every entity id in the API, in a path, a query or a body: a positive integer a column can hold.
 * Anything else (0, -1, 1.5, 2147483648, 'abc') is a 400 before a query runs.
 */
export const idSchema = z.coerce.number().int().positive().max(MAX_INT32);

/** A 0-based position or count sent by a client, bounded like an id. */
export const positionSchema = z.coerce.number().int().min(0).max(MAX_INT32);

/** ISO-8601 timestamp with offset. */
export const isoDateTime = z.string();

/** The years a date or instant from a client may name; PostgreSQL stores more, people mean less. */
export const DateRange = { minYear: 1900, maxYear: 9999 } as const;

/** True for an ISO-8601 date or instant whose (UTC) year lies in `DateRange`. */
export function isSupportedDate(value: string): boolean {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= DateRange.minYear && year <= DateRange.maxYear;
}

export const dateRangeMessage = `${DateRange.minYear}년부터 ${DateRange.maxYear}년 사이의 날짜를 입력해주세요.`;

/**
 * Characters PostgreSQL refuses in text and JSON (NUL). One rule for every string a client sends,
 * applied to whole requests by the server's validator, multipart reader and STOMP endpoint.
 */
export const refusedTextMessage = '허용되지 않는 문자(NUL)가 포함되어 있습니다.';

type Visit = { value: unknown; key: string | null; parent: Visit | null };

function pathTo(visit: Visit, base: readonly string[]): string[] {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at; at = at.parent) if (at.key !== null) keys.push(at.key);
  return [...base, ...keys.reverse()];
}

/**
 * The path of the first string (or key) inside `value` that holds a refused character, or null.
 * Iterative, and the path is built only when something is found: a body nested thousands deep is
 * walked in linear time without exhausting the stack.
 */
export function findRefusedText(value: unknown, base: readonly string[] = []): string[] | null {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return pathTo(visit, base);
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    const entries: [string, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [String(index), item])
      : Object.entries(current);
    // Pushed last to first, so the first offending field in document order is the one named.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index] as [string, unknown];
      const child: Visit = { value: item, key, parent: visit };
      if (key.includes('\u0000')) return pathTo(child, base);
      stack.push(child);
    }
  }
  return null;
}

/** `value` without trailing slashes, in linear time (a pattern like /\/+$/ is quadratic). */
export function withoutTrailingSlashes(value: string): string {
  let end = value.length;
  while (end > 0 && value[end - 1] === '/') end -= 1;
  return value.slice(0, end);
}

/** Wraps a payload schema in the `{ data }` success envelope. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data, message: z.string().optional() });
}

/** RFC 9457 problem details, with our stable `code`. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.string(),
  /** Present on validation failures: which fields were refused and why. */
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});
export type Problem = z.infer<typeof problemSchema>;

/** Past any list anyone keeps; bounds OFFSET (page × size) well inside a bigint. */
const MAX_PAGE = 1_000_000;

/** Query of every paged list: 0-based page and size. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(MAX_PAGE).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** The spec's generic page shape: content, totalPages, totalElements, pageable.pageNumber, first, last. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    totalPages: z.number().int(),
    totalElements: z.number().int(),
    size: z.number().int(),
    pageable: z.object({ pageNumber: z.number().int(), pageSize: z.number().int() }),
    first: z.boolean(),
    last: z.boolean(),
  });
}
export type Page<T> = {
  content: T[];
  totalPages: number;
  totalElements: number;
  size: number;
  pageable: { pageNumber: number; pageSize: number };
  first: boolean;
  last: boolean;
};

/** Builds the spec's page shape from one slice of rows and the total count. */
export function toPage<T>(content: T[], total: number, query: PageQuery): Page<T> {
  const totalPages = Math.max(1, Math.ceil(total / query.size));
  return {
    content,
    totalPages,
    totalElements: total,
    size: query.size,
    pageable: { pageNumber: query.page, pageSize: query.size },
    first: query.page === 0,
    last: query.page >= totalPages - 1,
  };
}

export const okSchema = envelope(z.boolean());
