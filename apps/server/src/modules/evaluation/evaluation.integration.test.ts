import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@teamup/contracts/common';
import {
  EvaluationMessages,
  type EvaluationDetail,
  type EvaluationFeedback,
  type EvaluationList,
  type EvaluationResults,
  type EvaluationRound,
} from '@teamup/contracts/evaluation';
import { Topics } from '@teamup/contracts/events';
import type { Notification } from '@teamup/contracts/notifications';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { operationsOf, type OpenApiDocument } from '../../../test/api-fuzz';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/*
 * Peer evaluation (issue 45, decision 0047): the rules of a round, the results' math on
 * hand-computed answers, release and feedback, reminders on the scheduler, and anonymity: the
 * whole API walked as each student finds no rater beside a ratee, no other rater's comment and no
 * other rater's score pattern.
 */

let app: TestApp;
let owner: TestUser;
let ta: TestUser;
let outsider: TestUser;
/** Team A: s1 s2 s3; team B: s4 s5 s6; team C: s7 s8. */
let s: TestUser[];
let workspace: Workspace;
let teamA: Team;
let teamB: Team;
let teamC: Team;

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const criteria = [
  { title: '기여도', description: '맡은 일을 해냈는가' },
  { title: '소통', description: '제때 연락하고 응답했는가' },
];

async function newTeam(name: string, leader: TestUser, members: TestUser[]) {
  const team = dataOf<Team>(
    await call(app, leader, 'POST', '/api/teams', { name, workspaceId: workspace.id }),
  );
  for (const member of members) {
    const joined = await call(app, member, 'POST', `/api/teams/${team.id}/join`, {});
    expect(joined.statusCode, joined.body).toBe(200);
  }
  return team;
}

