import { z } from 'zod';
import { idSchema } from './common';
import { endpoint } from './endpoint';

/** What a search can find; one group of results each. */
export const searchKinds = [
  'message',
  'announcement',
  'post',
  'comment',
  'task',
  'schedule',
  'file',
  'person',
  'team',
  'room',
] as const;
export const searchKindSchema = z.enum(searchKinds);
export type SearchKind = z.infer<typeof searchKindSchema>;

export const SearchLimits = {
  /** Longest query, in characters (after trimming). */
  maxQuery: 100,
  /** At most this many words are matched (each must appear). */
  maxWords: 8,
  size: 20,
  maxSize: 50,
  /** Results beyond page × size of this are not paged to (nobody reads that far). */
  maxPage: 20,
  /**
   * Matches are counted per kind up to this many; beyond it the count says this number and the
   * kind is in `cappedKinds` (shown as "1,000+"). Counting every match of a common word cost
   * every row it is in (decision 0020).
   */
  countCap: 1000,
} as const;

export const searchMessages = {
  queryRequired: '검색어를 입력해주세요.',
  queryTooLong: `검색어는 ${SearchLimits.maxQuery}자 이하로 입력해주세요.`,
  teamNotReadable: '내가 속한 팀에서만 검색할 수 있습니다.',
  roomNotReadable: '내가 참여한 채팅방에서만 검색할 수 있습니다.',
  dateInvalid: '날짜는 YYYY-MM-DD 형식의 올바른 날짜여야 합니다.',
  dateRangeReversed: '시작 날짜가 끝 날짜보다 늦을 수 없습니다.',
} as const;

/** The time zone a date filter's days are counted in (the product's users are in Korea). */
export const SEARCH_DAY_OFFSET = '+09:00';

/** The earliest day a date filter takes: nothing in the product is older (year 0 is no date). */
const SEARCH_FIRST_DAY = '1970-01-01';

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not), from 1970 on. */
const searchDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/u, searchMessages.dateInvalid)
  .refine((day) => {
    const parsed = new Date(`${day}T00:00:00Z`);
    return (
      day >= SEARCH_FIRST_DAY &&
      !Number.isNaN(parsed.getTime()) &&
      parsed.toISOString().startsWith(day)
    );
  }, searchMessages.dateInvalid);

export const searchParamsSchema = z.object({ workspaceId: idSchema });

export const searchQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .min(1, searchMessages.queryRequired)
      .max(SearchLimits.maxQuery, searchMessages.queryTooLong),
    /** Only this kind; absent: every kind, merged best first. */
    kind: searchKindSchema.optional(),
    /**
     * Only content of this team: its posts, tasks, schedules … and the messages and files of its
     * team room (people drop out). With `roomId` too: that room's, if it is the team's.
     */
    teamId: idSchema.optional(),
    /**
     * Only the messages and files of this room, one the caller is in (`in:방이름` in `q` does the
     * same by name); every other kind drops out.
     */
    roomId: idSchema.optional(),
    /**
     * Only what this person wrote or sent (a task: assigned to them). People and teams, which
     * nobody wrote, drop out.
     */
    personId: idSchema.optional(),
    /** Only content made on or after this day (Korean time); people and teams drop out. */
    from: searchDaySchema.optional(),
    /** Only content made on or before this day (Korean time), the whole day included. */
    to: searchDaySchema.optional(),
    page: z.coerce.number().int().min(0).max(SearchLimits.maxPage).default(0),
    size: z.coerce.number().int().min(1).max(SearchLimits.maxSize).default(SearchLimits.size),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: searchMessages.dateRangeReversed,
    path: ['to'],
  });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** A matched stretch of a snippet: [start, end) in UTF-16 code units of `text`. */
export const searchHighlightSchema = z.object({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
});
export type SearchHighlight = z.infer<typeof searchHighlightSchema>;

/** Where a result opens: the ids the web needs to build the route. */
export const searchTargetSchema = z.object({
  teamId: z.number().int().optional(),
  roomId: z.number().int().optional(),
  messageId: z.number().int().optional(),
  postId: z.number().int().optional(),
  announcementId: z.number().int().optional(),
  taskId: z.number().int().optional(),
  commentId: z.number().int().optional(),
  scheduleId: z.number().int().optional(),
  userId: z.number().int().optional(),
});
export type SearchTarget = z.infer<typeof searchTargetSchema>;

export const searchHitSchema = z.object({
  kind: searchKindSchema,
  /** Unique in one answer (two sources of one kind may share ids: post and chat files). */
  key: z.string(),
  /** The found item's id. */
  id: z.number().int(),
  /** A line naming the item: a post's title, a room's name, a person's name. */
  title: z.string(),
  /** Where it lives: the team's or room's name; null for people, teams and rooms. */
  context: z.string().nullable(),
  /** The matched text around the first match; highlights mark the matched words. */
  snippet: z.string(),
  highlights: z.array(searchHighlightSchema),
  /** Highlights in `title`. */
  titleHighlights: z.array(searchHighlightSchema),
  createdAt: z.string(),
  target: searchTargetSchema,
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResultSchema = z.object({
  query: z.string(),
  /**
   * Matches per kind, every kind named (0 when none), whatever `kind` asked; at most
   * `SearchLimits.countCap`, which a kind in `cappedKinds` has more than.
   */
  counts: z.record(searchKindSchema, z.number().int()),
  /** The kinds with more matches than their count says (`SearchLimits.countCap`+, "1,000+"). */
  cappedKinds: z.array(searchKindSchema),
  /** This page of results, best first (relevance blended with recency). */
  items: z.array(searchHitSchema),
  page: z.number().int(),
  size: z.number().int(),
  /** Matches of the kind asked (or of every kind): the sum of the counts. */
  total: z.number().int(),
  /** Whether `total` is a lower bound: a count it sums is capped (see `cappedKinds`). */
  totalCapped: z.boolean(),
  /** Whether a next page can be asked for. */
  hasMore: z.boolean(),
  /**
   * Whether the search stopped at its budget (decision 0033) before checking every candidate:
   * the counts and results are then of the part checked (the newest), not of everything.
   */
  partial: z.boolean(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/workspaces/:workspaceId/search',
    summary:
      'Search everything the caller may read in a workspace: messages of their rooms, team content of their teams, files, people, teams',
    params: searchParamsSchema,
    query: searchQuerySchema,
    response: searchResultSchema,
  }),
};
