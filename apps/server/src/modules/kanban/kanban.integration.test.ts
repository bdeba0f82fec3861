import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@teamup/contracts/common';
import type { Kanban, KanbanList, Task, TaskComment } from '@teamup/contracts/kanban';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { recordStatements } from '../../../test/statements';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { kanbans, kanbanTasks } from '../../db/schema';
import { migrationsFolder } from '../../platform/server-root';

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
    await call(app, leader, 'POST', '/api/workspaces', { name: '칸반 수업' }),
  );
  for (const person of [member, outsider]) {
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
});
afterAll(async () => {
  await app.close();
});

/** A fresh team (leader leads, member joined) and its board. */
async function board() {
  teamCounter += 1;
  const team = dataOf<Team>(
    await call(app, leader, 'POST', '/api/teams', {
      name: `칸반팀 ${teamCounter}`,
      workspaceId: workspace.id,
    }),
  );
  await call(app, member, 'POST', `/api/teams/${team.id}/join`, {});
  const kanban = dataOf<Kanban>(await call(app, member, 'GET', `/api/kanban/team/${team.id}`));
  return { team, kanban };
}

async function addList(kanbanId: number, name: string, order?: number) {
  const response = await call(app, member, 'POST', '/api/kanban/lists', {
    kanbanListName: name,
    kanbanId,
    ...(order === undefined ? {} : { order }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<KanbanList>(response);
}

async function addTask(listId: number, subject: string, extra: object = {}, by = member) {
  const response = await call(app, by, 'POST', '/api/kanban/tasks', {
    subject,
    kanbanListId: listId,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<Task>(response);
}

const load = async (teamId: number) =>
  dataOf<Kanban>(await call(app, member, 'GET', `/api/kanban/team/${teamId}`));
const subjects = (kanban: Kanban, listId: number) =>
  kanban.kanbanLists.find((list) => list.id === listId)?.tasks.map((task) => task.subject);

describe('kanban board', () => {
  it('tells the workspace when a team’s board changes', async () => {
    const { team, kanban } = await board();
    const events: unknown[] = [];
    const stop = await app.context.bus.subscribe(`workspace.${workspace.id}`, (event) => {
      events.push(event);
    });
    const list = await addList(kanban.id, '할 일');
    await addTask(list.id, '알림 카드');
    await stop();
    const changed = {
      type: 'TEAM_CONTENT_CHANGED',
      workspaceId: workspace.id,
      teamId: team.id,
      area: 'KANBAN',
      eventId: expect.any(Number) as unknown,
    };
    expect(events).toEqual([changed, changed]);
  });

  it('makes one board per team on first use, for members only', async () => {
    const { team, kanban } = await board();
    expect(kanban).toMatchObject({ teamId: team.id, kanbanLists: [] });
    const again = dataOf<Kanban>(
      await call(app, leader, 'POST', '/api/kanban', { teamId: team.id }),
    );
    expect(again.id).toBe(kanban.id);
    expectProblem(
      await call(app, outsider, 'GET', `/api/kanban/team/${team.id}`),
      403,
      'TEAM_NOT_MEMBER',
    );
    expectProblem(
      await call(app, outsider, 'POST', '/api/kanban/lists', {
        kanbanListName: 'x',
        kanbanId: kanban.id,
      }),
      403,
      'TEAM_NOT_MEMBER',
    );
  });

  it('a team has its board from the moment it is made; reading a board never writes', async () => {
    const team = dataOf<Team>(
      await call(app, leader, 'POST', '/api/teams', {
        name: '보드와 함께',
        workspaceId: workspace.id,
      }),
    );
    const db = app.context.database.db;
    const [made] = await db.select().from(kanbans).where(eq(kanbans.teamId, team.id));
    expect(made).toBeDefined();

    // A board gone (as for a team made before boards came with teams): a GET answers 404 and
    // makes nothing; the spec's POST /kanban makes it; migration 0015 makes the missing ones.
    await db.delete(kanbans).where(eq(kanbans.teamId, team.id));
    expectProblem(
      await call(app, leader, 'GET', `/api/kanban/team/${team.id}`),
      404,
      'KANBAN_NOT_FOUND',
    );
    expect(await db.select().from(kanbans).where(eq(kanbans.teamId, team.id))).toEqual([]);
    const backfill = await fs.readFile(
      path.join(migrationsFolder, '0015_board_with_every_team.sql'),
      'utf8',
    );
    await db.execute(sql.raw(backfill));
    const loaded = dataOf<Kanban>(await call(app, leader, 'GET', `/api/kanban/team/${team.id}`));
    expect(loaded).toMatchObject({ teamId: team.id, kanbanLists: [] });
    await db.execute(sql.raw(backfill)); // runs again without a second board
    expect(await db.select().from(kanbans).where(eq(kanbans.teamId, team.id))).toHaveLength(1);
  });

  it('reads a whole board in one statement, with every field as the per-part reads gave it', async () => {
    const { team, kanban } = await board();
    const todo = await addList(kanban.id, '할 일');
    const done = await addList(kanban.id, '완료');
    const first = await addTask(todo.id, '첫 카드', {
      content: '내용',
      deadline: '2026-12-01',
      assigneeIds: [member.userId, leader.userId],
    });
    await addTask(todo.id, '둘째 카드');
    await addTask(done.id, '끝난 카드');
    await call(app, member, 'POST', `/api/kanban/tasks/${first.id}/comments`, { comment: '댓글' });

    const { result: loaded, statements: recorded } = await recordStatements(
      app,
      () => load(team.id),
      { settle: false },
    );
    const statements = recorded.map((statement) => statement.query);
    // The access check, then the board: nothing per list, task or assignee.
    const boardReads = statements.filter((query) => /kanban/i.test(query));
    expect(boardReads).toHaveLength(1);
    expect(loaded.kanbanLists.map((list) => list.kanbanListName)).toEqual(['할 일', '완료']);
    expect(subjects(loaded, todo.id)).toEqual(['첫 카드', '둘째 카드']);
    const card = loaded.kanbanLists[0]!.tasks[0]!;
    expect(card).toMatchObject({
      id: first.id,
      content: '내용',
      deadline: '2026-12-01',
      order: 0,
      commentCount: 1,
      isApproved: false,
    });
    expect(card.members.map((person) => person.accountId).sort()).toEqual(
      [member.userId, leader.userId].sort(),
    );
    expect(new Date(card.createdAt).toISOString()).toBe(card.createdAt);
    // The same card as a task's own answer shows it (an edit that changes nothing).
    const single = dataOf<Task>(
      await call(app, member, 'PUT', `/api/kanban/tasks/${first.id}`, { subject: '첫 카드' }),
    );
    expect({ ...card, updatedAt: '' }).toEqual({ ...single, updatedAt: '' });
  });

  it('creates, renames, reorders and deletes lists; deleting a list deletes its tasks', async () => {
    const { team, kanban } = await board();
    const todo = await addList(kanban.id, '할 일');
    const doing = await addList(kanban.id, '진행 중');
    const done = await addList(kanban.id, '완료');
    const first = await addList(kanban.id, '아이디어', 0);
    let loaded = await load(team.id);
    expect(loaded.kanbanLists.map((l) => [l.kanbanListName, l.order])).toEqual([
      ['아이디어', 0],
      ['할 일', 1],
      ['진행 중', 2],
      ['완료', 3],
    ]);
    const renamed = await call(app, member, 'PUT', `/api/kanban/lists/${doing.id}`, {
      kanbanListName: '  작업 중  ',
      order: 3,
    });
    expect(dataOf<KanbanList>(renamed)).toMatchObject({ kanbanListName: '작업 중', order: 3 });
    loaded = await load(team.id);
    expect(loaded.kanbanLists.map((l) => l.id)).toEqual([first.id, todo.id, done.id, doing.id]);
    expectProblem(
      await call(app, member, 'PUT', `/api/kanban/lists/${doing.id}`, { kanbanListName: '   ' }),
      400,
      'VALIDATION_FAILED',
    );

    const task = await addTask(todo.id, '지워질 카드');
    await call(app, member, 'POST', `/api/kanban/tasks/${task.id}/comments`, { comment: '댓글' });
    expect((await call(app, member, 'DELETE', `/api/kanban/lists/${todo.id}`)).statusCode).toBe(
      204,
    );
    expectProblem(
      await call(app, member, 'PUT', `/api/kanban/tasks/${task.id}`, { subject: '살아있나' }),
      404,
      'KANBAN_TASK_NOT_FOUND',
    );
    expect((await load(team.id)).kanbanLists.map((l) => l.id)).toEqual([
      first.id,
      done.id,
      doing.id,
    ]);
  });

  it('creates tasks with assignees filtered to the team and moves them between lists', async () => {
    const { team, kanban } = await board();
    const todo = await addList(kanban.id, '할 일');
    const done = await addList(kanban.id, '완료');
    const task = await addTask(todo.id, '로그인 화면', {
      content: '디자인 시안대로',
      deadline: '2026-12-24',
      assigneeIds: [leader.userId, member.userId, outsider.userId, 999999],
    });
    expect(task).toMatchObject({
      subject: '로그인 화면',
      content: '디자인 시안대로',
      deadline: '2026-12-24',
      order: 0,
      isApproved: false,
      completionRequested: false,
    });
    expect(task.members.map((m) => m.accountId).sort()).toEqual(
      [leader.userId, member.userId].sort(),
    );
    await addTask(todo.id, '회원가입');
    await addTask(todo.id, '맨 앞', { order: 0 });
    expect(subjects(await load(team.id), todo.id)).toEqual(['맨 앞', '로그인 화면', '회원가입']);

    const moved = await call(app, member, 'PUT', `/api/kanban/tasks/${task.id}`, {
      kanbanListId: done.id,
      order: 0,
    });
    expect(dataOf<Task>(moved)).toMatchObject({ kanbanListId: done.id, order: 0 });
    let loaded = await load(team.id);
    expect(subjects(loaded, todo.id)).toEqual(['맨 앞', '회원가입']);
    expect(subjects(loaded, done.id)).toEqual(['로그인 화면']);
    // Within a list: to the end.
    const [head] = loaded.kanbanLists[0]?.tasks ?? [];
    await call(app, member, 'PUT', `/api/kanban/tasks/${head?.id}`, { order: 5 });
    loaded = await load(team.id);
    expect(subjects(loaded, todo.id)).toEqual(['회원가입', '맨 앞']);

    const edited = await call(app, member, 'PUT', `/api/kanban/tasks/${task.id}`, {
      deadline: null,
      assigneeIds: [outsider.userId],
    });
    expect(dataOf<Task>(edited)).toMatchObject({ deadline: null, members: [] });
    expectProblem(
      await call(app, member, 'POST', '/api/kanban/tasks', { subject: ' ', kanbanListId: todo.id }),
      400,
      'VALIDATION_FAILED',
    );
    expectProblem(
      await call(app, member, 'POST', '/api/kanban/tasks', {
        subject: '잘못된 날짜',
        kanbanListId: todo.id,
        deadline: '24/12/2026',
      }),
      400,
      'VALIDATION_FAILED',
    );
    // Not onto another team's board.
    const other = await board();
    const foreign = await addList(other.kanban.id, '남의 리스트');
    expectProblem(
      await call(app, member, 'PUT', `/api/kanban/tasks/${task.id}`, { kanbanListId: foreign.id }),
      400,
      'KANBAN_CROSS_BOARD',
    );
  });

  it('keeps one consistent order when members move cards at the same time', async () => {
    const { team, kanban } = await board();
    const left = await addList(kanban.id, '왼쪽');
    const right = await addList(kanban.id, '오른쪽');
    const tasks: Task[] = [];
    for (let i = 0; i < 12; i += 1) tasks.push(await addTask(left.id, `카드 ${i}`));
    // Everyone drops a card at the top of the right list at once, and a few reorder the left.
    const moves = [
      ...tasks.slice(0, 8).map((task, i) =>
        call(app, i % 2 ? leader : member, 'PUT', `/api/kanban/tasks/${task.id}`, {
          kanbanListId: right.id,
          order: 0,
        }),
      ),
      ...tasks
        .slice(8)
        .map((task) => call(app, leader, 'PUT', `/api/kanban/tasks/${task.id}`, { order: 0 })),
    ];
    const answers = await Promise.all(moves);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);

    const loaded = await load(team.id);
    const leftTasks = loaded.kanbanLists.find((l) => l.id === left.id)?.tasks ?? [];
    const rightTasks = loaded.kanbanLists.find((l) => l.id === right.id)?.tasks ?? [];
    expect(rightTasks.map((t) => t.id).sort()).toEqual(
      tasks
        .slice(0, 8)
        .map((t) => t.id)
        .sort(),
    );
    expect(leftTasks.map((t) => t.id).sort()).toEqual(
      tasks
        .slice(8)
        .map((t) => t.id)
        .sort(),
    );
    expect(rightTasks.map((t) => t.order)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(leftTasks.map((t) => t.order)).toEqual([0, 1, 2, 3]);
    // Every card got its own key (the moves were applied one after another, not on top of
    // each other), so reading again gives the very same order.
    for (const [listId, count] of [
      [left.id, 4],
      [right.id, 8],
    ] as const) {
      const keys = await app.context.database.db
        .select({ position: kanbanTasks.position })
        .from(kanbanTasks)
        .where(eq(kanbanTasks.listId, listId));
      expect(new Set(keys.map((k) => k.position)).size).toBe(count);
    }
    expect((await load(team.id)).kanbanLists).toEqual(loaded.kanbanLists);
    // A later single move lands exactly where asked among them.
    const last = rightTasks[7] as Task;
    await call(app, member, 'PUT', `/api/kanban/tasks/${last.id}`, { order: 3 });
    const after = (await load(team.id)).kanbanLists.find((l) => l.id === right.id)?.tasks ?? [];
    expect(after[3]?.id).toBe(last.id);
    expect(after.map((t) => t.id).filter((id) => id !== last.id)).toEqual(
      rightTasks.slice(0, 7).map((t) => t.id),
    );
  });

  it('runs completion: request, leader-only approval or rejection, and team progress', async () => {
    const { team, kanban } = await board();
    const list = await addList(kanban.id, '할 일');
    const a = await addTask(list.id, 'A');
    const b = await addTask(list.id, 'B');
    await addTask(list.id, 'C');
    await addTask(list.id, 'D');

    // Approving what nobody asked for is refused.
    expectProblem(
      await call(app, leader, 'POST', `/api/kanban/cards/${a.id}/completion-approval`, {
        approved: true,
      }),
      409,
      'TASK_NOT_REQUESTED',
    );
    const requested = await call(
      app,
      member,
      'POST',
      `/api/kanban/cards/${a.id}/completion-request`,
      {
        message: '  확인 부탁드립니다  ',
      },
    );
    expect(dataOf<Task>(requested)).toMatchObject({
      completionRequested: true,
      completionRequestMessage: '확인 부탁드립니다',
      completionRequesterId: member.userId,
      isApproved: false,
    });
    expectProblem(
      await call(app, member, 'POST', `/api/kanban/cards/${a.id}/completion-request`, {}),
      409,
      'TASK_ALREADY_REQUESTED',
    );
    // The requester is not the approver; nor can isApproved be set around the rule.
    expectProblem(
      await call(app, member, 'POST', `/api/kanban/cards/${a.id}/completion-approval`, {
        approved: true,
      }),
      403,
      'KANBAN_LEADER_ONLY',
    );
    expectProblem(
      await call(app, member, 'PUT', `/api/kanban/tasks/${a.id}`, { isApproved: true }),
      403,
      'KANBAN_LEADER_ONLY',
    );
    const approved = await call(
      app,
      leader,
      'POST',
      `/api/kanban/cards/${a.id}/completion-approval`,
      {
        approved: true,
        approvalMessage: '수고했어요',
      },
    );
    expect(dataOf<Task>(approved)).toMatchObject({
      isApproved: true,
      completionRequested: false,
      approvalMessage: '수고했어요',
    });
    expect(dataOf<Team>(await call(app, member, 'GET', `/api/teams/${team.id}`)).progress).toBe(25);
    const cards = dataOf<Team[]>(
      await call(app, member, 'GET', `/api/teams/workspace/${workspace.id}`),
    );
    expect(cards.find((card) => card.id === team.id)?.progress).toBe(25);
    expectProblem(
      await call(app, member, 'POST', `/api/kanban/cards/${a.id}/completion-request`, {}),
      409,
      'TASK_ALREADY_APPROVED',
    );

    // A rejection sends the card back to normal with the leader's message; it can be asked again.
    await call(app, member, 'POST', `/api/kanban/cards/${b.id}/completion-request`, {});
    const rejected = await call(
      app,
      leader,
      'POST',
      `/api/kanban/cards/${b.id}/completion-approval`,
      {
        approved: false,
        approvalMessage: '테스트가 없어요',
      },
    );
    expect(dataOf<Task>(rejected)).toMatchObject({
      isApproved: false,
      completionRequested: false,
      rejected: true,
      approvalMessage: '테스트가 없어요',
    });
    const again = await call(
      app,
      member,
      'POST',
      `/api/kanban/cards/${b.id}/completion-request`,
      {},
    );
    expect(dataOf<Task>(again)).toMatchObject({ completionRequested: true, rejected: false });

    // The leader may approve by requesting themselves; an outsider cannot touch the card.
    const c = (await load(team.id)).kanbanLists[0]?.tasks[2] as Task;
    await call(app, leader, 'POST', `/api/kanban/cards/${c.id}/completion-request`, {});
    expect(
      (
        await call(app, leader, 'POST', `/api/kanban/cards/${c.id}/completion-approval`, {
          approved: true,
        })
      ).statusCode,
    ).toBe(200);
    expect(dataOf<Team>(await call(app, member, 'GET', `/api/teams/${team.id}`)).progress).toBe(50);
    expectProblem(
      await call(app, outsider, 'POST', `/api/kanban/cards/${b.id}/completion-request`, {}),
      403,
      'TEAM_NOT_MEMBER',
    );
  });

  it('moves an approved card to the board’s done list; one done list, moved by the leader only', async () => {
    const { team, kanban } = await board();
    const todo = await addList(kanban.id, '할 일');
    const doing = await addList(kanban.id, '진행 중');
    // The starter lists: a member may mark the first done list of a board.
    const doneResponse = await call(app, member, 'POST', '/api/kanban/lists', {
      kanbanListName: '완료',
      kanbanId: kanban.id,
      isDoneList: true,
    });
    expect(doneResponse.statusCode, doneResponse.body).toBe(201);
    const done = dataOf<KanbanList>(doneResponse);
    expect(done.isDoneList).toBe(true);
    expect(todo.isDoneList).toBe(false);
    // A card made in the done list is the leader's to make, and is approved (decision 0040).
    const old = dataOf<Task>(
      await call(app, leader, 'POST', '/api/kanban/tasks', {
        subject: '이미 끝난 일',
        kanbanListId: done.id,
      }),
    );
    expect(old.isApproved).toBe(true);
    const report = await addTask(todo.id, '보고서');
    const slides = await addTask(doing.id, '슬라이드');

    // Approval through the review: the card leaves '할 일' for the top of '완료'.
    await call(app, member, 'POST', `/api/kanban/cards/${report.id}/completion-request`, {});
    const approved = dataOf<Task>(
      await call(app, leader, 'POST', `/api/kanban/cards/${report.id}/completion-approval`, {
        approved: true,
      }),
    );
    expect(approved).toMatchObject({ isApproved: true, kanbanListId: done.id, order: 0 });
    let loaded = await load(team.id);
    expect(subjects(loaded, todo.id)).toEqual([]);
    expect(subjects(loaded, done.id)).toEqual(['보고서', '이미 끝난 일']);

    // A rejection leaves the card where it is, with the reason.
    await call(app, member, 'POST', `/api/kanban/cards/${slides.id}/completion-request`, {});
    const rejected = dataOf<Task>(
      await call(app, leader, 'POST', `/api/kanban/cards/${slides.id}/completion-approval`, {
        approved: false,
        approvalMessage: '출처를 넣어주세요',
      }),
    );
    expect(rejected).toMatchObject({
      kanbanListId: doing.id,
      rejected: true,
      approvalMessage: '출처를 넣어주세요',
    });

    // Only the leader moves the mark; there is never more than one done list.
    expectProblem(
      await call(app, member, 'PUT', `/api/kanban/lists/${doing.id}`, { isDoneList: true }),
      403,
      'KANBAN_LEADER_ONLY',
    );
    expectProblem(
      await call(app, member, 'POST', '/api/kanban/lists', {
        kanbanListName: '끝',
        kanbanId: kanban.id,
        isDoneList: true,
      }),
      403,
      'KANBAN_LEADER_ONLY',
    );
    // Renaming is still anyone's; sending the mark unchanged is not a change.
    const renamed = await call(app, member, 'PUT', `/api/kanban/lists/${done.id}`, {
      kanbanListName: '완료됨',
      isDoneList: true,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Approval by the leader's PUT isApproved moves the card to the done list too.
    const direct = dataOf<Task>(
      await call(app, leader, 'PUT', `/api/kanban/tasks/${slides.id}`, { isApproved: true }),
    );
    expect(direct).toMatchObject({ isApproved: true, kanbanListId: done.id, order: 0 });
    // Moving the mark: the approved cards follow it (decision 0040).
    const moved = await call(app, leader, 'PUT', `/api/kanban/lists/${doing.id}`, {
      isDoneList: true,
    });
    expect(dataOf<KanbanList>(moved).isDoneList).toBe(true);
    loaded = await load(team.id);
    expect(loaded.kanbanLists.filter((list) => list.isDoneList).map((list) => list.id)).toEqual([
      doing.id,
    ]);
    expect(subjects(loaded, doing.id)).toEqual(['슬라이드', '보고서', '이미 끝난 일']);

    // Without a done list, an approved card stays where it is.
    await call(app, leader, 'PUT', `/api/kanban/lists/${doing.id}`, { isDoneList: false });
    const last = await addTask(todo.id, '마지막');
    await call(app, member, 'POST', `/api/kanban/cards/${last.id}/completion-request`, {});
    const stays = dataOf<Task>(
      await call(app, leader, 'POST', `/api/kanban/cards/${last.id}/completion-approval`, {
        approved: true,
      }),
    );
    expect(stays).toMatchObject({ isApproved: true, kanbanListId: todo.id });
    expect((await load(team.id)).kanbanLists.some((list) => list.isDoneList)).toBe(false);
    expect(old.kanbanListId).toBe(done.id);
  });

  describe('the done list follows the approval (decision 0040)', () => {
    const put = (by: TestUser, taskId: number, body: object) =>
      call(app, by, 'PUT', `/api/kanban/tasks/${taskId}`, body);
    const progressOf = async (teamId: number) =>
      dataOf<Team>(await call(app, member, 'GET', `/api/teams/${teamId}`)).progress;

    /** In the done list if and only if approved; progress is the done column's share. */
    async function expectAgreement(teamId: number) {
      const loaded = await load(teamId);
      const tasks = loaded.kanbanLists.flatMap((list) => list.tasks);
      const doneList = loaded.kanbanLists.find((list) => list.isDoneList);
      for (const task of tasks) {
        expect(task.isApproved, task.subject).toBe(task.kanbanListId === doneList?.id);
      }
      const column = doneList?.tasks.length ?? 0;
      const expected = tasks.length === 0 ? 0 : Math.round((100 * column) / tasks.length);
      expect(await progressOf(teamId)).toBe(expected);
      return loaded;
    }

    async function doneBoard() {
      const { team, kanban } = await board();
      const todo = await addList(kanban.id, '할 일');
      const doing = await addList(kanban.id, '진행 중');
      const doneResponse = await call(app, member, 'POST', '/api/kanban/lists', {
        kanbanListName: '완료',
        kanbanId: kanban.id,
        isDoneList: true,
      });
      const done = dataOf<KanbanList>(doneResponse);
      return { team, kanban, todo, doing, done };
    }

    it('a member’s drop into the done list asks for completion; the card stays', async () => {
      const { team, todo, done } = await doneBoard();
      const a = await addTask(todo.id, 'A');
      await addTask(todo.id, 'B');
      const dropped = await put(member, a.id, { kanbanListId: done.id, order: 0 });
      expect(dropped.statusCode, dropped.body).toBe(200);
      expect(dataOf<Task>(dropped)).toMatchObject({
        kanbanListId: todo.id,
        order: 0,
        isApproved: false,
        completionRequested: true,
        completionRequesterId: member.userId,
        completionRequestMessage: null,
      });
      expect(subjects(await expectAgreement(team.id), done.id)).toEqual([]);
      // Dropped again while waiting: the request's own refusal.
      expectProblem(
        await put(member, a.id, { kanbanListId: done.id, order: 0 }),
        409,
        'TASK_ALREADY_REQUESTED',
      );
      // The leader approves: the card moves; progress is the done column's 1 of 2.
      await call(app, leader, 'POST', `/api/kanban/cards/${a.id}/completion-approval`, {
        approved: true,
      });
      expect(subjects(await expectAgreement(team.id), done.id)).toEqual(['A']);
      expect(await progressOf(team.id)).toBe(50);
    });

    it('a member may reorder the done list but not take an approved card out of it', async () => {
      const { team, todo, done } = await doneBoard();
      const a = await addTask(todo.id, 'A');
      const b = await addTask(todo.id, 'B');
      for (const task of [a, b]) {
        await put(leader, task.id, { kanbanListId: done.id, order: 0 });
      }
      expect(subjects(await expectAgreement(team.id), done.id)).toEqual(['B', 'A']);
      expectProblem(
        await put(member, a.id, { kanbanListId: todo.id, order: 0 }),
        403,
        'KANBAN_LEADER_ONLY',
      );
      const reordered = await put(member, a.id, { kanbanListId: done.id, order: 0 });
      expect(reordered.statusCode, reordered.body).toBe(200);
      expect(subjects(await expectAgreement(team.id), done.id)).toEqual(['A', 'B']);
      expect(await progressOf(team.id)).toBe(100);
    });

    it('a reviewer’s drop approves, taking a card out un-approves', async () => {
      const { team, todo, doing, done } = await doneBoard();
      const a = await addTask(todo.id, 'A');
      const b = await addTask(doing.id, 'B');
      await call(app, member, 'POST', `/api/kanban/cards/${b.id}/completion-request`, {});
      const approved = dataOf<Task>(await put(leader, a.id, { kanbanListId: done.id, order: 0 }));
      expect(approved).toMatchObject({ kanbanListId: done.id, isApproved: true });
      const reviewed = dataOf<Task>(await put(leader, b.id, { kanbanListId: done.id, order: 1 }));
      expect(reviewed).toMatchObject({
        kanbanListId: done.id,
        order: 1,
        isApproved: true,
        completionRequested: false,
      });
      await expectAgreement(team.id);
      expect(await progressOf(team.id)).toBe(100);
      const back = dataOf<Task>(await put(leader, a.id, { kanbanListId: doing.id, order: 0 }));
      expect(back).toMatchObject({ kanbanListId: doing.id, isApproved: false });
      await expectAgreement(team.id);
      expect(await progressOf(team.id)).toBe(50);
    });

    it('isApproved in the PUT takes the card to or from the done list, never against it', async () => {
      const { team, todo, doing, done } = await doneBoard();
      const a = await addTask(doing.id, 'A');
      const b = await addTask(doing.id, 'B');
      // Approved with only an order: into the done list at that order.
      expect(dataOf<Task>(await put(leader, a.id, { isApproved: true, order: 0 }))).toMatchObject({
        kanbanListId: done.id,
        isApproved: true,
      });
      // Approved while being sent elsewhere, or un-approved into the done list: refused.
      expectProblem(
        await put(leader, b.id, { isApproved: true, kanbanListId: todo.id }),
        409,
        'KANBAN_DONE_LIST_MISMATCH',
      );
      expectProblem(
        await put(leader, a.id, { isApproved: false, kanbanListId: done.id, order: 0 }),
        409,
        'KANBAN_DONE_LIST_MISMATCH',
      );
      // Un-approved where it stands: to the top of the board's first other list.
      expect(dataOf<Task>(await put(leader, a.id, { isApproved: false }))).toMatchObject({
        kanbanListId: todo.id,
        order: 0,
        isApproved: false,
      });
      expectProblem(await put(member, b.id, { isApproved: true }), 403, 'KANBAN_LEADER_ONLY');
      await expectAgreement(team.id);
    });

    it('cards made in the done list are the leader’s and approved', async () => {
      const { team, todo, done } = await doneBoard();
      await addTask(todo.id, 'A');
      expectProblem(
        await call(app, member, 'POST', '/api/kanban/tasks', {
          subject: '바로 완료',
          kanbanListId: done.id,
        }),
        403,
        'KANBAN_LEADER_ONLY',
      );
      const made = await addTask(done.id, '팀장이 완료', {}, leader);
      expect(made.isApproved).toBe(true);
      await expectAgreement(team.id);
      expect(await progressOf(team.id)).toBe(50);
    });

    it('marking, unmarking, renaming and deleting the done list keep the agreement', async () => {
      const { team, kanban, todo, doing, done } = await doneBoard();
      const a = await addTask(todo.id, 'A');
      const b = await addTask(doing.id, 'B');
      await addTask(doing.id, 'C');
      await put(leader, a.id, { kanbanListId: done.id, order: 0 });
      // Renaming is not marking: nothing moves.
      await call(app, member, 'PUT', `/api/kanban/lists/${done.id}`, { kanbanListName: '끝' });
      await expectAgreement(team.id);
      // A list holding unapproved cards cannot become the done list.
      expectProblem(
        await call(app, leader, 'PUT', `/api/kanban/lists/${doing.id}`, { isDoneList: true }),
        409,
        'KANBAN_DONE_LIST_MISMATCH',
      );
      // An empty one can; the approved cards follow the mark.
      const next = await addList(kanban.id, '검수 완료');
      const marked = await call(app, leader, 'PUT', `/api/kanban/lists/${next.id}`, {
        isDoneList: true,
      });
      expect(marked.statusCode, marked.body).toBe(200);
      let loaded = await expectAgreement(team.id);
      expect(subjects(loaded, next.id)).toEqual(['A']);
      expect(subjects(loaded, done.id)).toEqual([]);
      // Without a done list an approval stays where the card is; marking a list gathers them.
      await call(app, leader, 'PUT', `/api/kanban/lists/${next.id}`, { isDoneList: false });
      await call(app, member, 'POST', `/api/kanban/cards/${b.id}/completion-request`, {});
      await call(app, leader, 'POST', `/api/kanban/cards/${b.id}/completion-approval`, {
        approved: true,
      });
      expect(await progressOf(team.id)).toBe(67);
      await call(app, leader, 'PUT', `/api/kanban/lists/${done.id}`, { isDoneList: true });
      loaded = await expectAgreement(team.id);
      expect(subjects(loaded, done.id)).toEqual(['B', 'A']);
      // Deleting the done list deletes its cards: progress counts what is left.
      await call(app, leader, 'DELETE', `/api/kanban/lists/${done.id}`);
      loaded = await expectAgreement(team.id);
      expect(loaded.kanbanLists.some((list) => list.isDoneList)).toBe(false);
      expect(await progressOf(team.id)).toBe(0);
    });
  });

  it('a done list marked at once by two leaders’ calls stays one', async () => {
    const { team, kanban } = await board();
    const lists = [
      await addList(kanban.id, 'A'),
      await addList(kanban.id, 'B'),
      await addList(kanban.id, 'C'),
    ];
    const answers = await Promise.all(
      lists.map((list) =>
        call(app, leader, 'PUT', `/api/kanban/lists/${list.id}`, { isDoneList: true }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect((await load(team.id)).kanbanLists.filter((list) => list.isDoneList)).toHaveLength(1);
  });

  it('pages task comments by 4; only the author edits or deletes', async () => {
    const { kanban } = await board();
    const list = await addList(kanban.id, '할 일');
    const task = await addTask(list.id, '댓글 카드');
    const url = `/api/kanban/tasks/${task.id}/comments`;
    for (let i = 1; i <= 6; i += 1) {
      const made = await call(app, i % 2 ? member : leader, 'POST', url, {
        comment: `의견 ${i}`,
        kanbanTaskId: task.id,
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    const first = dataOf<Page<TaskComment>>(await call(app, member, 'GET', url));
    expect(first.content.map((c) => c.comment)).toEqual(['의견 1', '의견 2', '의견 3', '의견 4']);
    expect(first).toMatchObject({ totalPages: 2, totalElements: 6 });
    const mine = first.content[0] as TaskComment;
    expect(mine).toMatchObject({
      accountId: member.userId,
      authorName: '팀원',
      kanbanTaskId: task.id,
    });
    expectProblem(
      await call(app, leader, 'PUT', `${url}/${mine.id}`, { comment: '남의 댓글' }),
      403,
      'AUTHOR_ONLY',
    );
    expectProblem(await call(app, leader, 'DELETE', `${url}/${mine.id}`), 403, 'AUTHOR_ONLY');
    const edited = await call(app, member, 'PUT', `${url}/${mine.id}`, { comment: '고친 의견' });
    expect(dataOf<TaskComment>(edited).comment).toBe('고친 의견');
    expectProblem(
      await call(app, member, 'POST', url, { comment: '   ' }),
      400,
      'VALIDATION_FAILED',
    );
    expect((await call(app, member, 'DELETE', `${url}/${mine.id}`)).statusCode).toBe(204);
    expectProblem(await call(app, outsider, 'GET', url), 403, 'TEAM_NOT_MEMBER');
    expect(
      (
        await load(
          (await call(app, member, 'GET', `/api/kanban/team/${kanban.teamId}`)).json<{
            data: Kanban;
          }>().data.teamId,
        )
      ).kanbanLists[0]?.tasks[0]?.commentCount,
    ).toBe(5);
  });
});
