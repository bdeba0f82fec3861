import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Topics, type LiveEvent } from '@teamup/contracts/events';
import type { ChatRoom } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import type { Team, TeamMember } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

/** A workspace with its owner and `count` more members. */
async function workspaceWith(count: number) {
  const owner = await createUser(app, '소유자');
  const created = await call(app, owner, 'POST', '/api/workspaces', { name: '프로젝트 수업' });
  const workspace = dataOf<Workspace>(created);
  const people: TestUser[] = [];
  for (let i = 0; i < count; i += 1) {
    const person = await createUser(app, `팀원${i + 1}`);
    const joined = await call(app, person, 'POST', '/api/workspaces/join', {
      inviteCode: workspace.inviteCode,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    people.push(person);
  }
  return { owner, workspace, people };
}

async function createTeam(user: TestUser, workspaceId: number, body: Record<string, unknown> = {}) {
  const response = await call(app, user, 'POST', '/api/teams', {
    name: '프론트엔드',
    workspaceId,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<Team>(response);
}

const getTeam = async (user: TestUser, teamId: number) =>
  dataOf<Team>(await call(app, user, 'GET', `/api/teams/${teamId}`));

const joinTeam = (user: TestUser, teamId: number, password?: string) =>
  call(app, user, 'POST', `/api/teams/${teamId}/join`, password === undefined ? {} : { password });

const leaveTeam = (user: TestUser, teamId: number, whenLast?: 'DELETE' | 'KEEP') =>
  call(app, user, 'POST', `/api/teams/${teamId}/leave`, whenLast ? { whenLast } : {});

describe('teams', () => {
  it('requires authentication on every call', async () => {
    const calls: Array<[Parameters<typeof call>[2], string]> = [
      ['GET', '/api/teams/workspace/1'],
      ['POST', '/api/teams'],
      ['GET', '/api/teams/1'],
      ['PUT', '/api/teams/1'],
      ['DELETE', '/api/teams/1'],
      ['POST', '/api/teams/1/join'],
      ['POST', '/api/teams/1/leave'],
      ['GET', '/api/teams/1/members'],
      ['POST', '/api/teams/1/members'],
      ['DELETE', '/api/teams/1/members/2'],
    ];
    for (const [method, url] of calls) {
      expectProblem(await call(app, null, method, url, {}), 401, 'AUTH_REQUIRED');
    }
  });

  it('refuses someone outside the workspace', async () => {
    const { owner, workspace } = await workspaceWith(0);
    const team = await createTeam(owner, workspace.id);
    const outsider = await createUser(app);
    const refused: Array<[Parameters<typeof call>[2], string, unknown?]> = [
      ['GET', `/api/teams/workspace/${workspace.id}`],
      ['POST', '/api/teams', { name: '침입', workspaceId: workspace.id }],
      ['GET', `/api/teams/${team.id}`],
      ['PUT', `/api/teams/${team.id}`, { name: '바꿈' }],
      ['POST', `/api/teams/${team.id}/join`, {}],
      ['GET', `/api/teams/${team.id}/members`],
      ['POST', `/api/teams/${team.id}/members`, { userId: String(outsider.userId) }],
    ];
    for (const [method, url, body] of refused) {
      expectProblem(await call(app, outsider, method, url, body), 403, 'WORKSPACE_FORBIDDEN');
    }
    expectProblem(await call(app, owner, 'GET', '/api/teams/999999'), 404, 'TEAM_NOT_FOUND');
  });

  it('creates a team led by its creator, with the name rules of the spec', async () => {
    const { workspace, people } = await workspaceWith(1);
    const [creator] = people as [TestUser];
    const team = await createTeam(creator, workspace.id, {
      name: '  데이터 분석  ',
      description: '주간 회의는 월요일',
      workspaceId: String(workspace.id),
    });
    expect(team).toMatchObject({
      name: '데이터 분석',
      description: '주간 회의는 월요일',
      workspaceId: workspace.id,
      passwordProtected: false,
      leader: { id: creator.userId, name: '팀원1' },
      memberCount: 1,
      progress: 0,
      isMember: true,
    });
    // Its own bulletin board, made with it.
    expect(team.bulletinBoardId).toBeGreaterThan(0);
    const blank = expectProblem(
      await call(app, creator, 'POST', '/api/teams', { name: ' ', workspaceId: workspace.id }),
      400,
      'VALIDATION_FAILED',
    );
    expect(blank.detail).toBe('팀 이름을 입력해주세요.');
    expectProblem(
      await call(app, creator, 'POST', '/api/teams', {
        name: 'ㄱ'.repeat(51),
        workspaceId: workspace.id,
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect((await createTeam(creator, workspace.id, { name: 'ㄴ'.repeat(50) })).name).toHaveLength(
      50,
    );
    expectProblem(
      await call(app, creator, 'POST', '/api/teams', { name: '팀' }),
      400,
      'VALIDATION_FAILED',
    );
    expectProblem(
      await call(app, creator, 'POST', '/api/teams', { name: '팀', workspaceId: 999999 }),
      404,
      'WORKSPACE_NOT_FOUND',
    );
  });

  it("tells the workspace's live listeners that a team was made, so their team lists refetch", async () => {
    const { workspace, people } = await workspaceWith(1);
    const [creator] = people as [TestUser];
    const events: LiveEvent[] = [];
    const unsubscribe = await app.context.bus.subscribe(Topics.workspace(workspace.id), (event) => {
      events.push(event as LiveEvent);
    });
    try {
      const team = await createTeam(creator, workspace.id, { name: '새 팀' });
      await expect
        .poll(() => events.filter((event) => event.type === 'TEAM_MEMBERSHIP_CHANGED'))
        .toEqual([
          expect.objectContaining({
            type: 'TEAM_MEMBERSHIP_CHANGED',
            workspaceId: workspace.id,
            teamId: team.id,
            userId: creator.userId,
            change: 'JOINED',
          }),
        ]);
    } finally {
      await unsubscribe();
    }
  });

  it('gives a team made by hand its team room, as formation does, shown to its creator live', async () => {
    const { workspace, people } = await workspaceWith(1);
    const [creator, other] = [people[0], await createUser(app)] as [TestUser, TestUser];
    const events: LiveEvent[] = [];
    const unsubscribe = await app.context.bus.subscribe(Topics.user(creator.userId), (event) => {
      events.push(event as LiveEvent);
    });
    try {
      const team = await createTeam(creator, workspace.id, { name: '디자인팀' });
      const rooms = dataOf<Page<ChatRoom>>(
        await call(app, creator, 'GET', `/api/workspaces/${workspace.id}/chat-rooms`),
      ).content;
      const room = rooms.find((candidate) => candidate.name === team.name);
      expect(room).toMatchObject({ type: 'GROUP', workspaceId: workspace.id, memberCount: 1 });
      // The chat side panel refetches its list on this event (use-chat-rooms-live-sync).
      await expect
        .poll(() => events.filter((event) => event.type === 'CHAT_MEMBER_JOINED'))
        .toEqual([expect.objectContaining({ chatRoomId: room?.id, userId: creator.userId })]);
      // Nobody else is in it: someone outside the workspace does not even see the workspace's rooms.
      expect(
        (await call(app, other, 'GET', `/api/workspaces/${workspace.id}/chat-rooms`)).statusCode,
      ).toBe(403);
    } finally {
      await unsubscribe();
    }
  });

  it('lists every team of the workspace and marks the caller’s own', async () => {
    const { owner, workspace, people } = await workspaceWith(1);
    const [member] = people as [TestUser];
    const mine = await createTeam(member, workspace.id, { name: '내 팀' });
    const theirs = await createTeam(owner, workspace.id, { name: '남의 팀', password: 'team-pw' });
    const listed = dataOf<Team[]>(
      await call(app, member, 'GET', `/api/teams/workspace/${workspace.id}`),
    );
    expect(listed.map((team) => [team.id, team.isMember, team.passwordProtected])).toEqual([
      [mine.id, true, false],
      [theirs.id, false, true],
    ]);
  });

  it('joins an open team once; joining again is a conflict', async () => {
    const { owner, workspace, people } = await workspaceWith(1);
    const [member] = people as [TestUser];
    const team = await createTeam(owner, workspace.id);
    const joined = await joinTeam(member, team.id);
    expect(dataOf<Team>(joined)).toMatchObject({ isMember: true, memberCount: 2 });
    const again = expectProblem(await joinTeam(member, team.id), 409, 'TEAM_ALREADY_MEMBER');
    expect(again.detail).toBe('이미 참여 중인 팀입니다.');
  });

  it('asks for the password of a protected team', async () => {
    const { owner, workspace, people } = await workspaceWith(2);
    const [first, second] = people as [TestUser, TestUser];
    const team = await createTeam(owner, workspace.id, { password: 'letmein' });
    expect(team.passwordProtected).toBe(true);
    expectProblem(await joinTeam(first, team.id), 403, 'TEAM_PASSWORD_REQUIRED');
    const wrong = expectProblem(await joinTeam(first, team.id, 'nope'), 403, 'TEAM_PASSWORD_WRONG');
    expect(wrong.detail).toBe('잘못된 비밀번호이거나 참여에 실패했습니다.');
    expect((await joinTeam(first, team.id, 'letmein')).statusCode).toBe(200);

    // The team dialog joins through /members with the ids sent as strings.
    const viaMembers = await call(app, second, 'POST', `/api/teams/${team.id}/members`, {
      userId: String(second.userId),
      password: 'letmein',
    });
    expect(viaMembers.statusCode, viaMembers.body).toBe(200);
    expect(dataOf<TeamMember>(viaMembers)).toMatchObject({ id: second.userId, teamRole: 'MEMBER' });
    expect((await getTeam(owner, team.id)).memberCount).toBe(3);
  });

  it('hands leadership to the longest member when the leader leaves', async () => {
    const { owner, workspace, people } = await workspaceWith(2);
    const [early, late] = people as [TestUser, TestUser];
    const team = await createTeam(owner, workspace.id);
    await joinTeam(early, team.id);
    await joinTeam(late, team.id);
    const left = await leaveTeam(owner, team.id);
    expect(dataOf<{ teamDeleted: boolean }>(left)).toEqual({ teamDeleted: false });
    expect((await getTeam(early, team.id)).leader).toEqual({ id: early.userId, name: '팀원1' });
    const roster = dataOf<TeamMember[]>(
      await call(app, late, 'GET', `/api/teams/${team.id}/members`),
    );
    expect(roster.map((m) => [m.id, m.teamRole])).toEqual([
      [early.userId, 'LEADER'],
      [late.userId, 'MEMBER'],
    ]);
    expectProblem(await leaveTeam(owner, team.id), 403, 'TEAM_NOT_MEMBER');
  });

  it('asks the last member whether to delete or keep the team', async () => {
    const { owner, workspace, people } = await workspaceWith(1);
    const [member] = people as [TestUser];
    const kept = await createTeam(owner, workspace.id, { name: '유지할 팀' });
    expectProblem(await leaveTeam(owner, kept.id), 409, 'TEAM_LAST_MEMBER');
    expect((await getTeam(owner, kept.id)).isMember).toBe(true);

    expect(dataOf<{ teamDeleted: boolean }>(await leaveTeam(owner, kept.id, 'KEEP'))).toEqual({
      teamDeleted: false,
    });
    expect(await getTeam(member, kept.id)).toMatchObject({ memberCount: 0, leader: null });
    await joinTeam(member, kept.id);
    expect((await getTeam(member, kept.id)).leader?.id).toBe(member.userId);

    const dropped = await createTeam(owner, workspace.id, { name: '지울 팀' });
    expect(dataOf<{ teamDeleted: boolean }>(await leaveTeam(owner, dropped.id, 'DELETE'))).toEqual({
      teamDeleted: true,
    });
    expectProblem(await call(app, owner, 'GET', `/api/teams/${dropped.id}`), 404, 'TEAM_NOT_FOUND');
  });

  it('deletes a team for its leader or the workspace owner; a name sent must be exact', async () => {
    const { owner, workspace, people } = await workspaceWith(2);
    const [leader, member] = people as [TestUser, TestUser];
    const outsider = await createUser(app, '외부인');
    const team = await createTeam(leader, workspace.id, { name: '삭제 대상' });
    await joinTeam(member, team.id);
    const url = `/api/teams/${team.id}`;
    // Who may delete is told before anything about the body: no name, a name, a wrong type.
    for (const body of [undefined, { confirmName: '삭제 대상' }, { confirmName: 7 }]) {
      expectProblem(await call(app, member, 'DELETE', url, body), 403, 'TEAM_FORBIDDEN');
      expectProblem(await call(app, outsider, 'DELETE', url, body), 403, 'WORKSPACE_FORBIDDEN');
    }
    // The screen has the name typed and sends it: a wrong one is refused with its own message.
    const mismatch = expectProblem(
      await call(app, leader, 'DELETE', url, { confirmName: '삭제대상' }),
      400,
      'TEAM_NAME_MISMATCH',
    );
    expect(mismatch.detail).toBe('팀 이름이 일치하지 않습니다.');
    expect((await call(app, leader, 'GET', url)).statusCode).toBe(200);
    // The spec's API sends no body; the workspace owner may delete a team they are not even in.
    expect((await call(app, owner, 'DELETE', url)).statusCode).toBe(204);
    expectProblem(await call(app, leader, 'GET', url), 404, 'TEAM_NOT_FOUND');
    // And the leader, with the exact name, as the screen sends it.
    const second = await createTeam(leader, workspace.id, { name: '두 번째' });
    const byLeader = await call(app, leader, 'DELETE', `/api/teams/${second.id}`, {
      confirmName: '두 번째',
    });
    expect(byLeader.statusCode, byLeader.body).toBe(204);
  });

  it('lets the leader edit the team and set or remove its password', async () => {
    const { workspace, people } = await workspaceWith(2);
    const [leader, member] = people as [TestUser, TestUser];
    const team = await createTeam(leader, workspace.id);
    await joinTeam(member, team.id);
    const url = `/api/teams/${team.id}`;
    expectProblem(await call(app, member, 'PUT', url, { name: '탈취' }), 403, 'TEAM_FORBIDDEN');
    const edited = await call(app, leader, 'PUT', url, {
      name: '새 팀명',
      description: '설명',
      password: 'pw1234',
    });
    expect(dataOf<Team>(edited)).toMatchObject({
      name: '새 팀명',
      description: '설명',
      passwordProtected: true,
    });
    const cleared = await call(app, leader, 'PUT', url, { description: '', password: null });
    expect(dataOf<Team>(cleared)).toMatchObject({
      name: '새 팀명',
      description: null,
      passwordProtected: false,
    });
    expectProblem(
      await call(app, leader, 'PUT', url, { name: 'ㄱ'.repeat(51) }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('lets the leader add and remove workspace members; plain members cannot', async () => {
    const { workspace, people } = await workspaceWith(3);
    const [leader, member, newcomer] = people as [TestUser, TestUser, TestUser];
    const outsider = await createUser(app);
    const team = await createTeam(leader, workspace.id, { password: 'closed' });
    const add = (actor: TestUser, target: TestUser) =>
      call(app, actor, 'POST', `/api/teams/${team.id}/members`, { userId: String(target.userId) });

    // The leader adds without the password; the password guards self-joins only.
    expect((await add(leader, member)).statusCode).toBe(200);
    expectProblem(await add(member, newcomer), 403, 'TEAM_FORBIDDEN');
    expectProblem(await add(leader, outsider), 400, 'WORKSPACE_MEMBER_NOT_FOUND');
    expectProblem(await add(leader, member), 409, 'TEAM_ALREADY_MEMBER');

    const remove = (actor: TestUser, target: TestUser) =>
      call(app, actor, 'DELETE', `/api/teams/${team.id}/members/${target.userId}`);
    expectProblem(await remove(member, leader), 403, 'TEAM_FORBIDDEN');
    expect((await remove(leader, member)).statusCode).toBe(204);
    expectProblem(await remove(leader, member), 404, 'TEAM_NOT_MEMBER');
    // Removing yourself is leaving; the last member is asked first.
    expectProblem(await remove(leader, leader), 409, 'TEAM_LAST_MEMBER');
  });

  it('shows team members their profile fields and nothing secret', async () => {
    const { owner, workspace, people } = await workspaceWith(1);
    const [member] = people as [TestUser];
    const team = await createTeam(owner, workspace.id, { password: 'secret' });
    await call(app, owner, 'PUT', '/api/users/me', { mbti: 'enfj', introduction: '안녕하세요' });
    const response = await call(app, member, 'GET', `/api/teams/${team.id}/members`);
    expect(dataOf<TeamMember[]>(response)).toEqual([
      expect.objectContaining({
        id: owner.userId,
        email: owner.email,
        mbti: 'ENFJ',
        introduction: '안녕하세요',
        teamRole: 'LEADER',
      }),
    ]);
    expect(response.body).not.toMatch(/password|provider/i);
    const detail = await call(app, member, 'GET', `/api/teams/${team.id}`);
    expect(detail.body).not.toMatch(/passwordHash|argon2/);
  });
});
