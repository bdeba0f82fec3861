import { z } from 'zod';
import { idSchema, pageQuerySchema, pageSchema } from './common';
import { endpoint } from './endpoint';

/*
 * Contribution evidence (issue 45): who did what in a team over a range of Seoul calendar days,
 * per member, each number with the items behind it. Read by the team's members and, in a class,
 * by its instructors and TAs. Messages are counted, never shown: their items are days and counts.
 */

export const ContributionRange = {
  timeZone: 'Asia/Seoul',
  utcOffset: '+09:00',
  /** The longest range one request may name (ten years of days). */
  maxDays: 3660,
} as const;

export const ContributionMessages = {
  badDay: '날짜는 YYYY-MM-DD 형식의 실제 날짜여야 합니다.',
  badRange: '시작일은 종료일보다 늦을 수 없습니다.',
  rangeTooLong: `기간은 최대 ${ContributionRange.maxDays}일까지 지정할 수 있습니다.`,
  badKind: '항목 종류가 올바르지 않습니다.',
  notMember: '이 팀의 멤버가 아닙니다.',
} as const;

/** The numbers of a member's row, each with a list of items behind it. */
export const CONTRIBUTION_KINDS = [
  'ASSIGNED',
  'APPROVED',
  'COMPLETION_REQUEST',
  'POST',
  'COMMENT',
  'FILE',
  'MESSAGE',
  'MEETING',
  'ACTIVE_DAY',
] as const;
export const contributionKindSchema = z.enum(CONTRIBUTION_KINDS, {
  error: ContributionMessages.badKind,
});
export type ContributionKind = z.infer<typeof contributionKindSchema>;

/** Whether `value` is a real calendar day written YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(time)) return false;
  const year = Number(value.slice(0, 4));
  return year >= 1900 && year <= 9999 && new Date(time).toISOString().slice(0, 10) === value;
}

const daySchema = z
  .string({ error: ContributionMessages.badDay })
  .refine(isCalendarDay, { message: ContributionMessages.badDay });

/** The Seoul calendar day (YYYY-MM-DD) of an instant (ms). Korea keeps no daylight saving. */
export function seoulDayOf(at: number): string {
  return new Date(at + 9 * 3_600_000).toISOString().slice(0, 10);
}

/** The instant (ms) a Seoul day starts. */
export function seoulDayStart(day: string): number {
  return Date.parse(`${day}T00:00:00${ContributionRange.utcOffset}`);
}

/** The day `days` days after (or before) another. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted. */
export function daysBetween(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

const rangeShape = {
  /** First day counted (Seoul); the team's creation day without it. */
  from: daySchema.optional(),
  /** Last day counted (Seoul), whole; today without it. */
  to: daySchema.optional(),
};

function checkRange(
  range: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (range.from === undefined || range.to === undefined) return;
  if (range.from > range.to) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: ContributionMessages.badRange });
  } else if (daysBetween(range.from, range.to) > ContributionRange.maxDays) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: ContributionMessages.rangeTooLong });
  }
}

export const contributionQuerySchema = z.object(rangeShape).superRefine(checkRange);
export type ContributionQuery = z.infer<typeof contributionQuerySchema>;

export const contributionItemsQuerySchema = z
  .object({
    ...rangeShape,
    userId: idSchema,
    kind: contributionKindSchema,
    page: pageQuerySchema.shape.page,
    size: z.coerce.number().int().min(1).max(100).default(50),
  })
  .superRefine(checkRange);
export type ContributionItemsQuery = z.infer<typeof contributionItemsQuerySchema>;

export const contributionTeamParamsSchema = z.object({ teamId: idSchema });
export const contributionWorkspaceParamsSchema = z.object({ workspaceId: idSchema });

export const contributionMemberSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  profileImageUrl: z.string().nullable(),
  isLeader: z.boolean(),
  /** Cards currently assigned to them that were open at some time in the range. */
  assigned: z.number().int(),
  /** Of those, approved in the range. */
  approved: z.number().int(),
  /** Cards whose completion they asked for in the range (the latest request of each card). */
  completionRequests: z.number().int(),
  /** Posts and announcements. */
  posts: z.number().int(),
  /** Board comments and card comments. */
  comments: z.number().int(),
  /** Board attachments and files sent in the team's chat room. */
  files: z.number().int(),
  /** Messages sent in the team's chat room (a count only). */
  messages: z.number().int(),
  /** Meetings of the team's channels they were in during the range. */
  meetings: z.number().int(),
  /** Minutes in them, their stays clipped to the range (an open stay counts up to now). */
  meetingMinutes: z.number().int(),
  /** Distinct Seoul days with any activity. */
  activeDays: z.number().int(),
  /** Their latest activity in the range; null without any. */
  lastActiveAt: z.string().nullable(),
});
export type ContributionMember = z.infer<typeof contributionMemberSchema>;

