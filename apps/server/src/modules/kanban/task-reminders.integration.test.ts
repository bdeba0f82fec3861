import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@teamup/contracts/common';
import type { Kanban, KanbanList, Task } from '@teamup/contracts/kanban';
import type { Notification } from '@teamup/contracts/notifications';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { deadlineDueAt } from './task-reminders';

/*
 * Issue 44's reminders before a card's deadline and the leader's morning digest. The app's clock
 * is the test's; the runner goes by the database's clock, so a job is made due by moving its
 * due time to the database's past (as the digest tests do).
 */

let app: TestApp;
let leader: TestUser;
let member: TestUser;
let other: TestUser;
let workspace: Workspace;
let teamCounter = 0;
/** The test's clock. */
let now = new Date('2037-12-01T00:00:00Z');

beforeAll(async () => {
  app = await createTestApp({}, { now: () => new Date(now) });
  leader = await createUser(app, '팀장');
  member = await createUser(app, '담당자');
  other = await createUser(app, '다른팀원');
  workspace = dataOf<Workspace>(
    await call(app, leader, 'POST', '/api/workspaces', { name: '리마인더 수업' }),
  );
  for (const person of [member, other]) {
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
});
afterAll(async () => {
  await app.close();
});

async function board() {
  teamCounter += 1;
  const team = dataOf<Team>(
    await call(app, leader, 'POST', '/api/teams', {
      name: `리마인더팀 ${teamCounter}`,
      workspaceId: workspace.id,
    }),
  );
  for (const person of [member, other]) {
    await call(app, person, 'POST', `/api/teams/${team.id}/join`, {});
  }
  const kanban = dataOf<Kanban>(await call(app, member, 'GET', `/api/kanban/team/${team.id}`));
  const list = dataOf<KanbanList>(
    await call(app, member, 'POST', '/api/kanban/lists', {
      kanbanListName: '할 일',
      kanbanId: kanban.id,
    }),
  );
  return { team, list };
}

async function addTask(listId: number, subject: string, extra: object) {
  const response = await call(app, member, 'POST', '/api/kanban/tasks', {
    subject,
    kanbanListId: listId,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<Task>(response);
}

type JobRow = { key: string; status: string; dueAt: Date | string };
async function jobsLike(prefix: string): Promise<JobRow[]> {
  const result = (await app.context.database.db.execute(sql`
    SELECT key, status, due_at AS "dueAt" FROM scheduled_jobs
    WHERE starts_with(key, ${prefix}) ORDER BY key`)) as { rows: JobRow[] };
  return result.rows.map((row) => ({ ...row, dueAt: new Date(row.dueAt).toISOString() }));
}
const taskJobs = (taskId: number) => jobsLike(`kanban.task-reminder:${taskId}:`);

/** Makes the job of `key` due now by the database's clock and waits until the runner ran it. */
async function runNow(key: string) {
  await app.context.database.db.execute(
    sql`UPDATE scheduled_jobs SET due_at = now() - interval '1 second' WHERE key = ${key}`,
  );
  await expect.poll(async () => (await jobsLike(key))[0]?.status, { timeout: 10_000 }).toBe('done');
}

async function noticesOf(user: TestUser, kind: Notification['kind']) {
  const page = dataOf<Page<Notification>>(
    await call(app, user, 'GET', '/api/notifications?size=100'),
  );
  return page.content.filter((notice) => notice.kind === kind);
}

const hours = (count: number) => count * 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();

describe('task reminders', () => {
  it('are due 24 h and 1 h before a deadline, and move with it', async () => {
    const { list } = await board();
    const deadline = '2037-12-03T09:00:00.000Z';
    const task = await addTask(list.id, '보고서', { deadline, assigneeIds: [member.userId] });
    const due = Date.parse(deadline);
    expect(await taskJobs(task.id)).toEqual([
      { key: `kanban.task-reminder:${task.id}:1H`, status: 'pending', dueAt: at(due - hours(1)) },
      { key: `kanban.task-reminder:${task.id}:24H`, status: 'pending', dueAt: at(due - hours(24)) },
    ]);
    const moved = '2037-12-05T12:00:00.000Z';
    await call(app, member, 'PUT', `/api/kanban/tasks/${task.id}`, { deadline: moved });
    expect((await taskJobs(task.id)).map((job) => job.dueAt)).toEqual([
      at(Date.parse(moved) - hours(1)),
      at(Date.parse(moved) - hours(24)),
    ]);
    // A deadline only 2 hours away: the 24 h reminder's time has passed, it is not sent.
    const soon = at(now.getTime() + hours(2));
    await call(app, member, 'PUT', `/api/kanban/tasks/${task.id}`, { deadline: soon });
    expect((await taskJobs(task.id)).map((job) => job.key)).toEqual([
      `kanban.task-reminder:${task.id}:1H`,
    ]);
  });

  it('takes a calendar day as due at its end, 24:00 in Seoul', async () => {
    expect(deadlineDueAt('2037-12-03').toISOString()).toBe('2037-12-03T15:00:00.000Z');
    const { list } = await board();
    const task = await addTask(list.id, '발표', { deadline: '2037-12-03', assigneeIds: [] });
    expect((await taskJobs(task.id)).map((job) => job.dueAt)).toEqual([
      '2037-12-03T14:00:00.000Z',
      '2037-12-02T15:00:00.000Z',
    ]);
  });

  it('reminds the assignees who want it, with a link to the card, and nobody else', async () => {
    const { team, list } = await board();
    // The other member wants only the reminder a day before.
    const settings = dataOf<object>(await call(app, other, 'GET', '/api/notifications/delivery'));
    await call(app, other, 'PUT', '/api/notifications/delivery', {
      ...settings,
      taskReminders: ['24H'],
    });
    const task = await addTask(list.id, '설문 정리', {
      deadline: '2037-12-02T10:00:00.000Z',
      assigneeIds: [member.userId, other.userId],
    });
    await runNow(`kanban.task-reminder:${task.id}:1H`);
    const [notice] = (await noticesOf(member, 'TASK_DUE_SOON')).filter((n) =>
      n.link.endsWith(`task=${task.id}`),
    );
    expect(notice?.message).toBe(`[${team.name}] '설문 정리' 마감까지 1시간 남았습니다.`);
    expect(notice?.link).toBe(`/ws/${workspace.id}/team/${team.id}?tab=kanban&task=${task.id}`);
    expect(
      (await noticesOf(other, 'TASK_DUE_SOON')).filter((n) => n.link.endsWith(`task=${task.id}`)),
    ).toEqual([]);
    expect(
      (await noticesOf(leader, 'TASK_DUE_SOON')).filter((n) => n.link.endsWith(`task=${task.id}`)),
    ).toEqual([]);
    await call(app, other, 'PUT', '/api/notifications/delivery', settings);
  });

  it('are cancelled by approval and deletion, and a card approved meanwhile is never nagged about', async () => {
    const { list } = await board();
    const extra = { deadline: '2037-12-04T10:00:00.000Z', assigneeIds: [member.userId] };
    const approved = await addTask(list.id, '승인될 카드', extra);
    await call(app, leader, 'PUT', `/api/kanban/tasks/${approved.id}`, { isApproved: true });
    expect(await taskJobs(approved.id)).toEqual([]);
    const deleted = await addTask(list.id, '지울 카드', extra);
    await call(app, member, 'DELETE', `/api/kanban/tasks/${deleted.id}`);
    expect(await taskJobs(deleted.id)).toEqual([]);
    // Approved behind the scheduler's back (no write of ours): the check at send time holds.
    const sneaky = await addTask(list.id, '몰래 승인된 카드', extra);
    await app.context.database.db.execute(
      sql`UPDATE kanban_tasks SET is_approved = true WHERE id = ${sneaky.id}`,
    );
    await runNow(`kanban.task-reminder:${sneaky.id}:24H`);
    expect(
      (await noticesOf(member, 'TASK_DUE_SOON')).filter((n) =>
        n.link.endsWith(`task=${sneaky.id}`),
      ),
    ).toEqual([]);
  });

  it('do not remind a person unassigned before the reminder, nor one who left the team', async () => {
    const { team, list } = await board();
    const task = await addTask(list.id, '바뀐 담당', {
      deadline: '2037-12-04T10:00:00.000Z',
      assigneeIds: [member.userId, other.userId],
    });
    await call(app, member, 'PUT', `/api/kanban/tasks/${task.id}`, { assigneeIds: [other.userId] });
    await runNow(`kanban.task-reminder:${task.id}:24H`);
    const mine = (user: TestUser) =>
      noticesOf(user, 'TASK_DUE_SOON').then((all) =>
        all.filter((n) => n.link.endsWith(`task=${task.id}`)),
      );
    expect(await mine(member)).toEqual([]);
    expect((await mine(other)).map((n) => n.message)).toEqual([
      `[${team.name}] '바뀐 담당' 마감까지 24시간 남았습니다.`,
    ]);
    // The remaining assignee leaves the team: the 1 h reminder finds nobody.
    await call(app, other, 'POST', `/api/teams/${team.id}/leave`, {});
    await runNow(`kanban.task-reminder:${task.id}:1H`);
    expect(await mine(other)).toHaveLength(1);
  });
});

describe("the leader's morning digest", () => {
  const digestJobs = (teamId: number) => jobsLike(`kanban.overdue-digest:${teamId}:`);

  it('comes at 09:00 in Seoul with the count of overdue cards, linking to the board', async () => {
    const { team, list } = await board();
    await addTask(list.id, '지난 카드 1', { deadline: '2037-11-29' });
    await addTask(list.id, '지난 카드 2', { deadline: '2037-11-30T10:00:00.000Z' });
    await addTask(list.id, '남은 카드', { deadline: '2037-12-09' });
    const approved = await addTask(list.id, '승인된 지난 카드', { deadline: '2037-11-28' });
    await call(app, leader, 'PUT', `/api/kanban/tasks/${approved.id}`, { isApproved: true });
    // 00:00 UTC is 09:00 in Seoul: the next digest is the next day's.
    const [job] = await digestJobs(team.id);
    expect(job).toMatchObject({ status: 'pending', dueAt: '2037-12-02T00:00:00.000Z' });
    now = new Date('2037-12-02T00:00:05Z');
    await runNow(job?.key ?? '');
    const notices = (await noticesOf(leader, 'OVERDUE_DIGEST')).filter((n) =>
      n.message.startsWith(`[${team.name}]`),
    );
    expect(notices.map((n) => [n.message, n.link])).toEqual([
      [
        `[${team.name}] 기한이 지났는데 아직 승인되지 않은 카드가 2개 있습니다.`,
        `/ws/${workspace.id}/team/${team.id}?tab=kanban`,
      ],
    ]);
    // Only the leader hears of it; the run scheduled the next day's under a key of its own.
    expect(await noticesOf(member, 'OVERDUE_DIGEST')).toEqual([]);
    expect((await digestJobs(team.id)).map((row) => [row.status, row.dueAt])).toEqual([
      ['done', expect.any(String)],
      ['pending', '2037-12-03T00:00:00.000Z'],
    ]);
  });

  it('says nothing when no card is overdue', async () => {
    const { team, list } = await board();
    await addTask(list.id, '여유 있는 카드', { deadline: '2037-12-20' });
    const [job] = await digestJobs(team.id);
    expect(job?.dueAt).toBe('2037-12-03T00:00:00.000Z');
    now = new Date('2037-12-03T00:00:05Z');
    await runNow(job?.key ?? '');
    expect(
      (await noticesOf(leader, 'OVERDUE_DIGEST')).filter((n) =>
        n.message.startsWith(`[${team.name}]`),
      ),
    ).toEqual([]);
  });
});
