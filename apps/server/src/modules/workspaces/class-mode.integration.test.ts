import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamRead } from '@teamup/contracts/class';
import type { Page } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace, WorkspaceMember } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/*
 * Class mode (issue 45): the owner makes a workspace a class and names instructors, who name TAs;
 * both read every team without being in one, write in none, and what they read the team can see.
 */

let app: TestApp;
let owner: TestUser;
let instructor: TestUser;
let ta: TestUser;
let student: TestUser;
let other: TestUser;
let workspace: Workspace;
let team: Team;
let kanbanId: number;
let listId: number;
let postId: number;
let taskId: number;

const roleUrl = (user: TestUser) => `/api/workspaces/${workspace.id}/members/${user.userId}/role`;
const problemCode = (response: { body: string }) =>
  (JSON.parse(response.body) as { code?: string }).code;

beforeAll(async () => {
  app = await createTestApp();
  owner = await createUser(app, '교수');
  instructor = await createUser(app, '공동교수');
  ta = await createUser(app, '조교');
  student = await createUser(app, '학생');
  other = await createUser(app, '다른학생');
  workspace = dataOf<Workspace>(
    await call(app, owner, 'POST', '/api/workspaces', { name: '캡스톤 디자인' }),
  );
  for (const person of [instructor, ta, student, other]) {
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
  team = dataOf<Team>(
    await call(app, student, 'POST', '/api/teams', { name: '1조', workspaceId: workspace.id }),
  );
  const kanban = dataOf<{ id: number }>(
    await call(app, student, 'GET', `/api/kanban/team/${team.id}`),
  );
  kanbanId = kanban.id;
  listId = dataOf<{ id: number }>(
    await call(app, student, 'POST', '/api/kanban/lists', { kanbanListName: '할 일', kanbanId }),
  ).id;
  taskId = dataOf<{ id: number }>(
    await call(app, student, 'POST', '/api/kanban/tasks', {
      subject: '조사',
      kanbanListId: listId,
    }),
  ).id;
  postId = dataOf<{ id: number }>(
    await call(app, student, 'POST', `/api/teams/${team.id}/posts`, {
      title: '회의록',
      content: '첫 회의',
    }),
  ).id;
});
afterAll(async () => {
  await app.close();
});

describe('class mode', () => {
  it('names instructors and TAs only in a class, the owner anyone, an instructor only TAs', async () => {
    const early = await call(app, owner, 'PUT', roleUrl(ta), { role: 'TA' });
    expect(early.statusCode).toBe(409);
    expect(problemCode(early)).toBe(ErrorCode.CLASS_NOT_A_CLASS);

    const notOwner = await call(app, instructor, 'PUT', `/api/workspaces/${workspace.id}`, {
      isClass: true,
    });
    expect(notOwner.statusCode).toBe(403);
    const made = await call(app, owner, 'PUT', `/api/workspaces/${workspace.id}`, {
      isClass: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(dataOf<Workspace>(made).isClass).toBe(true);

    expect(
      (await call(app, owner, 'PUT', roleUrl(instructor), { role: 'INSTRUCTOR' })).statusCode,
    ).toBe(200);
    // The instructor names a TA, and may not name an admin or another instructor.
    const named = await call(app, instructor, 'PUT', roleUrl(ta), { role: 'TA' });
    expect(named.statusCode, named.body).toBe(200);
    expect(dataOf<WorkspaceMember>(named).role).toBe('TA');
    for (const role of ['ADMIN', 'INSTRUCTOR']) {
      const refused = await call(app, instructor, 'PUT', roleUrl(other), { role });
      expect(refused.statusCode, role).toBe(403);
    }
    // A TA names nobody.
    expect((await call(app, ta, 'PUT', roleUrl(other), { role: 'TA' })).statusCode).toBe(403);
    // Nobody in a team becomes staff: the student leads 1조.
    const inTeam = await call(app, owner, 'PUT', roleUrl(student), { role: 'TA' });
    expect(inTeam.statusCode).toBe(409);
    expect(problemCode(inTeam)).toBe(ErrorCode.CLASS_STAFF_ONLY);
  });

  it('keeps instructors and TAs out of every team', async () => {
    for (const staff of [instructor, ta]) {
      const join = await call(app, staff, 'POST', `/api/teams/${team.id}/join`, {});
      expect(join.statusCode).toBe(409);
      const create = await call(app, staff, 'POST', '/api/teams', {
        name: `조교팀 ${staff.userId}`,
        workspaceId: workspace.id,
      });
      expect(create.statusCode).toBe(409);
      const added = await call(app, student, 'POST', `/api/teams/${team.id}/members`, {
        userId: staff.userId,
      });
      expect([409, 404]).toContain(added.statusCode);
    }
  });

  it('lets them read every team and write in none, and logs what they read for the team', async () => {
    for (const staff of [instructor, ta]) {
      for (const url of [
        `/api/teams/${team.id}/posts`,
        `/api/posts/${postId}`,
        `/api/kanban/team/${team.id}`,
        `/api/teams/${team.id}/schedules`,
        `/api/workspaces/${workspace.id}/announcement?teamId=${team.id}`,
      ]) {
        const read = await call(app, staff, 'GET', url);
        expect(read.statusCode, `${url} ${read.body}`).toBe(200);
      }
      const writes: Array<[string, string, unknown]> = [
        ['POST', `/api/teams/${team.id}/posts`, { title: '글', content: '내용' }],
        ['POST', `/api/posts/${postId}/comments`, { content: '좋아요' }],
        ['POST', '/api/kanban/lists', { kanbanListName: '새 목록', kanbanId }],
        ['POST', '/api/kanban/tasks', { subject: '새 카드', kanbanListId: listId }],
        ['POST', `/api/kanban/tasks/${taskId}/comments`, { comment: '확인' }],
        ['PUT', `/api/kanban/tasks/${taskId}`, { subject: '바꿈' }],
        [
          'POST',
          `/api/teams/${team.id}/schedules`,
          { title: '면담', startDate: '2030-05-01T09:00:00Z', endDate: '2030-05-01T10:00:00Z' },
        ],
        [
          'POST',
          `/api/workspaces/${workspace.id}/announcement`,
          { teamId: team.id, title: '공지', content: '내용' },
        ],
      ];
      for (const [method, url, body] of writes) {
        const write = await call(app, staff, method as 'POST', url, body);
        expect(write.statusCode, `${method} ${url} ${write.body}`).toBe(403);
        expect(problemCode(write)).toBe(ErrorCode.CLASS_READ_ONLY);
      }
    }
    // A student of another team reads nothing of it.
    expect((await call(app, other, 'GET', `/api/teams/${team.id}/posts`)).statusCode).toBe(403);

    // The team sees who read what; an outsider student does not.
    const log = await call(app, student, 'GET', `/api/teams/${team.id}/read-log`);
    expect(log.statusCode, log.body).toBe(200);
    const reads = dataOf<Page<TeamRead>>(log).content;
    const seen = new Set(reads.map((read) => `${read.reader.name}:${read.role}:${read.area}`));
    for (const staff of [
      { name: '공동교수', role: 'INSTRUCTOR' },
      { name: '조교', role: 'TA' },
    ]) {
      for (const area of ['BOARD', 'KANBAN', 'SCHEDULES', 'ANNOUNCEMENTS']) {
        expect(seen, `${staff.name} ${area}`).toContain(`${staff.name}:${staff.role}:${area}`);
      }
    }
    // One row per reader, team and area in ten minutes, however often they looked.
    expect(reads.length).toBe(8);
    expect((await call(app, other, 'GET', `/api/teams/${team.id}/read-log`)).statusCode).toBe(403);
    expect((await call(app, ta, 'GET', `/api/teams/${team.id}/read-log`)).statusCode).toBe(200);
  });

  it('turns staff back into members when the class mode is turned off', async () => {
    const off = await call(app, owner, 'PUT', `/api/workspaces/${workspace.id}`, {
      isClass: false,
    });
    expect(off.statusCode).toBe(200);
    const members = dataOf<WorkspaceMember[]>(
      await call(app, owner, 'GET', `/api/workspaces/${workspace.id}/members`),
    );
    expect(
      members.filter((member) => member.role === 'INSTRUCTOR' || member.role === 'TA'),
    ).toEqual([]);
    const read = await call(app, ta, 'GET', `/api/teams/${team.id}/posts`);
    expect(read.statusCode).toBe(403);
  });
});