beforeAll(async () => {
  app = await createTestApp();
  owner = await createUser(app, '교수');
  ta = await createUser(app, '조교');
  outsider = await createUser(app, '외부인');
  s = [];
  for (let i = 1; i <= 8; i += 1) s.push(await createUser(app, `학생${i}`));
  workspace = dataOf<Workspace>(
    await call(app, owner, 'POST', '/api/workspaces', { name: '캡스톤 디자인' }),
  );
  for (const person of [ta, ...s]) {
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
  await call(app, outsider, 'POST', '/api/workspaces', { name: '다른 수업' });
  await app.context.database.db.execute(sql`
    WITH c AS (UPDATE workspaces SET is_class = true WHERE id = ${workspace.id} RETURNING id)
    UPDATE workspace_members SET role = 'TA'
    WHERE workspace_id = (SELECT id FROM c) AND user_id = ${ta.userId}`);
  teamA = await newTeam('A팀', st(1), [st(2), st(3)]);
  teamB = await newTeam('B팀', st(4), [st(5), st(6)]);
  teamC = await newTeam('C팀', st(7), [st(8)]);
}, 120_000);
afterAll(async () => {
  await app.close();
});

const st = (n: number) => s[n - 1]!;

async function createRound(body: Record<string, unknown>, as: TestUser = owner) {
  const response = await call(app, as, 'POST', `/api/workspaces/${workspace.id}/evaluations`, {
    title: '중간 동료 평가',
    criteria,
    opensAt: iso(Date.now() - 60_000),
    closesAt: iso(Date.now() + 48 * HOUR),
    ...body,
  });
  return response;
}
async function openRound(body: Record<string, unknown> = {}) {
  const response = await createRound(body);
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<EvaluationRound>(response);
}

const put = (user: TestUser, roundId: number, teamId: number, responses: unknown) =>
  call(app, user, 'PUT', `/api/evaluations/${roundId}/teams/${teamId}/responses`, { responses });

/** Answers written straight to the table (one statement), for the math's fixtures. */
async function seedAnswers(
  roundId: number,
  rows: Array<[team: Team, rater: number, ratee: number, scores: number[], comment?: string]>,
) {
  const values = rows.map(
    ([team, rater, ratee, scores, comment]) =>
      sql`(${roundId}, ${team.id}, ${st(rater).userId}, ${st(ratee).userId}, ${`{${scores.join(',')}}`}::smallint[], ${comment ?? ''})`,
  );
  await app.context.database.db.execute(sql`
    INSERT INTO evaluation_responses (round_id, team_id, rater_id, ratee_id, scores, comment)
    VALUES ${sql.join(values, sql`, `)}`);
}

type JobRow = { key: string; status: string; dueAt: string };
async function jobsOf(roundId: number): Promise<JobRow[]> {
  const result = (await app.context.database.db.execute(sql`
    SELECT key, status, due_at AS "dueAt" FROM scheduled_jobs
    WHERE starts_with(key, ${`evaluation:${roundId}:`}) ORDER BY key`)) as { rows: JobRow[] };
  return result.rows.map((row) => ({ ...row, dueAt: new Date(row.dueAt).toISOString() }));
}
async function runNow(key: string) {
  await app.context.database.db.execute(
    sql`UPDATE scheduled_jobs SET due_at = now() - interval '1 second' WHERE key = ${key}`,
  );
  await expect
    .poll(
      async () => (await jobsOf(Number(key.split(':')[1]))).find((j) => j.key === key)?.status,
      {
        timeout: 10_000,
      },
    )
    .toBe('done');
}
async function evaluationNotices(user: TestUser, roundId: number) {
  const page = dataOf<Page<Notification>>(
    await call(app, user, 'GET', '/api/notifications?size=100'),
  );
  return page.content.filter(
    (n) => n.kind === 'EVALUATION' && n.link.endsWith(`/evaluations/${roundId}`),
  );
}

describe('opening a round', () => {
  it('refuses bad rounds with Korean messages, and anyone but an instructor', async () => {
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ title: '' }, EvaluationMessages.titleRequired],
      [{ title: 'x'.repeat(101) }, EvaluationMessages.titleTooLong],
      [{ criteria: [] }, EvaluationMessages.criteriaRequired],
      [
        { criteria: Array.from({ length: 11 }, (_, i) => ({ title: `기준${i}` })) },
        EvaluationMessages.criteriaRequired,
      ],
      [{ criteria: [{ title: '' }] }, EvaluationMessages.criterionTitleRequired],
      [{ criteria: [{ title: '같음' }, { title: '같음' }] }, EvaluationMessages.duplicateCriterion],
      [
        { opensAt: iso(Date.now() + 5 * HOUR), closesAt: iso(Date.now() + HOUR) },
        EvaluationMessages.closeBeforeOpen,
      ],
      [{ opensAt: 'tomorrow' }, EvaluationMessages.badDate],
      [
        { closesAt: iso(Date.now() - HOUR), opensAt: iso(Date.now() - 2 * HOUR) },
        EvaluationMessages.closeInPast,
      ],
      [{ includeSelf: 'yes' }, EvaluationMessages.includeSelfInvalid],
    ];
    for (const [body, message] of refusals) {
      const problem = expectProblem(await createRound(body), 400, 'VALIDATION_FAILED');
      expect(problem.detail, JSON.stringify(body)).toContain(message);
    }
    expectProblem(await createRound({}, st(1)), 403, 'CLASS_INSTRUCTOR_ONLY');
    expectProblem(await createRound({}, ta), 403, 'CLASS_INSTRUCTOR_ONLY');
    const stranger = await call(
      app,
      outsider,
      'POST',
      `/api/workspaces/${workspace.id}/evaluations`,
      {},
    );
    expect([403, 404]).toContain(stranger.statusCode);
  });

  it('is listed for staff with completion; students see it once open, with their own progress', async () => {
    const upcoming = await openRound({
      title: '기말 평가',
      opensAt: iso(Date.now() + 24 * HOUR),
      closesAt: iso(Date.now() + 72 * HOUR),
    });
    const round = await openRound({ title: '진행 중 평가' });
    const staff = dataOf<EvaluationList>(
      await call(app, ta, 'GET', `/api/workspaces/${workspace.id}/evaluations`),
    );
    expect(staff.viewer).toBe('STAFF');
    expect(staff.canRun).toBe(false);
    expect(staff.rounds.map((r) => r.id)).toEqual(expect.arrayContaining([upcoming.id, round.id]));
    expect(staff.rounds.find((r) => r.id === round.id)?.progress).toEqual({ done: 0, total: 8 });
    const student = dataOf<EvaluationList>(
      await call(app, st(1), 'GET', `/api/workspaces/${workspace.id}/evaluations`),
    );
    expect(student.viewer).toBe('STUDENT');
    expect(student.rounds.map((r) => r.id)).toContain(round.id);
    expect(student.rounds.map((r) => r.id)).not.toContain(upcoming.id);
    expect(student.rounds.find((r) => r.id === round.id)?.progress).toEqual({ done: 0, total: 1 });
    expectProblem(
      await call(app, st(1), 'GET', `/api/evaluations/${upcoming.id}`),
      404,
      'EVALUATION_NOT_FOUND',
    );
    for (const id of [upcoming.id, round.id]) {
      expect((await call(app, owner, 'DELETE', `/api/evaluations/${id}`)).statusCode).toBe(204);
    }
  });
});

