import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeedIssued, CalendarFeedStatus } from '@teamup/contracts/calendar-feed';
import type { Kanban, KanbanList, Task } from '@teamup/contracts/kanban';
import type { Schedule } from '@teamup/contracts/schedules';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/*
 * The calendar feed (issue 44) as a calendar app sees it: fetched without a login from its secret
 * URL and parsed back by ical.js, a kept RFC 5545 parser.
 */

let app: TestApp;
let leader: TestUser;
let me: TestUser;
let workspace: Workspace;

beforeAll(async () => {
  app = await createTestApp();
  leader = await createUser(app, '팀장');
  me = await createUser(app, '구독자');
  workspace = dataOf<Workspace>(
    await call(app, leader, 'POST', '/api/workspaces', { name: '캘린더 수업' }),
  );
  await call(app, me, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
});
afterAll(async () => {
  await app.close();
});

async function team(name: string) {
  const made = dataOf<Team>(
    await call(app, leader, 'POST', '/api/teams', { name, workspaceId: workspace.id }),
  );
  await call(app, me, 'POST', `/api/teams/${made.id}/join`, {});
  return made;
}

async function schedule(teamId: number, body: object) {
  const response = await call(app, leader, 'POST', `/api/teams/${teamId}/schedules`, body);
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<Schedule>(response);
}

async function openList(teamId: number) {
  const board = dataOf<Kanban>(await call(app, leader, 'GET', `/api/kanban/team/${teamId}`));
  return dataOf<KanbanList>(
    await call(app, leader, 'POST', '/api/kanban/lists', {
      kanbanListName: '할 일',
      kanbanId: board.id,
    }),
  );
}

/** Fetches the feed as a calendar app would: no token, the URL's path only. */
const fetchFeed = (url: string) => app.inject({ method: 'GET', url: new URL(url).pathname });

function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const zone = calendar.getFirstSubcomponent('vtimezone');
  if (zone) ICAL.TimezoneService.register(zone);
  return {
    calendar,
    events: calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component)),
  };
}

