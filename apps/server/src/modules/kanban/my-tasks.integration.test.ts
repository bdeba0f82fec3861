import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@teamup/contracts/common';
import type { Kanban, KanbanList, Task } from '@teamup/contracts/kanban';
import type { MyTask, MyTaskCount } from '@teamup/contracts/my-tasks';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/*
 * "내 할 일" (issue 44) over HTTP: the groups around midnight in Seoul, paging, filters, and that
 * the list holds only the caller's cards of teams they are still in.
 */

// Monday 30 November 2037, 23:59:30 in Seoul (14:59:30 UTC): the edge of two days and a week.
const beforeMidnight = new Date('2037-11-30T14:59:30.000Z');
const afterMidnight = new Date('2037-11-30T15:00:01.000Z');
let clock = beforeMidnight;

let app: TestApp;
let leader: TestUser;
let me: TestUser;
let other: TestUser;
let first: Workspace;
let second: Workspace;

beforeAll(async () => {
  app = await createTestApp({}, { now: () => clock });
  leader = await createUser(app, '팀장');
  me = await createUser(app, '나');
  other = await createUser(app, '다른사람');
  first = dataOf<Workspace>(await call(app, leader, 'POST', '/api/workspaces', { name: '첫째' }));
  second = dataOf<Workspace>(await call(app, leader, 'POST', '/api/workspaces', { name: '둘째' }));
  for (const workspace of [first, second]) {
    for (const person of [me, other]) {
      await call(app, person, 'POST', '/api/workspaces/join', {
        inviteCode: workspace.inviteCode,
      });
    }
  }
});
afterAll(async () => {
  await app.close();
});

/** A team of `workspace` that the leader leads and both others joined; its first list. */
async function team(workspace: Workspace, name: string) {
  const made = dataOf<Team>(
    await call(app, leader, 'POST', '/api/teams', { name, workspaceId: workspace.id }),
  );
  for (const person of [me, other]) {
    await call(app, person, 'POST', `/api/teams/${made.id}/join`, {});
  }
  const board = dataOf<Kanban>(await call(app, leader, 'GET', `/api/kanban/team/${made.id}`));
  const list = async (kanbanListName: string, isDoneList: boolean) => {
    const response = await call(app, leader, 'POST', '/api/kanban/lists', {
      kanbanListName,
      kanbanId: board.id,
      isDoneList,
    });
    expect(response.statusCode, response.body).toBe(201);
    return dataOf<KanbanList>(response);
  };
  const open = await list('진행 중', false);
  await list('완료', true);
  return { team: made, listId: open.id, listName: open.kanbanListName };
}

async function task(listId: number, subject: string, deadline: string | null, to: TestUser[]) {
  const response = await call(app, leader, 'POST', '/api/kanban/tasks', {
    subject,
    kanbanListId: listId,
    deadline,
    assigneeIds: to.map((person) => person.userId),
  });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<Task>(response);
}

