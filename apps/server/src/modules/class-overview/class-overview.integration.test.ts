import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ClassOverviewMessages,
  type ClassOverview,
  type ClassOverviewTeam,
  type Nudge,
} from '@teamup/contracts/class-overview';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { clearAccessCaches } from '../../platform/access-cache';

/*
 * The instructor's overview (issue 45) on a class seeded by SQL: each team's numbers, who may see
 * it, and the nudges (recorded, notifying exactly the team's students or one of them, validated,
 * once in ten minutes per sender and target).
 */

// Wednesday 2 December 2037, 12:00 in Seoul: the week began on Monday 30 November 00:00 +09:00.
let clock = new Date('2037-12-02T03:00:00.000Z');

let app: TestApp;
let owner: TestUser;
let ta: TestUser;
let s1: TestUser;
let s2: TestUser;
let s3: TestUser;
let s4: TestUser;
let s5: TestUser;
let stranger: TestUser;
let workspace: Workspace;
let elsewhere: Workspace;
let alpha: Team;
let beta: Team;
let gamma: Team;
let outside: Team;

const db = () => app.context.database.db;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function newTeam(ws: Workspace, leader: TestUser, name: string, members: TestUser[]) {
  const team = dataOf<Team>(
    await call(app, leader, 'POST', '/api/teams', { name, workspaceId: ws.id }),
  );
  for (const member of members) {
    const joined = await call(app, member, 'POST', `/api/teams/${team.id}/join`, {});
    expect(joined.statusCode, joined.body).toBe(200);
  }
  return team;
}

