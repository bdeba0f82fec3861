import { z } from 'zod';

// Korean default messages for every schema that does not state its own (server and web alike).
z.config(z.locales.ko());

/** Positive integer id, as every entity id in the API. */
export const idSchema = z.coerce.number().int().positive();

/** ISO-8601 timestamp with offset. */
export const isoDateTime = z.string();

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

/** Query of every paged list: 0-based page and size. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
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