async function mine(query = '', as: TestUser = me) {
  const response = await call(app, as, 'GET', `/api/users/me/tasks${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<Page<MyTask>>(response);
}

const groupsOf = (page: Page<MyTask>) =>
  Object.fromEntries(page.content.map((item) => [item.subject, item.group]));

describe('my tasks', () => {
  let main: Awaited<ReturnType<typeof team>>;

  beforeAll(async () => {
    main = await team(first, '마감 팀');
    // In the order the list must show them: overdue, today, this week, later, undated.
    await task(main.listId, '어제', '2037-11-29', [me]);
    await task(main.listId, '1분 전', '2037-11-30T14:59:00.000Z', [me, other]);
    await task(main.listId, '자정 1초 전', '2037-11-30T14:59:59.000Z', [me]);
    await task(main.listId, '오늘', '2037-11-30', [me]);
    await task(main.listId, '화요일 0시', '2037-11-30T15:00:00.000Z', [me]);
    await task(main.listId, '일요일 밤', '2037-12-06T14:59:59.000Z', [me]);
    await task(main.listId, '일요일', '2037-12-06', [me]);
    await task(main.listId, '다음 월요일 0시', '2037-12-06T15:00:00.000Z', [me]);
    await task(main.listId, '다음 월요일', '2037-12-07', [me]);
    await task(main.listId, '언젠가', null, [me]);
    await task(main.listId, '남의 일', '2037-11-29', [other]);
  });

  it('groups by the day in Seoul, overdue first, then by due time', async () => {
    clock = beforeMidnight;
    const page = await mine();
    expect(page.content.map((item) => [item.subject, item.group])).toEqual([
      ['어제', 'OVERDUE'],
      ['1분 전', 'OVERDUE'],
      ['자정 1초 전', 'TODAY'],
      ['오늘', 'TODAY'],
      ['화요일 0시', 'THIS_WEEK'],
      ['일요일 밤', 'THIS_WEEK'],
      ['일요일', 'THIS_WEEK'],
      ['다음 월요일 0시', 'LATER'],
      ['다음 월요일', 'LATER'],
      ['언젠가', 'NO_DATE'],
    ]);
    const first = page.content[0];
    expect(first?.team).toEqual({ id: main.team.id, name: '마감 팀' });
    expect(first?.workspace).toEqual({ id: main.team.workspaceId, name: '첫째' });
    expect(first?.list).toMatchObject({ id: main.listId, name: main.listName, isDoneList: false });
    expect(first).toMatchObject({ done: false, isApproved: false, completionRequested: false });
    const count = dataOf<MyTaskCount>(await call(app, me, 'GET', '/api/users/me/tasks/count'));
    expect(count).toEqual({ open: 10, overdue: 2 });
  });

  it('moves today to overdue at midnight in Seoul, while the UTC day is still the same', async () => {
    clock = afterMidnight;
    try {
      const groups = groupsOf(await mine());
      expect(groups).toMatchObject({
        오늘: 'OVERDUE',
        '자정 1초 전': 'OVERDUE',
        '화요일 0시': 'OVERDUE',
        일요일: 'THIS_WEEK',
        '다음 월요일 0시': 'LATER',
      });
      const count = dataOf<MyTaskCount>(await call(app, me, 'GET', '/api/users/me/tasks/count'));
      expect(count).toEqual({ open: 10, overdue: 5 });
      // In the person's own time zone (their delivery settings) it is still Monday afternoon.
      const settings = await call(app, me, 'PUT', '/api/notifications/delivery', {
        digest: 'OFF',
        quietHours: { enabled: false, start: '23:00', end: '08:00', allowMentions: false },
        timeZone: 'UTC',
      });
      expect(settings.statusCode, settings.body).toBe(200);
      expect(groupsOf(await mine())).toMatchObject({
        오늘: 'TODAY',
        '자정 1초 전': 'OVERDUE',
        // A due time already past is overdue in every zone.
        '화요일 0시': 'OVERDUE',
        '일요일 밤': 'THIS_WEEK',
        '다음 월요일 0시': 'THIS_WEEK',
        '다음 월요일': 'LATER',
      });
    } finally {
      await call(app, me, 'PUT', '/api/notifications/delivery', {
        digest: 'OFF',
        quietHours: { enabled: false, start: '23:00', end: '08:00', allowMentions: false },
        timeZone: 'Asia/Seoul',
      });
      clock = beforeMidnight;
    }
  });

  it('pages through the same order and filters by group', async () => {
    const all = (await mine()).content.map((item) => item.id);
    const pages = [
      await mine('?size=4'),
      await mine('?size=4&page=1'),
      await mine('?size=4&page=2'),
    ];
    expect(pages.flatMap((page) => page.content.map((item) => item.id))).toEqual(all);
    expect(
      pages.map((page) => [page.totalElements, page.totalPages, page.first, page.last]),
    ).toEqual([
      [10, 3, true, false],
      [10, 3, false, false],
      [10, 3, false, true],
    ]);
    const past = await mine('?size=4&page=7');
    expect(past.content).toEqual([]);
    expect(past.totalElements).toBe(10);

    const week = await mine('?group=THIS_WEEK');
    expect(week.content.map((item) => item.subject)).toEqual(['화요일 0시', '일요일 밤', '일요일']);
    expect(week.totalElements).toBe(3);
  });

  it('shows approved cards only when asked, and counts only the open ones', async () => {
    const approved = await task(main.listId, '끝낸 일', '2037-11-20', [me]);
    const review = await call(app, leader, 'PUT', `/api/kanban/tasks/${approved.id}`, {
      isApproved: true,
    });
    expect(review.statusCode, review.body).toBe(200);
    expect((await mine()).content.map((item) => item.id)).not.toContain(approved.id);
    const withDone = await mine('?includeDone=true');
    expect(withDone.content.find((item) => item.id === approved.id)).toMatchObject({
      done: true,
      isApproved: true,
      group: 'OVERDUE',
      list: { isDoneList: true },
    });
    const count = dataOf<MyTaskCount>(await call(app, me, 'GET', '/api/users/me/tasks/count'));
    expect(count).toEqual({ open: 10, overdue: 2 });
  });

  it('holds every workspace and team I am in, filters by either, and drops a team I left', async () => {
    const elsewhere = await team(second, '둘째 팀');
    const there = await task(elsewhere.listId, '다른 워크스페이스', '2037-12-01', [me]);
    const leaving = await team(first, '떠날 팀');
    const gone = await task(leaving.listId, '떠날 팀의 일', '2037-11-01', [me]);

    const ids = (page: Page<MyTask>) => page.content.map((item) => item.id);
    expect(ids(await mine())).toEqual(expect.arrayContaining([there.id, gone.id]));
    expect(ids(await mine(`?workspaceId=${second.id}`))).toEqual([there.id]);
    expect(ids(await mine(`?teamId=${leaving.team.id}`))).toEqual([gone.id]);

    const left = await call(app, me, 'POST', `/api/teams/${leaving.team.id}/leave`, {});
    expect(left.statusCode, left.body).toBeLessThan(300);
    expect(ids(await mine())).not.toContain(gone.id);
    expect(ids(await mine(`?teamId=${leaving.team.id}`))).toEqual([]);
    const count = dataOf<MyTaskCount>(await call(app, me, 'GET', '/api/users/me/tasks/count'));
    expect(count.open).toBe(11);
  });

  it('never shows another person’s cards', async () => {
    const theirs = await mine('?size=100', other);
    expect(theirs.content.map((item) => item.subject).sort()).toEqual(['1분 전', '남의 일'].sort());
    const minePage = await mine('?size=100');
    expect(minePage.content.map((item) => item.subject)).not.toContain('남의 일');
    const stranger = await createUser(app, '낯선 사람');
    expect((await mine('', stranger)).totalElements).toBe(0);
    expect(
      dataOf<MyTaskCount>(await call(app, stranger, 'GET', '/api/users/me/tasks/count')),
    ).toEqual({ open: 0, overdue: 0 });
  });

  it('refuses bad filters with a Korean problem and asks for a login', async () => {
    expectProblem(
      await call(app, me, 'GET', '/api/users/me/tasks?group=SOON'),
      400,
      'VALIDATION_FAILED',
    );
    expectProblem(
      await call(app, me, 'GET', '/api/users/me/tasks?size=1000'),
      400,
      'VALIDATION_FAILED',
    );
    expectProblem(
      await call(app, me, 'GET', '/api/users/me/tasks?teamId=-3'),
      400,
      'VALIDATION_FAILED',
    );
    const anonymous = await app.inject({ method: 'GET', url: '/api/users/me/tasks' });
    expect(anonymous.statusCode).toBe(401);
  });
});
