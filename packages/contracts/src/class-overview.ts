import { z } from 'zod';
import { idSchema } from './common';
import { endpoint } from './endpoint';
import { ClassOverviewRules } from './class-overview-rules';
import { ErrorCode } from './error-codes';

/*
 * The instructor's overview (issue 45): one screen of every team of a class for its instructors
 * and TAs, and the nudges they send to a team or one of its students from it.
 */

export { ClassOverviewRules };

export const ClassOverviewMessages = {
  messageRequired: '보낼 메시지를 입력해주세요.',
  messageTooLong: `메시지는 ${ClassOverviewRules.nudgeMessageMax}자 이하여야 합니다.`,
  notAStudent: '이 팀의 학생에게만 알림을 보낼 수 있습니다.',
  tooSoon: (minutes: number) =>
    `같은 대상에게는 ${minutes}분에 한 번만 알림을 보낼 수 있습니다. 잠시 후 다시 시도해주세요.`,
  sent: '알림을 보냈습니다.',
} as const;

/** A student of a team as the overview shows them. */
export const classOverviewMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Their latest activity in the team (team_activity); null when none was ever recorded. */
  lastActivityAt: z.string().nullable(),
  /** No activity in the team for `inactiveDays` days while being in it at least that long. */
  inactive: z.boolean(),
});
export type ClassOverviewMember = z.infer<typeof classOverviewMemberSchema>;

export const classOverviewMeetingSchema = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  /** Null while the meeting runs. */
  endedAt: z.string().nullable(),
  /** Whether the meeting has notes (회의록) with any content. */
  hasNotes: z.boolean(),
});
export type ClassOverviewMeeting = z.infer<typeof classOverviewMeetingSchema>;

export const classOverviewTeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  leader: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Students only (instructors and TAs are not counted), by name. */
  members: z.array(classOverviewMemberSchema),
  totalCards: z.number().int(),
  approvedCards: z.number().int(),
  /** Approved of all cards, 0-100 (0 without cards). */
  progress: z.number().int(),
  /** Cards whose deadline is past (a day before today in Asia/Seoul, or a past instant), not approved. */
  overdueCards: z.number().int(),
  /** The latest activity of any of its students; null when none. */
  lastActivityAt: z.string().nullable(),
  /** This week's meetings (Monday start, Asia/Seoul) in the team's meeting channels, oldest first. */
  meetingsThisWeek: z.array(classOverviewMeetingSchema),
  /** The latest evaluation round's completion in this team; null when the class has no round. */
  evaluation: z.object({ submitted: z.number().int(), total: z.number().int() }).nullable(),
  /** When staff last nudged this team or one of its students; null when never. */
  lastNudgedAt: z.string().nullable(),
});
export type ClassOverviewTeam = z.infer<typeof classOverviewTeamSchema>;

export const classOverviewSchema = z.object({
  workspaceId: z.number().int(),
  /** The instant the figures were taken. */
  asOf: z.string(),
  /** The Monday (YYYY-MM-DD, Asia/Seoul) "this week" starts on. */
  weekStart: z.string(),
  inactiveDays: z.number().int(),
  /** The latest evaluation round that has opened; null when none. */
  round: z
    .object({ id: z.number().int(), title: z.string(), opensAt: z.string(), closesAt: z.string() })
    .nullable(),
  teams: z.array(classOverviewTeamSchema),
});
export type ClassOverview = z.infer<typeof classOverviewSchema>;

export const sendNudgeSchema = z.object({
  teamId: idSchema,
  /** One student of the team; absent or null: every student of the team. */
  userId: idSchema.nullable().optional(),
  message: z
    .string({ error: ClassOverviewMessages.messageRequired })
    .trim()
    .min(1, ClassOverviewMessages.messageRequired)
    .max(ClassOverviewRules.nudgeMessageMax, ClassOverviewMessages.messageTooLong),
});
export type SendNudge = z.infer<typeof sendNudgeSchema>;

export const nudgeSchema = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  /** Null: sent to the whole team. */
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Null when the sender's account is gone. */
  sender: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  message: z.string(),
  createdAt: z.string(),
  /** The students it was sent to (in the sender's answer; 0 in lists). */
  recipients: z.number().int(),
});
export type Nudge = z.infer<typeof nudgeSchema>;

export const classOverviewParamsSchema = z.object({ workspaceId: idSchema });
export const teamNudgesParamsSchema = z.object({ teamId: idSchema });

export const classOverviewEndpoints = {
  overview: endpoint({
    method: 'GET',
    path: '/workspaces/:workspaceId/class/overview',
    summary:
      'Every team of a class at a glance (instructors and TAs): students, progress, overdue cards, ' +
      'last activity, inactive students, this week’s meetings, the latest evaluation’s completion',
    params: classOverviewParamsSchema,
    response: classOverviewSchema,
    errors: { 403: [ErrorCode.CLASS_STAFF_ONLY], 404: [ErrorCode.CLASS_NOT_A_CLASS] },
  }),
  sendNudge: endpoint({
    method: 'POST',
    path: '/workspaces/:workspaceId/class/nudges',
    summary:
      'Nudge a team (all its students) or one of its students with a short message (instructors ' +
      'and TAs; the same target once in 10 minutes per sender)',
    params: classOverviewParamsSchema,
    body: sendNudgeSchema,
    response: nudgeSchema,
    status: 201,
    errors: {
      400: [ErrorCode.CLASS_NUDGE_NOT_A_STUDENT],
      403: [ErrorCode.CLASS_STAFF_ONLY],
      404: [ErrorCode.CLASS_NOT_A_CLASS, ErrorCode.TEAM_NOT_FOUND],
      429: [ErrorCode.CLASS_NUDGE_TOO_SOON],
    },
  }),
  teamNudges: endpoint({
    method: 'GET',
    path: '/teams/:teamId/nudges',
    summary:
      'The nudges sent to a team, newest first: staff see all, a member those to the team and to ' +
      'themselves',
    params: teamNudgesParamsSchema,
    response: z.array(nudgeSchema),
  }),
};
