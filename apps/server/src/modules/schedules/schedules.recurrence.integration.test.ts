import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schedule } from '@teamup/contracts/schedules';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
let leader: TestUser;
let member: TestUser;
let workspace: Workspace;
let teamCounter = 0;

beforeAll(async () => {
  app = await createTestApp();
  leader = await createUser(app, '팀장');
  member = await createUser(app, '팀원');
  workspace = dataOf<Workspace>(
    await call(app, leader, 'POST', '/api/workspaces', { name: '반복 일정 수업' }),
  );
  await call(app, member, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
});
afterAll(async () => {
  await app.close();
});

async function newTeam() {
  teamCounter += 1;
  const team = dataOf<Team>(
    await call(app, leader, 'POST', '/api/teams', {
      name: `반복팀 ${teamCounter}`,
      workspaceId: workspace.id,
    }),
  );
  expect((await call(app, member, 'POST', `/api/teams/${team.id}/join`, {})).statusCode).toBe(200);
  return team;
}

/** A weekly meeting on Tuesdays 08:00-09:00 Seoul time (23:00 UTC on Monday). */
const tuesdayMeeting = (rule: string, extra: object = {}) => ({
  title: '화요일 회의',
  startDate: '2026-12-01T08:00:00+09:00',
  endDate: '2026-12-01T09:00:00+09:00',
  type: 'MEETING',
  recurrenceRule: rule,
  ...extra,
});

/** December 2026 as a Seoul month grid asks it. */
const december = 'startDate=2026-11-29T00:00:00%2B09:00&endDate=2027-01-09T23:59:59.999%2B09:00';

async function range(teamId: number, query = december) {
  const response = await call(app, member, 'GET', `/api/teams/${teamId}/schedules/range?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<Schedule[]>(response);
}

const startsOf = (schedules: Schedule[]) => schedules.map((schedule) => schedule.startDate);

async function createSeries(teamId: number, body: object) {
  const created = await call(app, member, 'POST', `/api/teams/${teamId}/schedules`, body);
  expect(created.statusCode, created.body).toBe(201);
  return dataOf<Schedule>(created);
}

describe('recurring schedules', () => {
  it('answers each occurrence in the range, on the Seoul weekday across the UTC date line', async () => {
    const team = await newTeam();
    const series = await createSeries(team.id, tuesdayMeeting('RRULE:FREQ=WEEKLY;BYDAY=TU'));
    expect(series).toMatchObject({
      recurrenceRule: 'FREQ=WEEKLY;BYDAY=TU',
      seriesId: series.id,
      occurrenceStart: '2026-11-30T23:00:00.000Z',
    });
    const occurrences = await range(team.id);
    // Tuesdays in Seoul, which are Mondays 23:00 in UTC: never shifted to Monday or Wednesday.
    expect(startsOf(occurrences)).toEqual([
      '2026-11-30T23:00:00.000Z',
      '2026-12-07T23:00:00.000Z',
      '2026-12-14T23:00:00.000Z',
      '2026-12-21T23:00:00.000Z',
      '2026-12-28T23:00:00.000Z',
      '2027-01-04T23:00:00.000Z',
    ]);
    for (const occurrence of occurrences) {
      expect(occurrence).toMatchObject({
        id: series.id,
        seriesId: series.id,
        title: '화요일 회의',
      });
      expect(occurrence.occurrenceStart).toBe(occurrence.startDate);
      expect(Date.parse(occurrence.endDate) - Date.parse(occurrence.startDate)).toBe(3_600_000);
    }
    // A later range starts from the rule, not from the first occurrence.
    const march = await range(
      team.id,
      'startDate=2027-03-01T00:00:00%2B09:00&endDate=2027-03-14T23:59:59%2B09:00',
    );
    expect(startsOf(march)).toEqual(['2027-03-01T23:00:00.000Z', '2027-03-08T23:00:00.000Z']);
  });

  it('ends a series by date or count, every N weeks on chosen days, monthly', async () => {
    const team = await newTeam();
    await createSeries(
      team.id,
      tuesdayMeeting('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=5', { title: '격주' }),
    );
    await createSeries(
      team.id,
      tuesdayMeeting('FREQ=DAILY;UNTIL=20261203T145959Z', { title: '매일' }),
    );
    await createSeries(team.id, tuesdayMeeting('FREQ=MONTHLY', { title: '매월' }));
    const all = await range(team.id);
    const titled = (title: string) => startsOf(all.filter((s) => s.title === title));
    expect(titled('격주')).toEqual([
      '2026-11-30T23:00:00.000Z',
      '2026-12-02T23:00:00.000Z',
      '2026-12-14T23:00:00.000Z',
      '2026-12-16T23:00:00.000Z',
      '2026-12-28T23:00:00.000Z',
    ]);
    expect(titled('매일')).toEqual([
      '2026-11-30T23:00:00.000Z',
      '2026-12-01T23:00:00.000Z',
      '2026-12-02T23:00:00.000Z',
    ]);
    expect(titled('매월')).toEqual(['2026-11-30T23:00:00.000Z', '2026-12-31T23:00:00.000Z']);
  });

  it('edits one occurrence, the following ones, or all', async () => {
    const team = await newTeam();
    const url = `/api/teams/${team.id}/schedules`;
    const series = await createSeries(team.id, tuesdayMeeting('FREQ=WEEKLY;BYDAY=TU;COUNT=6'));
    const second = '2026-12-07T23:00:00.000Z';

    // 이 일정만: the second Tuesday moves to 10:00; the series skips it.
    const moved = await call(
      app,
      member,
      'PUT',
      `${url}/${series.id}?scope=THIS&occurrence=${second}`,
      tuesdayMeeting('FREQ=WEEKLY;BYDAY=TU;COUNT=6', {
        title: '시간 바뀐 회의',
        startDate: '2026-12-08T10:00:00+09:00',
        endDate: '2026-12-08T11:00:00+09:00',
      }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const copy = dataOf<Schedule>(moved);
    expect(copy).toMatchObject({
      title: '시간 바뀐 회의',
      seriesId: series.id,
      occurrenceStart: second,
      recurrenceRule: null,
    });
    expect(copy.id).not.toBe(series.id);
    let all = await range(team.id);
    expect(all.map((s) => [s.title, s.startDate])).toEqual([
      ['화요일 회의', '2026-11-30T23:00:00.000Z'],
      ['시간 바뀐 회의', '2026-12-08T01:00:00.000Z'],
      ['화요일 회의', '2026-12-14T23:00:00.000Z'],
      ['화요일 회의', '2026-12-21T23:00:00.000Z'],
      ['화요일 회의', '2026-12-28T23:00:00.000Z'],
      ['화요일 회의', '2027-01-04T23:00:00.000Z'],
    ]);

    // 이 일정과 이후 일정 from the fourth: the series ends before it, a new one (with the 3
    // occurrences the count still had) starts, at 14:00.
    const fourth = '2026-12-21T23:00:00.000Z';
    const split = await call(
      app,
      member,
      'PUT',
      `${url}/${series.id}?scope=FOLLOWING&occurrence=${fourth}`,
      tuesdayMeeting('FREQ=WEEKLY;BYDAY=TU;COUNT=6', {
        title: '오후 회의',
        startDate: '2026-12-22T14:00:00+09:00',
        endDate: '2026-12-22T15:00:00+09:00',
      }),
    );
    expect(split.statusCode, split.body).toBe(200);
    const following = dataOf<Schedule>(split);
    expect(following.recurrenceRule).toBe('FREQ=WEEKLY;BYDAY=TU;COUNT=3');
    all = await range(team.id);
    expect(all.map((s) => [s.title, s.startDate])).toEqual([
      ['화요일 회의', '2026-11-30T23:00:00.000Z'],
      ['시간 바뀐 회의', '2026-12-08T01:00:00.000Z'],
      ['화요일 회의', '2026-12-14T23:00:00.000Z'],
      ['오후 회의', '2026-12-22T05:00:00.000Z'],
      ['오후 회의', '2026-12-29T05:00:00.000Z'],
      ['오후 회의', '2027-01-05T05:00:00.000Z'],
    ]);

    // 모든 일정 from the old series' third occurrence: a new title only keeps the edited copy.
    const renamed = await call(
      app,
      member,
      'PUT',
      `${url}/${series.id}?scope=ALL&occurrence=2026-12-14T23:00:00.000Z`,
      tuesdayMeeting(all[0]?.recurrenceRule ?? '', {
        title: '정기 회의',
        startDate: '2026-12-15T08:00:00+09:00',
        endDate: '2026-12-15T09:00:00+09:00',
      }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    all = await range(team.id);
    expect(all.map((s) => s.title)).toEqual([
      '정기 회의',
      '시간 바뀐 회의',
      '정기 회의',
      '오후 회의',
      '오후 회의',
      '오후 회의',
    ]);
    // Moving every occurrence an hour later forgets the edited copy (its date no longer fits).
    const later = await call(
      app,
      member,
      'PUT',
      `${url}/${series.id}?scope=ALL&occurrence=2026-11-30T23:00:00.000Z`,
      tuesdayMeeting(all[0]?.recurrenceRule ?? '', {
        title: '정기 회의',
        startDate: '2026-12-01T09:00:00+09:00',
        endDate: '2026-12-01T10:00:00+09:00',
      }),
    );
    expect(later.statusCode, later.body).toBe(200);
    all = await range(team.id);
    expect(all.filter((s) => s.seriesId === series.id).map((s) => s.startDate)).toEqual([
      '2026-12-01T00:00:00.000Z',
      '2026-12-08T00:00:00.000Z',
      '2026-12-15T00:00:00.000Z',
    ]);
  });

  it('deletes one occurrence, the following ones, or all', async () => {
    const team = await newTeam();
    const url = `/api/teams/${team.id}/schedules`;
    const series = await createSeries(team.id, tuesdayMeeting('FREQ=WEEKLY;BYDAY=TU'));

    const one = await call(
      app,
      member,
      'DELETE',
      `${url}/${series.id}?scope=THIS&occurrence=2026-12-07T23:00:00.000Z`,
    );
    expect(one.statusCode, one.body).toBe(204);
    expect(startsOf(await range(team.id))).toEqual([
      '2026-11-30T23:00:00.000Z',
      '2026-12-14T23:00:00.000Z',
      '2026-12-21T23:00:00.000Z',
      '2026-12-28T23:00:00.000Z',
      '2027-01-04T23:00:00.000Z',
    ]);
    // The removed date is no occurrence any more.
    expectProblem(
      await call(
        app,
        member,
        'DELETE',
        `${url}/${series.id}?scope=THIS&occurrence=2026-12-07T23:00:00.000Z`,
      ),
      404,
      'SCHEDULE_NOT_FOUND',
    );

    const following = await call(
      app,
      member,
      'DELETE',
      `${url}/${series.id}?scope=FOLLOWING&occurrence=2026-12-21T23:00:00.000Z`,
    );
    expect(following.statusCode, following.body).toBe(204);
    expect(startsOf(await range(team.id))).toEqual([
      '2026-11-30T23:00:00.000Z',
      '2026-12-14T23:00:00.000Z',
    ]);
    // Nothing after it, in a later range either (the series now ends).
    expect(
      await range(team.id, 'startDate=2027-06-01T00:00:00Z&endDate=2027-06-30T00:00:00Z'),
    ).toEqual([]);

    expect((await call(app, member, 'DELETE', `${url}/${series.id}?scope=ALL`)).statusCode).toBe(
      204,
    );
    expect(await range(team.id)).toEqual([]);
  });

  it('refuses a bad rule, a count out of range, an end before the start and an unknown date', async () => {
    const team = await newTeam();
    const url = `/api/teams/${team.id}/schedules`;
    const refused = async (body: object, detail: string) => {
      const problem = expectProblem(
        await call(app, member, 'POST', url, body),
        400,
        'VALIDATION_FAILED',
      );
      expect(problem.detail).toBe(detail);
    };
    await refused(tuesdayMeeting('FREQ=SECONDLY'), '반복 규칙이 올바르지 않습니다.');
    await refused(
      tuesdayMeeting('FREQ=DAILY;COUNT=1000'),
      '반복 횟수는 1회부터 730회까지 정할 수 있습니다.',
    );
    await refused(
      tuesdayMeeting('FREQ=DAILY;UNTIL=20261101T000000Z'),
      '반복 종료일은 시작일보다 빠를 수 없습니다.',
    );
    const series = await createSeries(team.id, tuesdayMeeting('FREQ=WEEKLY;BYDAY=TU'));
    // A Wednesday is no occurrence of a Tuesday meeting.
    expectProblem(
      await call(
        app,
        member,
        'DELETE',
        `${url}/${series.id}?scope=THIS&occurrence=2026-12-08T23:00:00.000Z`,
      ),
      404,
      'SCHEDULE_NOT_FOUND',
    );
    expectProblem(
      await call(app, member, 'DELETE', `${url}/${series.id}?scope=THIS`),
      400,
      'VALIDATION_FAILED',
    );
    // One or the following of a schedule that happens once makes no sense.
    const once = dataOf<Schedule>(
      await call(app, member, 'POST', url, tuesdayMeeting('', { recurrenceRule: null })),
    );
    expect(once).toMatchObject({ recurrenceRule: null, seriesId: null, occurrenceStart: null });
    expectProblem(
      await call(
        app,
        member,
        'DELETE',
        `${url}/${once.id}?scope=THIS&occurrence=${once.startDate}`,
      ),
      400,
      'VALIDATION_FAILED',
    );
    // Someone outside the workspace cannot reach the series.
    const stranger = await createUser(app, '외부인');
    expectProblem(
      await call(app, stranger, 'DELETE', `${url}/${series.id}?scope=ALL`),
      403,
      'WORKSPACE_FORBIDDEN',
    );
  });

  it('keeps a daily rule over the longest range bounded, and spans all-day events over days', async () => {
    const team = await newTeam();
    await createSeries(
      team.id,
      tuesdayMeeting('FREQ=DAILY', {
        startDate: '2020-01-01T08:00:00+09:00',
        endDate: '2020-01-01T09:00:00+09:00',
      }),
    );
    const startedAt = performance.now();
    const year = await range(
      team.id,
      'startDate=2026-01-01T00:00:00%2B09:00&endDate=2027-02-04T23:59:59%2B09:00',
    );
    expect(year).toHaveLength(400);
    expect(year[0]?.startDate).toBe('2025-12-31T23:00:00.000Z');
    expect(performance.now() - startedAt).toBeLessThan(2_000);

    const trip = await createSeries(team.id, {
      title: 'MT',
      type: 'VACATION',
      allDay: true,
      startDate: '2026-12-04T00:00:00+09:00',
      endDate: '2026-12-06T00:00:00+09:00',
    });
    expect(trip).toMatchObject({
      startDate: '2026-12-03T15:00:00.000Z',
      endDate: '2026-12-06T14:59:59.999Z',
    });
  });
});
