import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRoom } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import type { Formation } from '@teamup/contracts/formation';
import { balancedDraw, diceDraw, ladderDraw } from '@teamup/contracts/formation-draw';
import type { Notification } from '@teamup/contracts/notifications';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
let owner: TestUser;
let people: TestUser[];
let stranger: TestUser;
let workspace: Workspace;

beforeAll(async () => {
  app = await createTestApp();
  owner = await createUser(app, '소유자');
  stranger = await createUser(app, '외부인');
  people = [];
  for (let index = 0; index < 6; index += 1) people.push(await createUser(app, `학생${index + 1}`));
  workspace = dataOf<Workspace>(
    await call(app, owner, 'POST', '/api/workspaces', { name: '팀 구성 수업' }),
  );
  for (const person of people) {
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
});
afterAll(async () => {
  await app.close();
});

const base = () => `/api/workspaces/${workspace.id}/formations`;
const ids = () => people.map((person) => person.userId);

async function start(body: object) {
  const response = await call(app, owner, 'POST', base(), body);
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<Formation>(response);
}

const sizes = (result: number[], teams: number) =>
  Array.from({ length: teams }, (_, team) => result.filter((t) => t === team).length);

describe('team formation', () => {
  it('requires authentication', async () => {
    expectProblem(await app.inject({ method: 'GET', url: base() }), 401, 'AUTH_REQUIRED');
    expectProblem(
      await app.inject({ method: 'POST', url: '/api/formations/1/confirm' }),
      401,
      'AUTH_REQUIRED',
    );
  });

  it('refuses an outsider, and members who are not owner or admin cannot start or confirm', async () => {
    expectProblem(await call(app, stranger, 'GET', base()), 403, 'WORKSPACE_FORBIDDEN');
    const body = { method: 'DICE', participantIds: ids(), teamCount: 2 };
    expectProblem(
      await call(app, people[0] ?? owner, 'POST', base(), body),
      403,
      'WORKSPACE_ADMIN_ONLY',
    );
    const session = await start(body);
    expectProblem(
      await call(app, people[0] ?? owner, 'POST', `/api/formations/${session.id}/draw`),
      403,
      'WORKSPACE_ADMIN_ONLY',
    );
    expectProblem(
      await call(app, people[0] ?? owner, 'POST', `/api/formations/${session.id}/confirm`),
      403,
      'WORKSPACE_ADMIN_ONLY',
    );
    expectProblem(
      await call(app, owner, 'POST', base(), {
        ...body,
        participantIds: [...ids(), stranger.userId],
      }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('dice: commits to the seed, reveals it with a result anyone can recompute', async () => {
    const session = await start({ method: 'DICE', participantIds: ids(), teamCount: 4 });
    expect(session.seed).toBeNull();
    expect(session.result).toBeNull();
    const drawn = dataOf<Formation>(
      await call(app, owner, 'POST', `/api/formations/${session.id}/draw`),
    );
    expect(drawn.seedHash).toBe(session.seedHash);
    expect(
      createHash('sha256')
        .update(drawn.seed ?? '')
        .digest('hex'),
    ).toBe(session.seedHash);
    expect(drawn.result).toEqual(diceDraw(drawn.seed ?? '', 6, 4).teams);
    const counts = sizes(drawn.result ?? [], 4);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    expectProblem(
      await call(app, owner, 'POST', `/api/formations/${session.id}/draw`),
      409,
      'FORMATION_WRONG_STATE',
    );
  });

  it('ladder: every member sees the same ladder result', async () => {
    const session = await start({ method: 'LADDER', participantIds: ids(), teamCount: 3 });
    await call(app, owner, 'POST', `/api/formations/${session.id}/draw`);
    const seen = await Promise.all(
      people
        .slice(0, 3)
        .map(async (person) =>
          dataOf<Formation>(await call(app, person, 'GET', `/api/formations/${session.id}`)),
        ),
    );
    expect(new Set(seen.map((view) => JSON.stringify([view.seed, view.result]))).size).toBe(1);
    expect(seen[0]?.result).toEqual(ladderDraw(seen[0]?.seed ?? '', 6, 3).teams);
  });

  it('vote: the optimal assignment under capacities, with each person’s rank', async () => {
    const session = await start({
      method: 'VOTE',
      participantIds: ids().slice(0, 4),
      teamCount: 2,
      teamNames: ['프론트엔드', '백엔드'],
      capacities: [2, 2],
    });
    // Three want front-end first; the fourth wants only back-end. Optimal total rank: 1.
    const rankings = [
      [0, 1],
      [0, 1],
      [0, 1],
      [1, 0],
    ];
    for (const [index, ranking] of rankings.entries()) {
      const voted = await call(
        app,
        people[index] ?? owner,
        'PUT',
        `/api/formations/${session.id}/vote`,
        {
          ranking,
        },
      );
      expect(voted.statusCode, voted.body).toBe(200);
    }
    expectProblem(
      await call(app, people[5] ?? owner, 'PUT', `/api/formations/${session.id}/vote`, {
        ranking: [0],
      }),
      403,
      'FORMATION_FORBIDDEN',
    );
    expectProblem(
      await call(app, people[0] ?? owner, 'PUT', `/api/formations/${session.id}/vote`, {
        ranking: [0, 0],
      }),
      400,
      'VALIDATION_FAILED',
    );
    const drawn = dataOf<Formation>(
      await call(app, owner, 'POST', `/api/formations/${session.id}/draw`),
    );
    expect(sizes(drawn.result ?? [], 2)).toEqual([2, 2]);
    expect(drawn.result?.[3]).toBe(1);
    expect((drawn.ranks ?? []).reduce<number>((sum, rank) => sum + (rank ?? 99), 0)).toBe(1);
    expectProblem(
      await call(app, people[0] ?? owner, 'PUT', `/api/formations/${session.id}/vote`, {
        ranking: [1, 0],
      }),
      409,
      'FORMATION_WRONG_STATE',
    );
  });

  it('confirms once even when confirmed twice at the same time: teams, members, chats, notices', async () => {
    const session = await start({
      method: 'MANUAL',
      participantIds: ids().slice(0, 4),
      teamCount: 2,
      teamNames: ['A조', 'B조'],
    });
    expectProblem(
      await call(app, owner, 'PUT', `/api/formations/${session.id}/manual`, { result: [0, 1] }),
      400,
      'VALIDATION_FAILED',
    );
    await call(app, owner, 'PUT', `/api/formations/${session.id}/manual`, { result: [0, 0, 1, 1] });
    const before = dataOf<Team[]>(
      await call(app, owner, 'GET', `/api/teams/workspace/${workspace.id}`),
    );
    const [first, second] = await Promise.all([
      call(app, owner, 'POST', `/api/formations/${session.id}/confirm`),
      call(app, owner, 'POST', `/api/formations/${session.id}/confirm`),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const confirmed = dataOf<Formation>(first);
    expect(confirmed.status).toBe('CONFIRMED');
    expect(dataOf<Formation>(second).createdTeamIds).toEqual(confirmed.createdTeamIds);
    const after = dataOf<Team[]>(
      await call(app, owner, 'GET', `/api/teams/workspace/${workspace.id}`),
    );
    expect(after.length - before.length).toBe(2);
    const teamA = after.find((team) => team.name === 'A조');
    expect(teamA).toMatchObject({ memberCount: 2, leader: { id: people[0]?.userId } });

    // Each new team has its group chat, and its members were told.
    const rooms = dataOf<Page<ChatRoom>>(
      await call(app, people[2] ?? owner, 'GET', `/api/workspaces/${workspace.id}/chat-rooms`),
    );
    expect(rooms.content.map((room) => room.name)).toContain('B조');
    const notes = dataOf<Page<Notification>>(
      await call(app, people[2] ?? owner, 'GET', '/api/notifications'),
    ).content;
    expect(notes.find((note) => note.kind === 'FORMATION_RESULT')?.message).toBe(
      "팀 구성 결과: 'B조' 팀에 배정되었습니다.",
    );
  });

  it('balanced dice: spreads skills, shows each team’s score, and stays recomputable', async () => {
    const skills = ['디자인', '디자인', '백엔드', '백엔드'];
    for (const [index, skill] of skills.entries()) {
      await call(app, people[index] ?? owner, 'PUT', '/api/users/me', { hashtags: [skill] });
    }
    const session = await start({
      method: 'DICE',
      participantIds: ids().slice(0, 4),
      teamCount: 2,
      balanced: true,
    });
    expect(session.balanced).toBe(true);
    const drawn = dataOf<Formation>(
      await call(app, owner, 'POST', `/api/formations/${session.id}/draw`),
    );
    expect(drawn.scores).toEqual([100, 100]);
    expect(drawn.result).toEqual(balancedDraw(drawn.seed ?? '', drawn.participants, 2));
    // Traits changed after the draw do not change the recorded result or its check.
    await call(app, people[0] ?? owner, 'PUT', '/api/users/me', { hashtags: ['다른 기술'] });
    const later = dataOf<Formation>(await call(app, owner, 'GET', `/api/formations/${session.id}`));
    expect(later.participants[0]?.hashtags).toEqual(['디자인']);
  });
});