describe('calendar feed', () => {
  it('serves my teams’ events and my cards’ deadlines as a valid calendar, and follows my teams', async () => {
    const first = await team('발표 팀');
    const second = await team('떠날 팀');
    const title =
      '중간 발표 리허설; 자료 확인, 역할 분담 — 아주 긴 제목으로 줄 접기를 확인합니다 😀';
    const meeting = await schedule(first.id, {
      title,
      scheduleDesc: '준비물: 노트북\n발표 자료',
      startDate: '2026-12-01T10:00:00+09:00',
      endDate: '2026-12-01T11:30:00+09:00',
    });
    const allDay = await schedule(first.id, {
      title: '시험 주간',
      startDate: '2026-12-07T00:00:00+09:00',
      allDay: true,
    });
    const elsewhere = await schedule(second.id, {
      title: '떠날 팀 회의',
      startDate: '2026-12-02T15:00:00+09:00',
      endDate: '2026-12-02T16:00:00+09:00',
    });
    const list = await openList(first.id);
    const task = async (subject: string, deadline: string, to: TestUser[]) => {
      const response = await call(app, leader, 'POST', '/api/kanban/tasks', {
        subject,
        kanbanListId: list.id,
        deadline,
        assigneeIds: to.map((person) => person.userId),
      });
      expect(response.statusCode, response.body).toBe(201);
      return dataOf<Task>(response);
    };
    const dayTask = await task('보고서 제출', '2026-12-03', [me]);
    const timedTask = await task('코드 리뷰', '2026-12-04T09:00:00.000Z', [me]);
    await task('남의 카드', '2026-12-05', [leader]);

    const issued = await call(app, me, 'POST', '/api/users/me/calendar-feed');
    expect(issued.statusCode, issued.body).toBe(201);
    const { url, webcalUrl } = dataOf<CalendarFeedIssued>(issued);
    expect(url).toMatch(/^http:\/\/localhost:8081\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(webcalUrl).toBe(url.replace('http:', 'webcal:'));

    const response = await fetchFeed(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    // Every line ends in CRLF and holds at most 75 octets (RFC 5545 3.1).
    const lines = response.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(response.body).not.toMatch(/[^\r]\n/);

    const { calendar, events } = eventsOf(response.body);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe(
      'Asia/Seoul',
    );
    const byUid = new Map(events.map((event) => [event.uid, event]));
    expect([...byUid.keys()].sort()).toEqual(
      [
        `schedule-${meeting.id}@localhost`,
        `schedule-${allDay.id}@localhost`,
        `schedule-${elsewhere.id}@localhost`,
        `task-${dayTask.id}@localhost`,
        `task-${timedTask.id}@localhost`,
      ].sort(),
    );
    const rehearsal = byUid.get(`schedule-${meeting.id}@localhost`);
    expect(rehearsal?.summary).toBe(`[발표 팀] ${title}`);
    expect(rehearsal?.description).toBe('준비물: 노트북\n발표 자료');
    expect(rehearsal?.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe(
      'Asia/Seoul',
    );
    expect(rehearsal?.startDate.zone?.tzid).toBe('Asia/Seoul');
    expect(rehearsal?.startDate.toJSDate().toISOString()).toBe('2026-12-01T01:00:00.000Z');
    expect(rehearsal?.endDate.toJSDate().toISOString()).toBe('2026-12-01T02:30:00.000Z');
    const exams = byUid.get(`schedule-${allDay.id}@localhost`);
    expect(exams?.startDate.isDate).toBe(true);
    expect(exams?.startDate.toString()).toBe('2026-12-07');
    const report = byUid.get(`task-${dayTask.id}@localhost`);
    expect(report?.summary).toBe('마감: 보고서 제출');
    expect(report?.startDate.isDate).toBe(true);
    expect(report?.startDate.toString()).toBe('2026-12-03');
    expect(report?.endDate.toString()).toBe('2026-12-04');
    const review = byUid.get(`task-${timedTask.id}@localhost`);
    expect(review?.startDate.isDate).toBe(false);
    expect(review?.startDate.toJSDate().toISOString()).toBe('2026-12-04T09:00:00.000Z');

    // A team I left is gone from the next fetch, with its events.
    const left = await call(app, me, 'POST', `/api/teams/${second.id}/leave`, {});
    expect(left.statusCode, left.body).toBeLessThan(300);
    const after = eventsOf((await fetchFeed(url)).body).events.map((event) => event.uid);
    expect(after).not.toContain(`schedule-${elsewhere.id}@localhost`);
    expect(after).toContain(`schedule-${meeting.id}@localhost`);
  });

  it('gives a series its RRULE and the occurrences it lost as EXDATE, and a multi-day event its days', async () => {
    const series = await team('반복 팀');
    const weekly = await schedule(series.id, {
      title: '주간 회의',
      startDate: '2026-12-01T09:00:00+09:00',
      endDate: '2026-12-01T10:00:00+09:00',
      recurrenceRule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4',
    });
    // The second Tuesday is called off (이 일정만).
    const second = '2026-12-08T00:00:00.000Z';
    const dropped = await call(
      app,
      leader,
      'DELETE',
      `/api/teams/${series.id}/schedules/${weekly.id}?scope=THIS&occurrence=${second}`,
    );
    expect(dropped.statusCode, dropped.body).toBe(204);
    const trip = await schedule(series.id, {
      title: 'MT',
      startDate: '2026-12-10T00:00:00+09:00',
      endDate: '2026-12-12T00:00:00+09:00',
      allDay: true,
    });

    const issued = dataOf<CalendarFeedIssued>(
      await call(app, me, 'POST', '/api/users/me/calendar-feed'),
    );
    const { events } = eventsOf((await fetchFeed(issued.url)).body);
    const meeting = events.find((event) => event.uid.startsWith(`schedule-${weekly.id}@`));
    expect(meeting?.isRecurring()).toBe(true);
    const starts: string[] = [];
    const iterator = meeting?.iterator();
    for (let next = iterator?.next(); next; next = iterator?.next()) {
      starts.push(next.toJSDate().toISOString());
    }
    expect(starts).toEqual([
      '2026-12-01T00:00:00.000Z',
      '2026-12-15T00:00:00.000Z',
      '2026-12-22T00:00:00.000Z',
    ]);
    const mt = events.find((event) => event.uid.startsWith(`schedule-${trip.id}@`));
    expect(mt?.startDate.toString()).toBe('2026-12-10');
    // DTEND is the day after the last day (RFC 5545 3.6.1).
    expect(mt?.endDate.toString()).toBe('2026-12-13');
  });

  it('answers 404 for a replaced, revoked or made-up URL, and says whether one is active', async () => {
    const status = async () =>
      dataOf<CalendarFeedStatus>(await call(app, me, 'GET', '/api/users/me/calendar-feed'));
    const old = dataOf<CalendarFeedIssued>(
      await call(app, me, 'POST', '/api/users/me/calendar-feed'),
    );
    const renewed = dataOf<CalendarFeedIssued>(
      await call(app, me, 'POST', '/api/users/me/calendar-feed'),
    );
    expect(renewed.url).not.toBe(old.url);
    expect((await fetchFeed(old.url)).statusCode).toBe(404);
    expect((await fetchFeed(renewed.url)).statusCode).toBe(200);
    expect((await status()).active).toBe(true);

    expect((await call(app, me, 'DELETE', '/api/users/me/calendar-feed')).statusCode).toBe(204);
    const revoked = await fetchFeed(renewed.url);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json<{ detail: string }>().detail).toMatch(/[가-힣]/);
    expect(await status()).toEqual({ active: false, createdAt: null });

    for (const path of [
      '/api/calendar/feed/nothing.ics',
      '/api/calendar/feed/x',
      `/api/calendar/feed/${'a'.repeat(43)}.ics`,
    ]) {
      expect((await app.inject({ method: 'GET', url: path })).statusCode, path).toBe(404);
    }
    expect(
      (await app.inject({ method: 'POST', url: '/api/users/me/calendar-feed' })).statusCode,
    ).toBe(401);
  });

  it('downloads one event as an .ics file for members of its team only', async () => {
    const own = await team('내보내기 팀');
    const event = await schedule(own.id, {
      title: '기말 발표',
      startDate: '2026-12-15T14:00:00+09:00',
      endDate: '2026-12-15T16:00:00+09:00',
    });
    const response = await call(app, me, 'GET', `/api/calendar/schedules/${event.id}/ics`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('attachment');
    const { events } = eventsOf(response.body);
    expect(events.map((item) => [item.uid, item.summary])).toEqual([
      [`schedule-${event.id}@localhost`, '[내보내기 팀] 기말 발표'],
    ]);
    expect(events[0]?.startDate.toJSDate().toISOString()).toBe('2026-12-15T05:00:00.000Z');

    const outsider = await createUser(app, '외부인');
    const refused = await call(app, outsider, 'GET', `/api/calendar/schedules/${event.id}/ics`);
    expect([403, 404]).toContain(refused.statusCode);
    const missing = await call(app, me, 'GET', '/api/calendar/schedules/999999/ics');
    expect(missing.statusCode).toBe(404);
  });
});
