import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@teamup/contracts/common';
import type { Notification } from '@teamup/contracts/notifications';
import type { Schedule } from '@teamup/contracts/schedules';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/*
 * Issue 44's calendar event reminders. The app's clock is the test's; the runner goes by the
 * database's clock, so a job is made due by moving its due time to the database's past.
 */

let app: TestApp;
let leader: TestUser;
let member: TestUser;
let outsider: TestUser;
let workspace: Workspace;
let team: Team;
const now = new Date('2037-12-01T00:00:00Z');

beforeAll(async () => {
  app = await createTestApp({}, { now: () => new Date(now) });
  leader = await createUser(app, '팀장');
  member = await createUser(app, '팀원');
  outsider = await createUser(app, '다른팀');
  workspace = dataOf<Workspace>(
    await call(app, leader, 'POST', '/api/workspaces', { name: '일정 알림 수업' }),
  );
  for (const person of [member, outsider]) {
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
  team = dataOf<Team>(
    await call(app, leader, 'POST', '/api/teams', { name: '알림팀', workspaceId: workspace.id }),
  );
  await call(app, member, 'POST', `/api/teams/${team.id}/join`, {});
});
afterAll(async () => {
  await app.close();
});

const url = () => `/api/teams/${team.id}/schedules`;
const meeting = (start: string, reminders?: number[]) => ({
  title: '주간 회의',
  startDate: start,
  endDate: new Date(Date.parse(start) + 3_600_000).toISOString(),
  type: 'MEETING',
  ...(reminders === undefined ? {} : { reminders }),
});

type JobRow = { key: string; status: string; dueAt: Date | string };
async function jobsOf(scheduleId: number): Promise<JobRow[]> {
  const result = (await app.context.database.db.execute(sql`
    SELECT key, status, due_at AS "dueAt" FROM scheduled_jobs
    WHERE starts_with(key, ${`schedules.reminder:${scheduleId}:`}) ORDER BY due_at`)) as {
    rows: JobRow[];
  };
  return result.rows.map((row) => ({ ...row, dueAt: new Date(row.dueAt).toISOString() }));
}
async function runNow(key: string) {
  await app.context.database.db.execute(
    sql`UPDATE scheduled_jobs SET due_at = now() - interval '1 second' WHERE key = ${key}`,
  );
  await expect
    .poll(
      async () => {
        const result = (await app.context.database.db.execute(
          sql`SELECT status FROM scheduled_jobs WHERE key = ${key}`,
        )) as { rows: { status: string }[] };
        return result.rows[0]?.status;
      },
      { timeout: 10_000 },
    )
    .toBe('done');
}
async function reminders(user: TestUser, scheduleId: number) {
  const page = dataOf<Page<Notification>>(
    await call(app, user, 'GET', '/api/notifications?size=100'),
  );
  return page.content.filter(
    (notice) => notice.kind === 'SCHEDULE_REMINDER' && notice.link.endsWith(`=${scheduleId}`),
  );
}
const minutesBefore = (start: string, minutes: number) =>
  new Date(Date.parse(start) - minutes * 60_000).toISOString();

describe('event reminders', () => {
  it('are kept with the event, one job per offset, moved with it and cancelled by deletion', async () => {
    const start = '2037-12-02T05:00:00.000Z';
    const created = await call(app, member, 'POST', url(), meeting(start, [1440, 0, 30]));
    expect(created.statusCode, created.body).toBe(201);
    const event = dataOf<Schedule>(created);
    expect(event.reminders).toEqual([0, 30, 1440]);
    expect((await jobsOf(event.id)).map((job) => job.dueAt)).toEqual([
      minutesBefore(start, 1440),
      minutesBefore(start, 30),
      start,
    ]);
    // Moved a day later, one offset dropped: the jobs follow.
    const later = '2037-12-03T05:00:00.000Z';
    const moved = await call(app, member, 'PUT', `${url()}/${event.id}`, meeting(later, [0, 30]));
    expect(dataOf<Schedule>(moved).reminders).toEqual([0, 30]);
    expect((await jobsOf(event.id)).map((job) => [job.key, job.dueAt])).toEqual([
      [`schedules.reminder:${event.id}:30`, minutesBefore(later, 30)],
      [`schedules.reminder:${event.id}:0`, later],
    ]);
    // Edited without `reminders` (a client of before them): they stay.
    const kept = await call(app, member, 'PUT', `${url()}/${event.id}`, meeting(later));
    expect(dataOf<Schedule>(kept).reminders).toEqual([0, 30]);
    expect(await jobsOf(event.id)).toHaveLength(2);
    await call(app, member, 'DELETE', `${url()}/${event.id}`);
    expect(await jobsOf(event.id)).toEqual([]);
  });

  it("remind the team's members at each offset, linking to the event, not outsiders", async () => {
    const start = '2037-12-01T10:00:00.000Z';
    const event = dataOf<Schedule>(
      await call(app, leader, 'POST', url(), meeting(start, [10, 60])),
    );
    await runNow(`schedules.reminder:${event.id}:60`);
    await runNow(`schedules.reminder:${event.id}:10`);
    for (const person of [leader, member]) {
      expect((await reminders(person, event.id)).map((n) => n.message)).toEqual([
        "[알림팀] '주간 회의' 일정이 10분 후 시작합니다.",
        "[알림팀] '주간 회의' 일정이 1시간 후 시작합니다.",
      ]);
    }
    const [notice] = await reminders(member, event.id);
    expect(notice?.link).toBe(
      `/ws/${workspace.id}/team/${team.id}?tab=calendar&schedule=${event.id}`,
    );
    expect(await reminders(outsider, event.id)).toEqual([]);
  });

  it('are not sent for an event moved behind the scheduler’s back (checked at send time)', async () => {
    const start = '2037-12-01T12:00:00.000Z';
    const event = dataOf<Schedule>(await call(app, leader, 'POST', url(), meeting(start, [5])));
    await app.context.database.db.execute(
      sql`UPDATE schedules SET starts_at = starts_at + interval '1 day' WHERE id = ${event.id}`,
    );
    await runNow(`schedules.reminder:${event.id}:5`);
    expect(await reminders(member, event.id)).toEqual([]);
  });

  it('remind of a series’ next occurrence, then the one after, skipping one called off', async () => {
    const first = '2037-12-01T01:00:00.000Z'; // a Tuesday, 10:00 in Seoul
    const created = await call(app, leader, 'POST', url(), {
      ...meeting(first, [30]),
      recurrenceRule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=3',
    });
    expect(created.statusCode, created.body).toBe(201);
    const series = dataOf<Schedule>(created);
    const key = `schedules.reminder:${series.id}:30`;
    expect((await jobsOf(series.id)).map((job) => job.dueAt)).toEqual([minutesBefore(first, 30)]);
    // The second Tuesday is called off (이 일정만).
    const second = '2037-12-08T01:00:00.000Z';
    const dropped = await call(
      app,
      leader,
      'DELETE',
      `${url()}/${series.id}?scope=THIS&occurrence=${second}`,
    );
    expect(dropped.statusCode, dropped.body).toBe(204);
    // The first occurrence's reminder runs: the team is told, and the job waits for the third.
    await app.context.database.db.execute(
      sql`UPDATE scheduled_jobs SET due_at = now() - interval '1 second' WHERE key = ${key}`,
    );
    const third = '2037-12-15T01:00:00.000Z';
    await expect
      .poll(async () => (await jobsOf(series.id)).map((job) => [job.status, job.dueAt]), {
        timeout: 10_000,
      })
      .toEqual([['pending', minutesBefore(third, 30)]]);
    expect(await reminders(member, series.id)).toHaveLength(1);
  });

  it('refuse offsets not offered, with a Korean message', async () => {
    const response = await call(app, member, 'POST', url(), meeting('2037-12-02T05:00:00Z', [15]));
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(response.json<{ detail: string }>().detail).toBe(
      '알림 시점은 시작 시각, 5분, 10분, 30분, 1시간, 1일 전 중에서 골라주세요.',
    );
  });
});