describe('rating', () => {
  it('is for students of the team, of their teammates only, whole, while open; answers can change', async () => {
    const round = await openRound({ includeSelf: false });
    const base = `/api/evaluations/${round.id}`;
    const answer = (ratee: number, scores = [4, 3], comment = '') => ({
      rateeId: st(ratee).userId,
      scores,
      comment,
    });
    // Staff and other teams' students are no raters of team A.
    expectProblem(await put(ta, round.id, teamA.id, [answer(2)]), 403, 'EVALUATION_NOT_A_STUDENT');
    expectProblem(
      await put(st(4), round.id, teamA.id, [answer(2)]),
      403,
      'EVALUATION_NOT_A_STUDENT',
    );
    const stranger = await put(outsider, round.id, teamA.id, 'garbage');
    expect([403, 404]).toContain(stranger.statusCode);
    const refusals: Array<[unknown, string]> = [
      [[answer(2), answer(4)], EvaluationMessages.notATeammate],
      [[answer(1), answer(2), answer(3)], EvaluationMessages.selfNotIncluded],
      [[answer(2)], EvaluationMessages.missingTeammates],
      [[answer(2, [4]), answer(3)], EvaluationMessages.scoreCountMismatch],
      [[answer(2, [6, 1]), answer(3)], EvaluationMessages.badScore],
      [[answer(2, [0, 1]), answer(3)], EvaluationMessages.badScore],
      [[answer(2, [2.5, 1]), answer(3)], EvaluationMessages.badScore],
      [[answer(2), answer(2)], EvaluationMessages.duplicateRatee],
      [[answer(2, [1, 1], 'x'.repeat(1001)), answer(3)], EvaluationMessages.commentTooLong],
      [[], EvaluationMessages.responsesRequired],
    ];
    for (const [responses, message] of refusals) {
      const problem = expectProblem(
        await put(st(1), round.id, teamA.id, responses),
        400,
        'VALIDATION_FAILED',
      );
      expect(problem.detail, JSON.stringify(responses)).toContain(message);
    }
    const saved = await put(st(1), round.id, teamA.id, [answer(2, [5, 5], '고마워'), answer(3)]);
    expect(saved.statusCode, saved.body).toBe(200);
    const mine = dataOf<EvaluationDetail>(saved).myTeams[0]!;
    expect(mine.complete).toBe(true);
    expect(mine.ratees.map((r) => r.name)).toEqual(['학생2', '학생3']);
    // Changed before the close: the new set replaces the old.
    await put(st(1), round.id, teamA.id, [answer(2, [2, 2]), answer(3, [1, 1])]);
    const detail = dataOf<EvaluationDetail>(await call(app, st(1), 'GET', base));
    expect(detail.myTeams[0]!.answers).toEqual([
      { rateeId: st(2).userId, scores: [2, 2], comment: '' },
      { rateeId: st(3).userId, scores: [1, 1], comment: '' },
    ]);
    expect(detail.completion).toBeNull();
    const staffView = dataOf<EvaluationDetail>(await call(app, ta, 'GET', base));
    expect(staffView.completion?.find((t) => t.teamId === teamA.id)?.students).toEqual([
      expect.objectContaining({ name: '학생1', done: true }),
      expect.objectContaining({ name: '학생2', done: false }),
      expect.objectContaining({ name: '학생3', done: false }),
    ]);
    // Once answers exist: no new criteria, no deletion; closing early works, then no more answers.
    expectProblem(await call(app, owner, 'PATCH', base, { criteria }), 409, 'EVALUATION_LOCKED');
    expectProblem(await call(app, owner, 'DELETE', base), 409, 'EVALUATION_LOCKED');
    expectProblem(
      await call(app, st(1), 'PATCH', base, { title: '바꿈' }),
      403,
      'CLASS_INSTRUCTOR_ONLY',
    );
    const closed = await call(app, owner, 'PATCH', base, { closeNow: true });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(dataOf<EvaluationRound>(closed).status).toBe('CLOSED');
    expectProblem(
      await put(st(1), round.id, teamA.id, [answer(2), answer(3)]),
      409,
      'EVALUATION_NOT_OPEN',
    );
  });
});

