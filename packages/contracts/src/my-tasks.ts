import { z } from 'zod';
import { idSchema, pageQuerySchema, pageSchema } from './common';
import { endpoint } from './endpoint';

/*
 * "내 할 일" (issue 44): the kanban cards assigned to the caller across every team they are still a
 * member of, in every workspace, grouped by when they are due in the caller's time zone (the one of
 * their notification delivery settings, Asia/Seoul unless changed).
 */

/**
 * When a card is due, seen from now in the caller's time zone: a due time already past, or a day
 * before today, is OVERDUE; TODAY is the rest of today; THIS_WEEK runs from tomorrow to the end of
 * Sunday (weeks start on Monday); LATER is after that; NO_DATE has no deadline.
 */
export const myTaskGroups = ['OVERDUE', 'TODAY', 'THIS_WEEK', 'LATER', 'NO_DATE'] as const;
export const myTaskGroupSchema = z.enum(myTaskGroups);
export type MyTaskGroup = z.infer<typeof myTaskGroupSchema>;

export const myTaskListQuerySchema = z.object({
  page: pageQuerySchema.shape.page,
  size: z.coerce.number().int().min(1).max(100).default(50),
  /** Only the cards of this group; all groups, in the order above, without it. */
  group: myTaskGroupSchema.optional(),
  workspaceId: idSchema.optional(),
  teamId: idSchema.optional(),
  /** With `true`, approved cards (and cards in a done list) are listed too, in their group. */
  includeDone: z.enum(['true', 'false']).optional(),
});
export type MyTaskListQuery = z.infer<typeof myTaskListQuerySchema>;

export const myTaskSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  /** As on the board: YYYY-MM-DD, or a due time as a UTC ISO-8601 instant; null without one. */
  deadline: z.string().nullable(),
  group: myTaskGroupSchema,
  /** Approved, or lying in the board's done list. */
  done: z.boolean(),
  isApproved: z.boolean(),
  completionRequested: z.boolean(),
  rejected: z.boolean(),
  /** The card's list: its status on the board. */
  list: z.object({ id: z.number().int(), name: z.string(), isDoneList: z.boolean() }),
  team: z.object({ id: z.number().int(), name: z.string() }),
  workspace: z.object({ id: z.number().int(), name: z.string() }),
  updatedAt: z.string(),
});
export type MyTask = z.infer<typeof myTaskSchema>;

export const myTaskPageSchema = pageSchema(myTaskSchema);

/** The side panel's badge: cards not done, and those of them overdue. */
export const myTaskCountSchema = z.object({
  open: z.number().int(),
  overdue: z.number().int(),
});
export type MyTaskCount = z.infer<typeof myTaskCountSchema>;

export const myTaskEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/users/me/tasks',
    summary:
      'The cards assigned to me in every team I am a member of, overdue first, then by due time (paged)',
    query: myTaskListQuerySchema,
    response: myTaskPageSchema,
  }),
  count: endpoint({
    method: 'GET',
    path: '/users/me/tasks/count',
    summary: 'How many cards assigned to me are not done, and how many of them are overdue',
    response: myTaskCountSchema,
  }),
};
