import { z } from 'zod';
import { idSchema, pageQuerySchema, pageSchema } from './common';
import { endpoint } from './endpoint';
import { workspaceRoleSchema } from './workspaces';

/*
 * Class mode (issue 45): the texts every class feature shares. Each feature (contribution,
 * meetings, evaluation, overview) keeps its own schemas and texts in a file of its own.
 */

export const ClassMessages = {
  notAClass: '수업으로 사용하는 워크스페이스가 아닙니다.',
  staffOnly: '교수자와 조교만 볼 수 있습니다.',
  instructorOnly: '교수자만 할 수 있는 작업입니다.',
  readOnly: '교수자와 조교는 자신이 속하지 않은 팀의 내용을 읽기만 할 수 있습니다.',
  staffRolesNeedClass: '교수자와 조교는 수업으로 사용하는 워크스페이스에서만 지정할 수 있습니다.',
  staffNotInTeams:
    '교수자와 조교는 팀에 속하지 않고 모든 팀을 읽을 수 있습니다. 팀에 들어갈 수 없습니다.',
  leaveTeamsFirst:
    '팀에 속한 멤버는 교수자나 조교로 지정할 수 없습니다. 먼저 팀에서 나가야 합니다.',
  instructorNamesTasOnly: '교수자는 멤버를 조교로 지정하거나 조교를 멤버로 되돌릴 수만 있습니다.',
} as const;

/** What an instructor or TA read of a team they are not in (the team's read log shows it). */
export const TEAM_READ_AREAS = [
  'TEAM',
  'ANNOUNCEMENTS',
  'BOARD',
  'KANBAN',
  'SCHEDULES',
  'FILES',
  'FREE_TIME',
  'CONTRIBUTION',
  'MEETING_NOTES',
] as const;
export type TeamReadArea = (typeof TEAM_READ_AREAS)[number];

/** One read of a team by an instructor or TA who is not in it (the team sees who looked). */
export const teamReadSchema = z.object({
  reader: z.object({ id: z.number().int(), name: z.string() }),
  /** Their role now (INSTRUCTOR, TA or OWNER); MEMBER once they are no longer staff. */
  role: workspaceRoleSchema,
  area: z.enum(TEAM_READ_AREAS),
  readAt: z.string(),
});
export type TeamRead = z.infer<typeof teamReadSchema>;

export const teamReadLogPageSchema = pageSchema(teamReadSchema);

export const classEndpoints = {
  teamReadLog: endpoint({
    method: 'GET',
    path: '/teams/:teamId/read-log',
    summary:
      'Who of the class’s instructors and TAs read the team while not in it, newest first ' +
      '(the team’s members and the class’s staff)',
    params: z.object({ teamId: idSchema }),
    query: pageQuerySchema,
    response: teamReadLogPageSchema,
  }),
};
