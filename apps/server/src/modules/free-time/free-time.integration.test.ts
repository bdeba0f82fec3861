import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Topics, type LiveEvent } from '@teamup/contracts/events';
import { FreeTimeMessages, type FreeTimeWeek } from '@teamup/contracts/free-time';
import type { Schedule } from '@teamup/contracts/schedules';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
let owner: TestUser;
let first: TestUser;
let second: TestUser;
let bystander: TestUser;
let stranger: TestUser;
let workspace: Workspace;
let teamCounter = 0;

/** A Monday (Asia/Seoul); slot 0 is its 08:00, a day has 32 half hours. */
const WEEK = '2026-11-30';
const slotOf = (day: number, hour: number, minute = 0) => day * 32 + (hour - 8) * 2 + minute / 30;

beforeAll(async () => {
  app = await createTestApp();
  owner = await createUser(app, '팀장');
  first = await createUser(app, '하나');
  second = await createUser(app, '둘');
  bystander = await createUser(app, '구경꾼');
  stranger = await createUser(app, '남');
  workspace = dataOf<Workspace>(
    await call(app, owner, 'POST', '/api/workspaces', { name: '공통 시간 수업' }),
  );
  for (const person of [first, second, bystander]) {
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
  await call(app, stranger, 'POST', '/api/workspaces', { name: '다른 곳' });
});
afterAll(async () => {
  await app.close();
});

/** A team led by `leader` with `members` joined. */
async function newTeam(leader: TestUser, members: TestUser[]) {
  teamCounter += 1;
  const team = dataOf<Team>(
    await call(app, leader, 'POST', '/api/teams', {
      name: `시간팀 ${teamCounter}`,
      workspaceId: workspace.id,
    }),
  );
  for (const member of members) {
    const joined = await call(app, member, 'POST', `/api/teams/${team.id}/join`, {});
    expect(joined.statusCode, joined.body).toBe(200);
  }
  return team;
}

const weekUrl = (teamId: number, week = WEEK) => `/api/teams/${teamId}/free-time/${week}`;
const save = (user: TestUser, teamId: number, slots: unknown, week = WEEK) =>
  call(app, user, 'PUT', `${weekUrl(teamId, week)}/me`, { slots });

describe('free time', () => {
  it('saves each member’s slots and answers the counts and who is free in each slot', async () => {
    const team = await newTeam(owner, [first, second]);
    const empty = await call(app, first, 'GET', weekUrl(team.id));
    expect(empty.statusCode, empty.body).toBe(200);
    const before = dataOf<FreeTimeWeek>(empty);
    expect(before).toMatchObject({
      teamId: team.id,
      weekStart: WEEK,
      startsAt: '2026-11-30T00:00:00+09:00',
      timeZone: 'Asia/Seoul',
      slotsPerDay: 32,
      mySlots: [],
      busy: [],
    });
    expect(before.counts).toHaveLength(224);
    expect(before.counts.every((count) => count === 0)).toBe(true);
    expect(before.members.map((member) => [member.name, member.responded])).toEqual([
      ['팀장', false],
      ['하나', false],
      ['둘', false],
    ]);

    const tuesdayTen = slotOf(1, 10);
    const saved = await save(first, team.id, [tuesdayTen + 1, tuesdayTen, 0]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ message: string }>().message).toBe(FreeTimeMessages.saved);
    expect(dataOf<FreeTimeWeek>(saved).mySlots).toEqual([0, tuesdayTen, tuesdayTen + 1]);
    expect((await save(second, team.id, [tuesdayTen, 223])).statusCode).toBe(200);
    // Nobody free at all is an answer too.
    expect((await save(owner, team.id, [])).statusCode).toBe(200);

    const week = dataOf<FreeTimeWeek>(await call(app, second, 'GET', weekUrl(team.id)));
    expect(week.mySlots).toEqual([tuesdayTen, 223]);
    expect(week.counts[tuesdayTen]).toBe(2);
    expect(week.counts[tuesdayTen + 1]).toBe(1);
    expect(week.counts[0]).toBe(1);
    expect(week.counts[223]).toBe(1);
    expect(week.counts.reduce((sum, count) => sum + count, 0)).toBe(5);
    expect(week.freeUserIds[tuesdayTen]).toEqual([first.userId, second.userId]);
    expect(week.freeUserIds[223]).toEqual([second.userId]);
    expect(week.members.every((member) => member.responded)).toBe(true);

    // A save replaces the member's whole week; other weeks and teams are their own.
    await save(first, team.id, [5]);
    const replaced = dataOf<FreeTimeWeek>(await call(app, owner, 'GET', weekUrl(team.id)));
    expect(replaced.mySlots).toEqual([]);
    expect(replaced.freeUserIds[tuesdayTen]).toEqual([second.userId]);
    expect(replaced.freeUserIds[5]).toEqual([first.userId]);
    const nextWeek = dataOf<FreeTimeWeek>(
      await call(app, first, 'GET', weekUrl(team.id, '2026-12-07')),
    );
    expect(nextWeek.counts.every((count) => count === 0)).toBe(true);

    // Someone who leaves the team is no longer counted.
    const left = await call(app, second, 'POST', `/api/teams/${team.id}/leave`, {});
    expect(left.statusCode, left.body).toBe(200);
    const afterLeave = dataOf<FreeTimeWeek>(await call(app, first, 'GET', weekUrl(team.id)));
    expect(afterLeave.counts[223]).toBe(0);
    expect(afterLeave.members.map((member) => member.name)).toEqual(['팀장', '하나']);
  });

  it('shows the team’s own schedules of the week as busy slots', async () => {
    const team = await newTeam(owner, [first]);
    const other = await newTeam(first, []);
    const schedule = (teamId: number, title: string, startDate: string, endDate?: string) =>
      call(app, first, 'POST', `/api/teams/${teamId}/schedules`, {
        title,
        startDate,
        ...(endDate ? { endDate } : {}),
        type: endDate ? 'MEETING' : 'DEADLINE',
      });
    const meeting = dataOf<Schedule>(
      await schedule(team.id, '회의', '2026-12-01T14:00:00+09:00', '2026-12-01T15:00:00+09:00'),
    );
    const overnight = dataOf<Schedule>(
      await schedule(team.id, '밤샘', '2026-11-30T23:30:00+09:00', '2026-12-01T08:30:00+09:00'),
    );
    await schedule(team.id, '마감', '2026-12-02T12:00:00+09:00');
    await schedule(team.id, '다음 주', '2026-12-08T14:00:00+09:00', '2026-12-08T15:00:00+09:00');
    await schedule(team.id, '새벽', '2026-12-03T02:00:00+09:00', '2026-12-03T03:00:00+09:00');
    await schedule(other.id, '남의 팀', '2026-12-01T10:00:00+09:00', '2026-12-01T11:00:00+09:00');

    const week = dataOf<FreeTimeWeek>(await call(app, owner, 'GET', weekUrl(team.id)));
    expect(week.busy).toEqual([
      expect.objectContaining({
        scheduleId: overnight.id,
        title: '밤샘',
        slots: [slotOf(0, 23, 30), slotOf(1, 8)],
      }),
      expect.objectContaining({
        scheduleId: meeting.id,
        title: '회의',
        type: 'MEETING',
        slots: [slotOf(1, 14), slotOf(1, 14, 30)],
      }),
    ]);
  });

  it('tells the workspace’s live listeners that a member saved, after saving', async () => {
    const team = await newTeam(owner, [first]);
    const events: LiveEvent[] = [];
    const stop = await app.context.bus.subscribe(Topics.workspace(workspace.id), (event) => {
      events.push(event as LiveEvent);
    });
    try {
      await save(first, team.id, [3]);
      await expect
        .poll(() => events.filter((event) => event.type === 'TEAM_FREE_TIME_CHANGED'))
        .toEqual([
          expect.objectContaining({
            type: 'TEAM_FREE_TIME_CHANGED',
            workspaceId: workspace.id,
            teamId: team.id,
            weekStart: WEEK,
            userId: first.userId,
          }),
        ]);
    } finally {
      await stop();
    }
  });

  it('is only for the team’s members', async () => {
    const team = await newTeam(first, [second]);
    // The workspace's owner reads every team's content, but has no free time in a team of others.
    expectProblem(await call(app, owner, 'GET', weekUrl(team.id)), 403, 'TEAM_NOT_MEMBER');
    expectProblem(await save(owner, team.id, [1]), 403, 'TEAM_NOT_MEMBER');
    expectProblem(await save(bystander, team.id, [1]), 403, 'TEAM_NOT_MEMBER');
    // Outsiders are refused before their input is read (decision 0036).
    expectProblem(await save(bystander, team.id, [-1]), 403, 'TEAM_NOT_MEMBER');
    const strangerRead = await call(app, stranger, 'GET', weekUrl(team.id));
    expect([403, 404]).toContain(strangerRead.statusCode);
    expect((await save(stranger, team.id, [1])).statusCode).toBe(strangerRead.statusCode);
    expectProblem(await call(app, first, 'GET', weekUrl(2_000_000)), 404, 'TEAM_NOT_FOUND');
    const week = dataOf<FreeTimeWeek>(await call(app, first, 'GET', weekUrl(team.id)));
    expect(week.counts.every((count) => count === 0)).toBe(true);
  });

  it('refuses bad slots and weeks with a Korean message and keeps what was saved', async () => {
    const team = await newTeam(owner, [first]);
    await save(first, team.id, [7, 8]);
    const refusals: Array<[unknown, string]> = [
      [[224], FreeTimeMessages.badSlot],
      [[-1], FreeTimeMessages.badSlot],
      [[1.5], FreeTimeMessages.badSlot],
      [['3'], FreeTimeMessages.badSlot],
      [[4, 4], FreeTimeMessages.duplicateSlot],
      [Array.from({ length: 225 }, (_, index) => index), FreeTimeMessages.tooManySlots],
      ['0-3', FreeTimeMessages.slotsRequired],
      [undefined, FreeTimeMessages.slotsRequired],
    ];
    for (const [slots, message] of refusals) {
      const problem = expectProblem(await save(first, team.id, slots), 400, 'VALIDATION_FAILED');
      expect(problem.detail, JSON.stringify(slots)).toContain(message);
    }
    for (const week of ['2026-12-01', '2026-02-30', '30-11-2026', 'monday', '1800-01-06']) {
      const read = await call(app, first, 'GET', weekUrl(team.id, week));
      expectProblem(read, 400, 'VALIDATION_FAILED');
      expectProblem(await save(first, team.id, [1], week), 400, 'VALIDATION_FAILED');
    }
    expect(
      (await call(app, first, 'GET', weekUrl(team.id, '2026-12-01'))).json<{ detail: string }>()
        .detail,
    ).toContain(FreeTimeMessages.badWeek);
    const week = dataOf<FreeTimeWeek>(await call(app, first, 'GET', weekUrl(team.id)));
    expect(week.mySlots).toEqual([7, 8]);
  });
});
