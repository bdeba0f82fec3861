import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@teamup/contracts/common';
import type { Schedule } from '@teamup/contracts/schedules';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
let leader: TestUser;
let member: TestUser;
let outsider: TestUser;
let workspace: Workspace;
let teamCounter = 0;

beforeAll(async () => {
  app = await createTestApp();
  leader = await createUser(app, '팀장');
  member = await createUser(app, '팀원');
  outsider = await createUser(app, '다른팀');
  workspace = dataOf<Workspace>(
    await call(app, leader, 'POST', '/api/workspaces', { name: '일정 수업' }),
  );
  for (const person of [member, outsider]) {
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
});
afterAll(async () => {
  await app.close();
});

async function newTeam() {
  teamCounter += 1;
  const team = dataOf<Team>(
    await call(app, leader, 'POST', '/api/teams', {
      name: `일정팀 ${teamCounter}`,
      workspaceId: workspace.id,
    }),
  );
  expect((await call(app, member, 'POST', `/api/teams/${team.id}/join`, {})).statusCode).toBe(200);
  return team;
}

const event = (title: string, start: string, end: string, extra: object = {}) => ({
  title,
  startDate: start,
  endDate: end,
  scheduleDesc: null,
  type: 'MEETING',
  ...extra,
});

describe('schedules', () => {
  it('creates, lists by start time in pages of 20, edits and deletes', async () => {
    const team = await newTeam();
    const url = `/api/teams/${team.id}/schedules`;
    const created = await call(
      app,
      member,
      'POST',
      `${url}?accountId=${member.userId}`,
      event('주간 회의', '2026-12-01T09:00:00+09:00', '2026-12-01T10:00:00+09:00', {
        scheduleDesc: '회의실 A',
        type: 'WORKSHOP',
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const schedule = dataOf<Schedule>(created);
    expect(schedule).toMatchObject({
      title: '주간 회의',
      startDate: '2026-12-01T00:00:00.000Z',
      endDate: '2026-12-01T01:00:00.000Z',
      scheduleDesc: '회의실 A',
      type: 'WORKSHOP',
      teamId: team.id,
      teamName: team.name,
      creatorId: member.userId,
      creatorName: '팀원',
    });
    for (let day = 2; day <= 22; day += 1) {
      const date = `2026-12-${String(day).padStart(2, '0')}`;
      await call(
        app,
        member,
        'POST',
        url,
        event(`일정 ${day}`, `${date}T09:00:00Z`, `${date}T10:00:00Z`),
      );
    }
    const first = dataOf<Page<Schedule>>(await call(app, leader, 'GET', url));
    expect(first.content).toHaveLength(20);
    expect(first.content[0]?.title).toBe('주간 회의');
    expect(first).toMatchObject({ totalElements: 22, totalPages: 2, last: false });
    const last = dataOf<Page<Schedule>>(await call(app, leader, 'GET', `${url}?page=1`));
    expect(last.content.map((s) => s.title)).toEqual(['일정 21', '일정 22']);

    const edited = await call(
      app,
      member,
      'PUT',
      `${url}/${schedule.id}`,
      event('주간 회의 (변경)', '2026-12-01T11:00:00+09:00', '2026-12-01T12:00:00+09:00', {
        type: 'DEADLINE',
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(dataOf<Schedule>(edited)).toMatchObject({ title: '주간 회의 (변경)', type: 'DEADLINE' });
    expect((await call(app, member, 'DELETE', `${url}/${schedule.id}`)).statusCode).toBe(204);
    expectProblem(
      await call(app, member, 'DELETE', `${url}/${schedule.id}`),
      404,
      'SCHEDULE_NOT_FOUND',
    );
  });

  it('answers a range with the events crossing its borders', async () => {
    const team = await newTeam();
    const url = `/api/teams/${team.id}/schedules`;
    const add = (title: string, start: string, end: string) =>
      call(app, member, 'POST', url, event(title, start, end));
    await add('before', '2026-11-20T00:00:00Z', '2026-11-30T23:00:00Z');
    await add('crossing start', '2026-11-28T00:00:00Z', '2026-12-02T00:00:00Z');
    await add('inside', '2026-12-10T00:00:00Z', '2026-12-10T01:00:00Z');
    await add('crossing end', '2026-12-31T20:00:00Z', '2027-01-03T00:00:00Z');
    await add('spanning', '2026-11-01T00:00:00Z', '2027-02-01T00:00:00Z');
    await add('touching start', '2026-11-30T00:00:00Z', '2026-12-01T00:00:00Z');
    await add('after', '2027-01-05T00:00:00Z', '2027-01-06T00:00:00Z');
    const range = dataOf<Schedule[]>(
      await call(
        app,
        leader,
        'GET',
        `${url}/range?startDate=2026-12-01T00:00:00Z&endDate=2027-01-01T00:00:00Z`,
      ),
    );
    expect(range.map((s) => s.title)).toEqual([
      'spanning',
      'crossing start',
      'touching start',
      'inside',
      'crossing end',
    ]);
    expectProblem(
      await call(
        app,
        leader,
        'GET',
        `${url}/range?startDate=2027-01-01T00:00:00Z&endDate=2026-12-01T00:00:00Z`,
      ),
      400,
      'VALIDATION_FAILED',
    );
    expectProblem(
      await call(app, leader, 'GET', `${url}/range?startDate=nope&endDate=2026-12-01T00:00:00Z`),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('refuses missing fields, bad dates, an end before the start and unknown types', async () => {
    const team = await newTeam();
    const url = `/api/teams/${team.id}/schedules`;
    const missing = await call(app, member, 'POST', url, { title: '', startDate: '', endDate: '' });
    expectProblem(missing, 400, 'VALIDATION_FAILED');
    expect(missing.json<{ detail: string }>().detail).toBe(
      '일정 제목, 시작일, 종료일은 필수입니다.',
    );
    expectProblem(
      await call(
        app,
        member,
        'POST',
        url,
        event('x', '2026-13-45T00:00:00Z', '2026-12-01T00:00:00Z'),
      ),
      400,
      'VALIDATION_FAILED',
    );
    const backwards = await call(
      app,
      member,
      'POST',
      url,
      event('x', '2026-12-02T00:00:00Z', '2026-12-01T00:00:00Z'),
    );
    expectProblem(backwards, 400, 'VALIDATION_FAILED');
    expect(backwards.json<{ detail: string }>().detail).toBe(
      '종료일은 시작일보다 빠를 수 없습니다.',
    );
    expectProblem(
      await call(
        app,
        member,
        'POST',
        url,
        event('x', '2026-12-01T00:00:00Z', '2026-12-01T01:00:00Z', { type: 'PARTY' }),
      ),
      400,
      'VALIDATION_FAILED',
    );
    const sameMoment = await call(
      app,
      member,
      'POST',
      url,
      event('마감', '2026-12-01T00:00:00Z', '2026-12-01T00:00:00Z', { type: 'DEADLINE' }),
    );
    expect(sameMoment.statusCode).toBe(201);
  });

  it('stores a deadline without an end as ending when it starts, an all-day event with its day', async () => {
    const team = await newTeam();
    const url = `/api/teams/${team.id}/schedules`;
    const deadline = await call(app, member, 'POST', url, {
      title: '보고서 마감',
      startDate: '2026-12-04T18:00:00+09:00',
      type: 'DEADLINE',
    });
    expect(deadline.statusCode, deadline.body).toBe(201);
    expect(dataOf<Schedule>(deadline)).toMatchObject({
      startDate: '2026-12-04T09:00:00.000Z',
      endDate: '2026-12-04T09:00:00.000Z',
      type: 'DEADLINE',
    });
    // Seoul's 5 December, 00:00 to 23:59:59.999.
    const allDay = await call(app, member, 'POST', url, {
      title: '워크숍 데이',
      startDate: '2026-12-05T00:00:00+09:00',
      allDay: true,
      type: 'WORKSHOP',
    });
    expect(allDay.statusCode, allDay.body).toBe(201);
    const saved = dataOf<Schedule>(allDay);
    expect(saved).toMatchObject({
      startDate: '2026-12-04T15:00:00.000Z',
      endDate: '2026-12-05T14:59:59.999Z',
    });
    // An edit may leave the end out too: the deadline moves, its end with it.
    const moved = await call(app, member, 'PUT', `${url}/${dataOf<Schedule>(deadline).id}`, {
      title: '보고서 마감',
      startDate: '2026-12-06T12:00:00Z',
      type: 'DEADLINE',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(dataOf<Schedule>(moved)).toMatchObject({
      startDate: '2026-12-06T12:00:00.000Z',
      endDate: '2026-12-06T12:00:00.000Z',
    });
    const toMeeting = await call(app, member, 'PUT', `${url}/${saved.id}`, {
      title: '워크숍 데이',
      startDate: '2026-12-05T00:00:00+09:00',
      type: 'WORKSHOP',
    });
    expectProblem(toMeeting, 400, 'VALIDATION_FAILED');
    // Every other kind still needs its end, with the spec's text.
    const noEnd = await call(app, member, 'POST', url, {
      title: '회의',
      startDate: '2026-12-01T09:00:00Z',
      type: 'MEETING',
    });
    expectProblem(noEnd, 400, 'VALIDATION_FAILED');
    expect(noEnd.json<{ detail: string }>().detail).toBe('일정 제목, 시작일, 종료일은 필수입니다.');
    expect(toMeeting.json<{ detail: string }>().detail).toBe(
      '일정 제목, 시작일, 종료일은 필수입니다.',
    );
  });

  it('lets the creator and the leader edit; other members and outsiders are refused', async () => {
    const team = await newTeam();
    const url = `/api/teams/${team.id}/schedules`;
    const byLeader = dataOf<Schedule>(
      await call(
        app,
        leader,
        'POST',
        url,
        event('팀장 일정', '2026-12-01T00:00:00Z', '2026-12-01T01:00:00Z'),
      ),
    );
    const byMember = dataOf<Schedule>(
      await call(
        app,
        member,
        'POST',
        url,
        event('팀원 일정', '2026-12-02T00:00:00Z', '2026-12-02T01:00:00Z'),
      ),
    );
    const change = event('변경', '2026-12-03T00:00:00Z', '2026-12-03T01:00:00Z');
    expectProblem(
      await call(app, member, 'PUT', `${url}/${byLeader.id}`, change),
      403,
      'SCHEDULE_FORBIDDEN',
    );
    expectProblem(
      await call(app, member, 'DELETE', `${url}/${byLeader.id}`),
      403,
      'SCHEDULE_FORBIDDEN',
    );
    expect((await call(app, leader, 'PUT', `${url}/${byMember.id}`, change)).statusCode).toBe(200);
    expect((await call(app, leader, 'DELETE', `${url}/${byMember.id}`)).statusCode).toBe(204);
    expectProblem(await call(app, outsider, 'GET', url), 403, 'TEAM_NOT_MEMBER');
    expectProblem(await call(app, outsider, 'POST', url, change), 403, 'TEAM_NOT_MEMBER');
    // A schedule is reached only through its own team.
    const other = await newTeam();
    expectProblem(
      await call(app, leader, 'DELETE', `/api/teams/${other.id}/schedules/${byLeader.id}`),
      404,
      'SCHEDULE_NOT_FOUND',
    );
  });
});