describe('results', () => {
  let round: EvaluationRound;
  beforeAll(async () => {
    round = await openRound({ title: '결과 평가', includeSelf: true });
    await seedAnswers(round.id, [
      [teamA, 1, 2, [4, 4], '학생1이 학생2에게: 성실함-KIWI'],
      [teamA, 1, 3, [4, 4], '학생1이 학생3에게: 발표-MANGO'],
      [teamA, 1, 1, [4, 4]],
      [teamA, 2, 1, [5, 3], '정리를 잘함-PEACH'],
      [teamA, 2, 3, [1, 1], '연락이 늦음-LEMON'],
      [teamA, 2, 2, [5, 5]],
      [teamA, 3, 1, [3, 5], '아이디어가 좋음-APPLE'],
      [teamA, 3, 2, [2, 2], '마감을 놓침-GRAPE'],
      [teamA, 3, 3, [2, 2]],
      [teamB, 4, 5, [1, 1]],
      [teamB, 4, 6, [5, 5]],
      [teamB, 5, 4, [1, 2]],
      [teamB, 5, 6, [1, 1]],
      [teamB, 6, 4, [2, 1]],
      [teamB, 6, 5, [5, 5]],
      [teamC, 7, 8, [3, 4], '혼자 평가한 코멘트-CHERRY'],
    ]);
    // Two 공지 by 학생2 in A팀, today and yesterday (Seoul), for the evidence beside the ratings
    // (which counts from the team's creation day: three days ago).
    await app.context.database.db.execute(
      sql`UPDATE teams SET created_at = now() - interval '3 days' WHERE id = ${teamA.id}`,
    );
    for (const daysAgo of [0, 1]) {
      const made = await call(app, st(2), 'POST', `/api/workspaces/${workspace.id}/announcement`, {
        teamId: teamA.id,
        title: `공지 ${daysAgo}`,
        content: '회의 일정',
      });
      expect(made.statusCode, made.body).toBe(201);
      const { id } = dataOf<{ id: number }>(made);
      await app.context.database.db.execute(
        sql`UPDATE announcements SET created_at = now() - ${daysAgo} * interval '1 day' WHERE id = ${id}`,
      );
    }
  });

  it('gives per student the peer means, the adjustment factor and each flag, as computed by hand', async () => {
    const results = dataOf<EvaluationResults>(
      await call(app, ta, 'GET', `/api/evaluations/${round.id}/results`),
    );
    const a = results.teams.find((t) => t.teamId === teamA.id)!;
    const by = (team: typeof a, n: number) => team.students.find((x) => x.userId === st(n).userId)!;
    expect(by(a, 1)).toMatchObject({
      peerRaters: 2,
      criterionMeans: [4, 4],
      overall: 4,
      selfOverall: 4,
      adjustment: 1.26,
      flags: ['IDENTICAL'],
      done: true,
    });
    expect(by(a, 2)).toMatchObject({
      criterionMeans: [3, 3],
      overall: 3,
      selfOverall: 5,
      adjustment: 0.95,
      flags: ['SELF_HIGH'],
    });
    expect(by(a, 3)).toMatchObject({
      criterionMeans: [2.5, 2.5],
      overall: 2.5,
      selfOverall: 2,
      adjustment: 0.79,
      flags: [],
    });
    // Per-ratee spreads 1, 1 and 1.5: 1.17, under 1.2.
    expect(a).toMatchObject({ teamMean: 3.17, disagreement: 1.17, teamDisagree: false });
    expect(a.responses).toHaveLength(9);
    expect(a.responses).toContainEqual(
      expect.objectContaining({
        raterName: '학생2',
        rateeName: '학생1',
        scores: [5, 3],
        comment: '정리를 잘함-PEACH',
      }),
    );
    const b = results.teams.find((t) => t.teamId === teamB.id)!;
    expect(by(b, 4)).toMatchObject({
      overall: 1.5,
      adjustment: 0.6,
      flags: ['LOW_BY_ALL'],
      done: false,
    });
    expect(by(b, 5)).toMatchObject({ overall: 3, adjustment: 1.2, flags: [] });
    // Spreads 0.5, 2, 2: 1.5.
    expect(b).toMatchObject({ teamMean: 2.5, disagreement: 1.5, teamDisagree: true });
    // Beside the ratings, what each did in the team: 학생2's two 공지 (posts) on two Seoul days.
    expect(by(a, 2).evidence).toMatchObject({ posts: 2, activeDays: 2, approved: 0 });
    expect(by(a, 1).evidence).toMatchObject({ posts: 0, activeDays: 0 });
    expect(a.evidenceTo >= a.evidenceFrom).toBe(true);
    const c = results.teams.find((t) => t.teamId === teamC.id)!;
    expect(by(c, 8)).toMatchObject({ peerRaters: 1, overall: 3.5, adjustment: 1 });
    expect(by(c, 7)).toMatchObject({ peerRaters: 0, overall: null, adjustment: null });

    const csv = await call(app, owner, 'GET', `/api/evaluations/${round.id}/results.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(
      csv.body.startsWith(
        '\uFEFF"팀","학생","제출 완료","평가한 동료 수","기여도 평균","소통 평균","전체 평균","자기 평가","조정 계수","플래그","팀 평가 불일치",' +
          '"승인된 카드","완료 요청","게시글","댓글","공유한 파일","보낸 메시지","회의 참석 분","활동한 날"',
      ),
    ).toBe(true);
    expect(csv.body).toContain(
      '"A팀","학생2","예","2","3","3","3","5","0.95","자기 평가 과대","아니오","0","0","2","0","0","0","0","2"',
    );
    expect(csv.body).toContain(
      '"B팀","학생4","아니오","2","1.5","1.5","1.5",,"0.6","모든 동료가 낮게 평가","예"',
    );

    for (const path of ['results', 'results.csv']) {
      expectProblem(
        await call(app, st(1), 'GET', `/api/evaluations/${round.id}/${path}`),
        403,
        'CLASS_STAFF_ONLY',
      );
    }
  });

  it('is released after the close; each student then sees their own aggregate, withheld below two raters', async () => {
    const base = `/api/evaluations/${round.id}`;
    expect(
      dataOf<EvaluationFeedback>(await call(app, st(1), 'GET', `${base}/feedback`)),
    ).toMatchObject({ released: false, teams: [] });
    expectProblem(await call(app, owner, 'POST', `${base}/release`), 409, 'EVALUATION_NOT_CLOSED');
    expectProblem(await call(app, ta, 'POST', `${base}/release`), 403, 'CLASS_INSTRUCTOR_ONLY');
    await call(app, owner, 'PATCH', base, { closeNow: true });
    const released = await call(app, owner, 'POST', `${base}/release`);
    expect(released.statusCode, released.body).toBe(200);
    expect(dataOf<EvaluationRound>(released).releasedAt).not.toBeNull();
    const mine = dataOf<EvaluationFeedback>(await call(app, st(1), 'GET', `${base}/feedback`));
    expect(mine.teams).toEqual([
      {
        teamId: teamA.id,
        teamName: 'A팀',
        peerRaters: 2,
        withheld: false,
        criterionMeans: [4, 4],
        overall: 4,
        adjustment: 1.26,
        comments: ['아이디어가 좋음-APPLE', '정리를 잘함-PEACH'],
      },
    ]);
    const lone = dataOf<EvaluationFeedback>(await call(app, st(8), 'GET', `${base}/feedback`));
    expect(lone.teams).toEqual([
      expect.objectContaining({
        peerRaters: 1,
        withheld: true,
        criterionMeans: [],
        overall: null,
        adjustment: null,
        comments: [],
      }),
    ]);
    await expect
      .poll(async () => (await evaluationNotices(st(8), round.id)).map((n) => n.message), {
        timeout: 10_000,
      })
      .toContain(
        `[캡스톤 디자인] 동료 평가 '결과 평가'의 결과가 공개되었습니다. 나에 대한 피드백을 확인하세요.`,
      );
    expect(await evaluationNotices(ta, round.id)).toEqual([]);
  });

  it('tells no student who rated whom or one rater’s scores, on any route, event or notice', async () => {
    // Released (as the test before leaves it), so the feedback answers with everything it has.
    const base = `/api/evaluations/${round.id}`;
    if (dataOf<EvaluationDetail>(await call(app, ta, 'GET', base)).round.releasedAt === null) {
      await call(app, owner, 'PATCH', base, { closeNow: true });
      expect((await call(app, owner, 'POST', `${base}/release`)).statusCode).toBe(200);
    }
    const document = (await app.inject({ url: '/api/docs/json' })).json<OpenApiDocument>();
    const rawDocument = document as unknown as {
      paths: Record<
        string,
        Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>
      >;
    };
    const streams = (path: string) =>
      Object.keys(rawDocument.paths[path]?.get?.responses?.['200']?.content ?? {}).includes(
        'text/event-stream',
      );
    const gets = operationsOf(document).filter((op) => op.method === 'GET' && !streams(op.path));
    expect(gets.map((op) => op.path)).toEqual(
      expect.arrayContaining([
        '/api/evaluations/{roundId}',
        '/api/evaluations/{roundId}/feedback',
        '/api/workspaces/{workspaceId}/evaluations',
      ]),
    );
    const answers = (
      (await app.context.database.db.execute(sql`
        SELECT rater_id AS "raterId", ratee_id AS "rateeId", scores, comment
        FROM evaluation_responses WHERE round_id = ${round.id}`)) as {
        rows: Array<{ raterId: number; rateeId: number; scores: number[]; comment: string }>;
      }
    ).rows;
    expect(answers.length).toBe(16);
    const teamOf = new Map<number, Team>();
    for (const n of [1, 2, 3]) teamOf.set(st(n).userId, teamA);
    for (const n of [4, 5, 6]) teamOf.set(st(n).userId, teamB);
    for (const n of [7, 8]) teamOf.set(st(n).userId, teamC);

    // Live events: everything published to a topic a student's tabs listen to, meanwhile.
    const heard = new Map<number, string[]>();
    const stops: Array<() => Promise<void>> = [];
    for (const student of s) {
      heard.set(student.userId, []);
      stops.push(
        await app.context.bus.subscribe(Topics.user(student.userId), (event) => {
          heard.get(student.userId)!.push(JSON.stringify(event));
        }),
      );
    }
    const workspaceEvents: string[] = [];
    stops.push(
      await app.context.bus.subscribe(Topics.workspace(workspace.id), (event) => {
        workspaceEvents.push(JSON.stringify(event));
      }),
    );
    // A fresh round answered through the API while listening, so its events are heard.
    const live = await openRound({ title: '실시간 평가' });
    await put(st(2), live.id, teamA.id, [
      { rateeId: st(1).userId, scores: [5, 3], comment: '실시간-PLUM' },
      { rateeId: st(3).userId, scores: [1, 1] },
    ]);
    await call(app, owner, 'DELETE', `/api/evaluations/${live.id}`);

    for (const student of s) {
      const team = teamOf.get(student.userId)!;
      const values: Record<string, number> = {
        workspaceId: workspace.id,
        teamId: team.id,
        roundId: round.id,
        userId: student.userId,
      };
      const bodies: string[] = [];
      for (const op of gets) {
        let path = op.path;
        for (const param of op.pathParams) {
          const segments = op.path.split('/');
          const owner = segments[segments.indexOf(`{${param.name}}`) - 1];
          const value =
            values[param.name] ??
            (param.name === 'id'
              ? ({ workspaces: workspace.id, teams: team.id } as Record<string, number>)[
                  owner ?? ''
                ]
              : undefined) ??
            1;
          path = path.replace(`{${param.name}}`, encodeURIComponent(String(value)));
        }
        const response = await call(app, student, 'GET', path);
        bodies.push(`${op.key}: ${response.body}`);
      }
      bodies.push(...heard.get(student.userId)!, ...workspaceEvents);
      const own = answers.filter((a) => a.raterId === student.userId);
      const ownPatterns = new Set(own.map((a) => JSON.stringify(a.scores)));
      const others = answers.filter((a) => a.raterId !== student.userId);
      for (const body of bodies) {
        expect(body, 'a rater named').not.toMatch(/"rater(Id|Name)"/);
        for (const other of others) {
          // A comment about someone else, by someone else, never reaches them.
          if (other.rateeId !== student.userId && other.comment !== '') {
            expect(body).not.toContain(other.comment);
          }
          const pattern = JSON.stringify(other.scores);
          if (!ownPatterns.has(pattern))
            expect(body, `${pattern} of another rater`).not.toContain(pattern);
        }
        expect(body).not.toContain('실시간-PLUM');
      }
    }
    for (const stop of stops) await stop();
  });
});

describe('reminders', () => {
  it('are due 24 h and 1 h before the close, move with it, skip who finished and go when all did', async () => {
    const closesAt = Date.now() + 30 * HOUR;
    const round = await openRound({ title: '리마인더 평가', closesAt: iso(closesAt) });
    await expect
      .poll(async () => (await jobsOf(round.id)).find((j) => j.key.endsWith(':open'))?.status, {
        timeout: 10_000,
      })
      .toBe('done');
    const pending = async () => (await jobsOf(round.id)).filter((j) => j.status === 'pending');
    expect(await pending()).toEqual([
      { key: `evaluation:${round.id}:remind:1H`, status: 'pending', dueAt: iso(closesAt - HOUR) },
      {
        key: `evaluation:${round.id}:remind:24H`,
        status: 'pending',
        dueAt: iso(closesAt - 24 * HOUR),
      },
    ]);
    expect((await evaluationNotices(st(5), round.id)).map((n) => n.message)).toEqual([
      `[캡스톤 디자인] 동료 평가 '리마인더 평가'가 시작되었습니다. 팀원들을 평가해주세요.`,
    ]);
    const moved = Date.now() + 10 * HOUR;
    await call(app, owner, 'PATCH', `/api/evaluations/${round.id}`, { closesAt: iso(moved) });
    // The 24 h reminder's time has passed: it goes.
    expect(await pending()).toEqual([
      { key: `evaluation:${round.id}:remind:1H`, status: 'pending', dueAt: iso(moved - HOUR) },
    ]);
    // Team C finishes; the reminder then reaches the others only.
    await put(st(7), round.id, teamC.id, [{ rateeId: st(8).userId, scores: [3, 3] }]);
    await put(st(8), round.id, teamC.id, [{ rateeId: st(7).userId, scores: [4, 4] }]);
    await runNow(`evaluation:${round.id}:remind:1H`);
    const closing = `[캡스톤 디자인] 동료 평가 '리마인더 평가' 마감까지 1시간 남았습니다. 아직 평가를 마치지 않으셨어요.`;
    expect((await evaluationNotices(st(1), round.id)).map((n) => n.message)).toContain(closing);
    expect((await evaluationNotices(st(7), round.id)).map((n) => n.message)).not.toContain(closing);
    expect(await evaluationNotices(ta, round.id)).toEqual([]);

    // Everyone finishing cancels what is left.
    const again = Date.now() + 5 * HOUR;
    await call(app, owner, 'PATCH', `/api/evaluations/${round.id}`, { closesAt: iso(again) });
    expect((await pending()).map((j) => j.key)).toEqual([`evaluation:${round.id}:remind:1H`]);
    const everyone: Array<[number, Team, number[]]> = [
      [1, teamA, [2, 3]],
      [2, teamA, [1, 3]],
      [3, teamA, [1, 2]],
      [4, teamB, [5, 6]],
      [5, teamB, [4, 6]],
      [6, teamB, [4, 5]],
    ];
    for (const [rater, team, ratees] of everyone) {
      const saved = await put(
        st(rater),
        round.id,
        team.id,
        ratees.map((n) => ({ rateeId: st(n).userId, scores: [3, 4] })),
      );
      expect(saved.statusCode, saved.body).toBe(200);
    }
    expect(await pending()).toEqual([]);
  });

  it('are all cancelled with the round', async () => {
    const round = await openRound({
      opensAt: iso(Date.now() + HOUR),
      closesAt: iso(Date.now() + 50 * HOUR),
    });
    expect((await jobsOf(round.id)).map((j) => j.key)).toEqual([
      `evaluation:${round.id}:open`,
      `evaluation:${round.id}:remind:1H`,
      `evaluation:${round.id}:remind:24H`,
    ]);
    expect((await call(app, owner, 'DELETE', `/api/evaluations/${round.id}`)).statusCode).toBe(204);
    expect(await jobsOf(round.id)).toEqual([]);
  });
});

describe('two students in two teams together', () => {
  it('rate each other in each team, and one team’s answers never replace the other’s', async () => {
    // 학생1 and 학생2 are in A팀 with 학생3, and now also in D팀 by themselves.
    const teamD = await newTeam('D팀', st(1), [st(2)]);
    const round = await openRound({ title: '두 팀 평가', includeSelf: false });
    const rate = (rater: number, team: Team, ratees: number[], score: number) =>
      put(
        st(rater),
        round.id,
        team.id,
        ratees.map((n) => ({ rateeId: st(n).userId, scores: [score, score] })),
      );
    expect((await rate(1, teamA, [2, 3], 5)).statusCode).toBe(200);
    expect((await rate(1, teamD, [2], 1)).statusCode).toBe(200);
    const detail = dataOf<EvaluationDetail>(
      await call(app, st(1), 'GET', `/api/evaluations/${round.id}`),
    );
    const answersIn = (team: Team) =>
      detail.myTeams.find((mine) => mine.teamId === team.id)?.answers.map((a) => a.scores[0]);
    expect(answersIn(teamA)).toEqual([5, 5]);
    expect(answersIn(teamD)).toEqual([1]);
    expect(detail.myTeams.every((mine) => mine.complete)).toBe(true);
    const results = dataOf<EvaluationResults>(
      await call(app, owner, 'GET', `/api/evaluations/${round.id}/results`),
    );
    const meanOf2 = (team: Team) =>
      results.teams
        .find((t) => t.teamId === team.id)
        ?.students.find((s) => s.userId === st(2).userId)?.overall;
    expect(meanOf2(teamA)).toBe(5);
    expect(meanOf2(teamD)).toBe(1);
  });
});