beforeAll(async () => {
  app = await createTestApp({}, { now: () => clock });
  owner = await createUser(app, '교수');
  ta = await createUser(app, '조교');
  s1 = await createUser(app, '가영');
  s2 = await createUser(app, '나래');
  s3 = await createUser(app, '다인');
  s4 = await createUser(app, '라희');
  s5 = await createUser(app, '마루');
  stranger = await createUser(app, '외부인');
  workspace = dataOf<Workspace>(
    await call(app, owner, 'POST', '/api/workspaces', { name: '캡스톤 디자인' }),
  );
  for (const person of [ta, s1, s2, s3, s4, s5]) {
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
  elsewhere = dataOf<Workspace>(
    await call(app, stranger, 'POST', '/api/workspaces', { name: '다른 워크스페이스' }),
  );
  alpha = await newTeam(workspace, s1, '알파', [s2, s3, ta]);
  beta = await newTeam(workspace, s4, '베타', []);
  gamma = await newTeam(workspace, s5, '감마', []);
  outside = await newTeam(elsewhere, stranger, '바깥', []);

  // The class, its TA, and what the teams did: one statement.
  const [a, b, c] = [alpha.id, beta.id, gamma.id];
  await db().execute(sql`
    WITH class AS (
      UPDATE workspaces SET is_class = true WHERE id = ${workspace.id} RETURNING id
    ),
    roles AS (
      UPDATE workspace_members SET role = 'TA'
      WHERE workspace_id = ${workspace.id} AND user_id = ${ta.userId} RETURNING user_id
    ),
    joined AS (
      UPDATE team_members SET joined_at = CASE
        WHEN team_id = ${c} THEN timestamptz '2037-12-01T03:00:00Z'
        ELSE timestamptz '2037-11-01T00:00:00Z' END
      WHERE team_id IN (${a}, ${b}, ${c}) RETURNING team_id
    ),
    lists AS (
      INSERT INTO kanban_lists (kanban_id, name, position)
      SELECT id, '할 일', 'a0' FROM kanbans WHERE team_id IN (${a}, ${outside.id})
      RETURNING id, kanban_id
    ),
    tasks AS (
      INSERT INTO kanban_tasks (list_id, subject, deadline, position, is_approved)
      SELECT l.id, v.subject, v.deadline, v.position, v.approved
      FROM lists l JOIN kanbans k ON k.id = l.kanban_id AND k.team_id = ${a},
      (VALUES
        ('승인됨 지난 마감', '2037-11-01', 'a1', true),
        ('어제 마감', '2037-12-01', 'a2', false),
        ('오늘 마감', '2037-12-02', 'a3', false),
        ('1초 전 마감', '2037-12-02T02:59:59.000Z', 'a4', false),
        ('1초 후 마감', '2037-12-02T03:00:01.000Z', 'a5', false),
        ('마감 없음', NULL, 'a6', false),
        ('승인됨 마감 없음', NULL, 'a7', true)
      ) AS v(subject, deadline, position, approved)
      UNION ALL
      SELECT l.id, '다른 곳의 카드', '2037-01-01', 'a1', false
      FROM lists l JOIN kanbans k ON k.id = l.kanban_id AND k.team_id = ${outside.id}
      RETURNING id
    ),
    notices AS (
      INSERT INTO announcements (team_id, author_id, title, content, created_at) VALUES
        (${a}, ${s1.userId}, '최근', '내용', '2037-12-01T00:00:00Z'),
        (${a}, ${s2.userId}, '오래전', '내용', '2037-11-20T00:00:00Z'),
        (${a}, ${ta.userId}, '조교 공지', '내용', '2037-12-02T01:00:00Z')
      RETURNING id
    ),
    channels AS (
      INSERT INTO video_channels (workspace_id, name, team_id) VALUES
        (${workspace.id}, '알파 회의실', ${a}),
        (${workspace.id}, '베타 회의실', ${b}),
        (${workspace.id}, '전체 회의실', NULL)
      RETURNING id, team_id
    ),
    sessions AS (
      INSERT INTO meeting_sessions (channel_id, started_at, ended_at)
      SELECT ch.id, v.started_at::timestamptz, v.started_at::timestamptz + interval '1 hour'
      FROM channels ch JOIN (VALUES
        (${a}::int, '2037-11-29T14:59:59Z'),
        (${a}::int, '2037-11-29T15:00:00Z'),
        (${a}::int, '2037-12-01T05:00:00Z'),
        (${a}::int, '2037-12-01T06:00:00Z'),
        (${b}::int, '2037-11-30T01:00:00Z'),
        (NULL::int, '2037-12-01T01:00:00Z')
      ) AS v(team_id, started_at) ON ch.team_id IS NOT DISTINCT FROM v.team_id
      RETURNING id, channel_id, started_at
    ),
    notes AS (
      INSERT INTO meeting_notes (session_id, content)
      SELECT s.id, CASE WHEN s.started_at = '2037-12-01T06:00:00Z' THEN '   ' ELSE '안건 정리' END
      FROM sessions s
      WHERE s.started_at IN ('2037-12-01T05:00:00Z', '2037-12-01T06:00:00Z', '2037-11-30T01:00:00Z')
      RETURNING session_id
    ),
    attendance AS (
      INSERT INTO meeting_attendance (session_id, user_id, joined_at, left_at)
      SELECT s.id, ${s4.userId}, s.started_at, s.started_at + interval '1 hour'
      FROM sessions s JOIN channels ch ON ch.id = s.channel_id AND ch.team_id = ${b}
      RETURNING id
    ),
    rounds AS (
      INSERT INTO evaluation_rounds (workspace_id, title, criteria, opens_at, closes_at) VALUES
        (${workspace.id}, '중간 평가', '[]', '2037-11-01T00:00:00Z', '2037-11-10T00:00:00Z'),
        (${workspace.id}, '기말 평가', '[]', '2037-11-25T00:00:00Z', '2037-12-05T00:00:00Z'),
        (${workspace.id}, '다음 평가', '[]', '2037-12-10T00:00:00Z', '2037-12-20T00:00:00Z')
      RETURNING id, title
    )
    INSERT INTO evaluation_responses (round_id, team_id, rater_id, ratee_id, scores)
    SELECT r.id, ${a}, v.rater, v.ratee, '{4}'
    FROM rounds r JOIN (VALUES
      ('기말 평가', ${s1.userId}::int, ${s2.userId}::int),
      ('기말 평가', ${s1.userId}::int, ${s3.userId}::int),
      ('기말 평가', ${s2.userId}::int, ${s1.userId}::int),
      ('중간 평가', ${s3.userId}::int, ${s1.userId}::int)
    ) AS v(title, rater, ratee) ON v.title = r.title`);
  // The roles were kept while the people joined: the TA's is read afresh.
  await clearAccessCaches(app.context, {});
});
afterAll(async () => {
  await app.close();
});

const overviewUrl = (workspaceId = workspace.id) => `/api/workspaces/${workspaceId}/class/overview`;
const nudgesUrl = (workspaceId = workspace.id) => `/api/workspaces/${workspaceId}/class/nudges`;

async function overview(user: TestUser = ta): Promise<ClassOverview> {
  const response = await call(app, user, 'GET', overviewUrl());
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<ClassOverview>(response);
}
const teamOf = (view: ClassOverview, team: Team): ClassOverviewTeam => {
  const found = view.teams.find((candidate) => candidate.id === team.id);
  if (!found) throw new Error(`no team ${team.name}`);
  return found;
};

async function nudgeNotices(): Promise<Array<{ userId: number; message: string }>> {
  return rowsOf<{ user_id: number; message: string }>(
    await db().execute(sql`
      SELECT user_id, message FROM notifications WHERE kind = 'CLASS_NUDGE' ORDER BY id`),
  ).map((row) => ({ userId: row.user_id, message: row.message }));
}

describe('the class overview', () => {
  it('answers every team of the class with its numbers', async () => {
    const view = await overview();
    expect(view).toMatchObject({
      workspaceId: workspace.id,
      asOf: '2037-12-02T03:00:00.000Z',
      weekStart: '2037-11-30',
      inactiveDays: 7,
      round: {
        title: '기말 평가',
        opensAt: '2037-11-25T00:00:00.000Z',
        closesAt: '2037-12-05T00:00:00.000Z',
      },
    });
    // Only this class's teams, by name.
    expect(view.teams.map((team) => team.name)).toEqual(['감마', '베타', '알파']);

    const a = teamOf(view, alpha);
    expect(a.leader).toEqual({ id: s1.userId, name: '가영' });
    // Students only: the TA in the team is not one of its members here.
    expect(a.members).toEqual([
      { id: s1.userId, name: '가영', lastActivityAt: '2037-12-01T00:00:00.000Z', inactive: false },
      { id: s2.userId, name: '나래', lastActivityAt: '2037-11-20T00:00:00.000Z', inactive: true },
      { id: s3.userId, name: '다인', lastActivityAt: null, inactive: true },
    ]);
    expect(a).toMatchObject({
      totalCards: 7,
      approvedCards: 2,
      progress: 29,
      // Yesterday's day deadline and the instant a second ago; not today's day, not approved ones.
      overdueCards: 2,
      // The students' latest (the TA's later announcement is not the team's activity).
      lastActivityAt: '2037-12-01T00:00:00.000Z',
      evaluation: { submitted: 2, total: 3 },
      lastNudgedAt: null,
    });
    // Monday 00:00 in Seoul is this week; a second before it is not.
    expect(a.meetingsThisWeek).toEqual([
      expect.objectContaining({ startedAt: '2037-11-29T15:00:00.000Z', hasNotes: false }),
      expect.objectContaining({ startedAt: '2037-12-01T05:00:00.000Z', hasNotes: true }),
      // Notes of blanks only are no notes.
      expect.objectContaining({ startedAt: '2037-12-01T06:00:00.000Z', hasNotes: false }),
    ]);

    const b = teamOf(view, beta);
    expect(b).toMatchObject({
      totalCards: 0,
      approvedCards: 0,
      progress: 0,
      overdueCards: 0,
      // Attending a meeting is activity.
      lastActivityAt: '2037-11-30T01:00:00.000Z',
      evaluation: { submitted: 0, total: 1 },
      members: [{ id: s4.userId, inactive: false }],
    });
    expect(b.meetingsThisWeek.map(({ id: _id, ...meeting }) => meeting)).toEqual([
      {
        startedAt: '2037-11-30T01:00:00.000Z',
        endedAt: '2037-11-30T02:00:00.000Z',
        hasNotes: true,
      },
    ]);

    // Joined yesterday and did nothing yet: not inactive for seven days.
    const c = teamOf(view, gamma);
    expect(c.members).toEqual([
      { id: s5.userId, name: '마루', lastActivityAt: null, inactive: false },
    ]);
    expect(c).toMatchObject({ lastActivityAt: null, meetingsThisWeek: [], totalCards: 0 });
  });

  it('is for the class’s staff: students 403, outsiders 403, not a class 404', async () => {
    expect((await call(app, owner, 'GET', overviewUrl())).statusCode).toBe(200);
    expectProblem(await call(app, s1, 'GET', overviewUrl()), 403, 'CLASS_STAFF_ONLY');
    expectProblem(await call(app, stranger, 'GET', overviewUrl()), 403, 'WORKSPACE_FORBIDDEN');
    expectProblem(
      await call(app, stranger, 'GET', overviewUrl(elsewhere.id)),
      404,
      'CLASS_NOT_A_CLASS',
    );
  });
});

describe('nudges', () => {
  it('notifies every student of the team (not its staff), records it, and shows on the overview', async () => {
    const before = (await nudgeNotices()).length;
    const response = await call(app, ta, 'POST', nudgesUrl(), {
      teamId: alpha.id,
      message: '  이번 주 진행 상황을 공유해주세요.  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const nudge = dataOf<Nudge>(response);
    expect(nudge).toMatchObject({
      teamId: alpha.id,
      user: null,
      sender: { id: ta.userId, name: '조교' },
      message: '이번 주 진행 상황을 공유해주세요.',
      createdAt: clock.toISOString(),
      recipients: 3,
    });
    const notices = (await nudgeNotices()).slice(before);
    expect(notices.map((notice) => notice.userId).sort()).toEqual(
      [s1.userId, s2.userId, s3.userId].sort(),
    );
    expect(notices[0]?.message).toContain('[알파]');
    expect(notices[0]?.message).toContain('이번 주 진행 상황을 공유해주세요.');

    const [stored] = rowsOf<{ sender_id: number; user_id: number | null; message: string }>(
      await db().execute(sql`
        SELECT sender_id, user_id, message FROM class_nudges WHERE id = ${nudge.id}`),
    );
    expect(stored).toEqual({
      sender_id: ta.userId,
      user_id: null,
      message: '이번 주 진행 상황을 공유해주세요.',
    });
    expect(teamOf(await overview(), alpha).lastNudgedAt).toBe(clock.toISOString());
  });

  it('notifies one student alone, unless they turned the kind off', async () => {
    const before = (await nudgeNotices()).length;
    const one = await call(app, owner, 'POST', nudgesUrl(), {
      teamId: alpha.id,
      userId: s2.userId,
      message: '최근 활동이 없어요.',
    });
    expect(one.statusCode, one.body).toBe(201);
    expect(dataOf<Nudge>(one)).toMatchObject({
      user: { id: s2.userId, name: '나래' },
      recipients: 1,
    });
    expect((await nudgeNotices()).slice(before).map((notice) => notice.userId)).toEqual([
      s2.userId,
    ]);

    const off = await call(app, s3, 'PUT', '/api/notifications/preferences', {
      CLASS_NUDGE: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    const quiet = await call(app, owner, 'POST', nudgesUrl(), {
      teamId: alpha.id,
      userId: s3.userId,
      message: '확인 부탁해요.',
    });
    expect(quiet.statusCode, quiet.body).toBe(201);
    expect((await nudgeNotices()).slice(before)).toHaveLength(1);
  });

  it('refuses bad input with Korean problems', async () => {
    const bad = async (body: unknown, status: number, code: string) =>
      expectProblem(await call(app, ta, 'POST', nudgesUrl(), body), status, code);
    const empty = await call(app, ta, 'POST', nudgesUrl(), { teamId: beta.id, message: '   ' });
    expectProblem(empty, 400, 'VALIDATION_FAILED');
    expect(empty.body).toContain(ClassOverviewMessages.messageRequired);
    const long = await call(app, ta, 'POST', nudgesUrl(), {
      teamId: beta.id,
      message: '가'.repeat(501),
    });
    expectProblem(long, 400, 'VALIDATION_FAILED');
    expect(long.body).toContain(ClassOverviewMessages.messageTooLong);
    await bad({ teamId: 'x', message: '안녕' }, 400, 'VALIDATION_FAILED');
    await bad({ message: '안녕' }, 400, 'VALIDATION_FAILED');
    // A team of another workspace, a student of another team, staff in the team.
    await bad({ teamId: outside.id, message: '안녕' }, 404, 'TEAM_NOT_FOUND');
    await bad(
      { teamId: alpha.id, userId: s4.userId, message: '안녕' },
      400,
      'CLASS_NUDGE_NOT_A_STUDENT',
    );
    await bad(
      { teamId: alpha.id, userId: ta.userId, message: '안녕' },
      400,
      'CLASS_NUDGE_NOT_A_STUDENT',
    );
    // Students and outsiders may not nudge; nor anyone outside a class.
    expectProblem(
      await call(app, s1, 'POST', nudgesUrl(), { teamId: beta.id, message: '안녕' }),
      403,
      'CLASS_STAFF_ONLY',
    );
    expectProblem(
      await call(app, stranger, 'POST', nudgesUrl(elsewhere.id), {
        teamId: outside.id,
        message: '안녕',
      }),
      404,
      'CLASS_NOT_A_CLASS',
    );
    const recorded = rowsOf<{ count: number | string }>(
      await db().execute(
        sql`SELECT count(*) AS count FROM class_nudges WHERE team_id <> ${alpha.id}`,
      ),
    );
    expect(Number(recorded[0]?.count)).toBe(0);
  });

  it('takes the same target from the same sender once in ten minutes', async () => {
    const again = () =>
      call(app, ta, 'POST', nudgesUrl(), { teamId: beta.id, message: '회의 일정 잡아주세요.' });
    expect((await again()).statusCode).toBe(201);
    const refused = await again();
    expectProblem(refused, 429, 'CLASS_NUDGE_TOO_SOON');
    expect(refused.body).toContain('10분에 한 번');
    // Another sender, or another target, is not held back.
    const other = await call(app, owner, 'POST', nudgesUrl(), {
      teamId: beta.id,
      message: '저도요',
    });
    expect(other.statusCode, other.body).toBe(201);
    const member = await call(app, ta, 'POST', nudgesUrl(), {
      teamId: beta.id,
      userId: s4.userId,
      message: '라희 님 확인해주세요.',
    });
    expect(member.statusCode, member.body).toBe(201);

    const start = clock;
    clock = new Date(start.getTime() + 9 * 60_000 + 59_000);
    expectProblem(await again(), 429, 'CLASS_NUDGE_TOO_SOON');
    clock = new Date(start.getTime() + 10 * 60_000 + 1_000);
    expect((await again()).statusCode).toBe(201);
    clock = start;
  });

  it('lists a team’s nudges: staff all of them, a student the team’s and their own', async () => {
    const list = async (user: TestUser) => {
      const response = await call(app, user, 'GET', `/api/teams/${alpha.id}/nudges`);
      expect(response.statusCode, response.body).toBe(200);
      return dataOf<Nudge[]>(response).map((nudge) => nudge.user?.id ?? 'TEAM');
    };
    // Staff not in the team read it: their reading is logged for the team.
    expect(await list(owner)).toEqual([s3.userId, s2.userId, 'TEAM']);
    const logged = rowsOf<{ area: string }>(
      await db().execute(sql`
        SELECT area FROM team_read_log WHERE team_id = ${alpha.id} AND reader_id = ${owner.userId}`),
    );
    expect(logged.map((row) => row.area)).toEqual(['TEAM']);
    expect(await list(ta)).toEqual([s3.userId, s2.userId, 'TEAM']);
    expect(await list(s2)).toEqual([s2.userId, 'TEAM']);
    expect(await list(s1)).toEqual(['TEAM']);
    // A student of another team.
    expectProblem(
      await call(app, s4, 'GET', `/api/teams/${alpha.id}/nudges`),
      403,
      'TEAM_NOT_MEMBER',
    );
  });
});