export const teamContributionSchema = z.object({
  teamId: z.number().int(),
  teamName: z.string(),
  workspaceId: z.number().int(),
  from: z.string(),
  to: z.string(),
  timeZone: z.literal(ContributionRange.timeZone),
  /** The team's creation day (the default `from`). */
  teamCreatedOn: z.string(),
  /** The team's members, the leader first, then by name. */
  members: z.array(contributionMemberSchema),
});
export type TeamContribution = z.infer<typeof teamContributionSchema>;

/** Where in the app an item is. */
export const contributionLinkSchema = z.discriminatedUnion('area', [
  z.object({ area: z.literal('task'), taskId: z.number().int() }),
  z.object({
    area: z.literal('post'),
    postId: z.number().int(),
    commentId: z.number().int().nullable(),
  }),
  z.object({ area: z.literal('announcement'), announcementId: z.number().int() }),
  z.object({
    area: z.literal('chat'),
    roomId: z.number().int(),
    messageId: z.number().int().nullable(),
  }),
]);
export type ContributionLink = z.infer<typeof contributionLinkSchema>;

export const contributionItemSchema = z.object({
  kind: contributionKindSchema,
  /** The row's id in its own table; for days (MESSAGE, ACTIVE_DAY) the day as YYYYMMDD. */
  id: z.number().int(),
  /** Which sort of item: e.g. POST or ANNOUNCEMENT, COMMENT or TASK_COMMENT. */
  source: z.string(),
  /** A title or a short label (never a message's text). */
  label: z.string(),
  /** When it happened (ISO-8601); for a day, its start in Seoul. */
  at: z.string(),
  /** For an assigned card: when it was approved, if it was. */
  approvedAt: z.string().nullable(),
  /** Minutes in a meeting, or how many messages (or activities) on a day. */
  count: z.number().int().nullable(),
  /** Where the item is shown in the app; absent when it has no page of its own. */
  link: contributionLinkSchema.optional(),
});
export type ContributionItem = z.infer<typeof contributionItemSchema>;
export const contributionItemPageSchema = pageSchema(contributionItemSchema);

/** The CSV's header row (Korean), in column order. */
export const CONTRIBUTION_CSV_HEADER = [
  '팀',
  '이름',
  '팀장',
  '기간 시작',
  '기간 끝',
  '배정된 카드',
  '승인된 카드',
  '완료 요청',
  '게시글',
  '댓글',
  '공유한 파일',
  '보낸 메시지',
  '참석한 회의',
  '회의 참석 분',
  '활동한 날',
  '마지막 활동',
] as const;

export const contributionEndpoints = {
  team: endpoint({
    method: 'GET',
    path: '/teams/:teamId/contribution',
    summary:
      'Who did what in a team over a range of Seoul days (default: the team’s life): per member, ' +
      'cards assigned and approved, completion requests, posts, comments, files, messages (counts), ' +
      'meetings and minutes, days active (members; in a class its instructors and TAs, logged)',
    params: contributionTeamParamsSchema,
    query: contributionQuerySchema,
    response: teamContributionSchema,
  }),
  items: endpoint({
    method: 'GET',
    path: '/teams/:teamId/contribution/items',
    summary:
      'The items behind one number of one member (paged, newest first); for messages only days ' +
      'and counts, never contents',
    params: contributionTeamParamsSchema,
    query: contributionItemsQuerySchema,
    response: contributionItemPageSchema,
  }),
  teamCsv: endpoint({
    method: 'GET',
    path: '/teams/:teamId/contribution.csv',
    summary:
      'The team’s contribution as CSV (UTF-8 with BOM, a Korean header row, one row per member)',
    params: contributionTeamParamsSchema,
    query: contributionQuerySchema,
  }),
  classCsv: endpoint({
    method: 'GET',
    path: '/workspaces/:workspaceId/contribution.csv',
    summary:
      'Every team of a class as one CSV (one row per member of each team; class instructors and TAs)',
    params: contributionWorkspaceParamsSchema,
    query: contributionQuerySchema,
  }),
};
