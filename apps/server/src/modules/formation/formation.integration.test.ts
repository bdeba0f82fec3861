import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRoom, SseTicket } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import type { Formation } from '@teamup/contracts/formation';
import { balancedDraw, diceDraw, ladderDraw } from '@teamup/contracts/formation-draw';
import type { Notification } from '@teamup/contracts/notifications';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { openSse } from '../../../test/sse-client';
import { createTestApp, listenLocally, type TestApp } from '../../../test/test-app';
import { chatRooms } from '../../db/schema';
import { sweepDeadlines } from './formation.service';

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
    // Each has its kanban board from the start (made in the same transaction as the team).
    for (const teamId of confirmed.createdTeamIds ?? []) {
      const board = await call(app, owner, 'GET', `/api/kanban/team/${teamId}`);
      expect(board.statusCode, board.body).toBe(200);
    }

    // Each new team has its group chat, and its members were told.
    const rooms = dataOf<Page<ChatRoom>>(
      await call(app, people[2] ?? owner, 'GET', `/api/workspaces/${workspace.id}/chat-rooms`),
    );
    expect(rooms.content.map((room) => room.name)).toContain('B조');
    // ...linked to its team, so that it follows the team's later members (migration 0028).
    const linked = await app.context.database.db
      .select({ name: chatRooms.name, teamId: chatRooms.teamId })
      .from(chatRooms)
      .where(inArray(chatRooms.teamId, confirmed.createdTeamIds ?? []));
    expect(linked.map((room) => room.name).sort()).toEqual(['A조', 'B조']);
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

describe('vote deadlines and notices', () => {
  const HOUR = 60 * 60 * 1000;
  const inbox = async (user: TestUser) =>
    dataOf<Page<Notification>>(await call(app, user, 'GET', '/api/notifications?size=100')).content;
  const voteNotes = async (user: TestUser, formationId: number) =>
    (await inbox(user)).filter(
      (note) => note.kind === 'FORMATION_VOTE' && note.link.endsWith(`session=${formationId}`),
    );
  /** The app's context with its clock moved on: what a sweep on any instance would see then. */
  const at = (ms: number) => ({ ...app.context, now: () => new Date(ms) });

  it('refuses a deadline in the past or within a minute', async () => {
    for (const deadline of [new Date(Date.now() - HOUR), new Date(Date.now() + 30_000)]) {
      expectProblem(
        await call(app, owner, 'POST', base(), {
          method: 'VOTE',
          participantIds: ids(),
          teamCount: 2,
          deadline: deadline.toISOString(),
        }),
        400,
        'VALIDATION_FAILED',
      );
    }
  });

  it('tells every participant live that a vote opened, with a link to it', async () => {
    const baseUrl = await listenLocally(app);
    const ticket = dataOf<SseTicket>(
      await call(app, people[1] ?? owner, 'POST', '/api/sse/register'),
    );
    const stream = await openSse(`${baseUrl}/api/sse/subscribe?ticket=${ticket.ticket}`);
    try {
      const session = await start({
        method: 'VOTE',
        participantIds: ids().slice(0, 3),
        teamCount: 2,
      });
      const live = await stream.waitFor((events) =>
        events.some(
          (event) =>
            event.data['type'] === 'NOTIFICATION_CREATED' &&
            (event.data['notification'] as Notification).kind === 'FORMATION_VOTE',
        ),
      );
      const pushed = live.find((event) => event.data['type'] === 'NOTIFICATION_CREATED');
      expect(pushed?.data['notification']).toMatchObject({
        kind: 'FORMATION_VOTE',
        message: '[팀 구성 수업] 팀 구성 희망 투표가 시작되었습니다. 원하는 팀 순서를 골라주세요.',
        link: `/team-formation/vote?ws=${workspace.id}&session=${session.id}`,
      });
      for (const person of people.slice(0, 3)) {
        expect(await voteNotes(person, session.id)).toHaveLength(1);
      }
      // Not a participant, and not the one who opened it.
      expect(await voteNotes(people[4] ?? owner, session.id)).toHaveLength(0);
      expect(await voteNotes(owner, session.id)).toHaveLength(0);
      // Dice, ladder and manual sessions send no such notice.
      const dice = await start({ method: 'DICE', participantIds: ids(), teamCount: 2 });
      expect(await voteNotes(people[0] ?? owner, dice.id)).toHaveLength(0);
    } finally {
      stream.close();
    }
  });

  it('reminds those yet to vote once before the deadline, then closes the vote by itself', async () => {
    const opened = Date.now();
    const deadline = opened + 3 * HOUR;
    const session = await start({
      method: 'VOTE',
      participantIds: ids().slice(0, 4),
      teamCount: 2,
      teamNames: ['기획', '개발'],
      capacities: [2, 2],
      deadline: new Date(deadline).toISOString(),
    });
    const [first, second, third, fourth] = people as [TestUser, TestUser, TestUser, TestUser];
    for (const [person, ranking] of [
      [first, [1, 0]],
      [second, [1, 0]],
    ] as const) {
      const voted = await call(app, person, 'PUT', `/api/formations/${session.id}/vote`, {
        ranking,
      });
      expect(voted.statusCode, voted.body).toBe(200);
    }
    const seen = dataOf<Formation>(await call(app, owner, 'GET', `/api/formations/${session.id}`));
    expect(seen.votes).toBe(2);
    expect(seen.voterIds).toEqual([first.userId, second.userId].sort((a, b) => a - b));

    // Too early: nothing happens.
    expect(await sweepDeadlines(at(opened + HOUR))).toEqual({ reminded: 0, closed: 0 });
    // An hour before the deadline, on two instances at once: one reminder, to those yet to vote.
    const due = at(deadline - HOUR + 1000);
    const rounds = await Promise.all([sweepDeadlines(due), sweepDeadlines(due)]);
    expect(rounds.map((round) => round.reminded).sort()).toEqual([0, 1]);
    await sweepDeadlines(at(deadline - 1000));
    for (const person of [third, fourth]) {
      const notes = (await voteNotes(person, session.id)).map((note) => note.message);
      expect(notes).toContain(
        '[팀 구성 수업] 팀 구성 투표 마감까지 1시간 남았습니다. 아직 투표하지 않으셨어요.',
      );
      expect(notes).toHaveLength(2); // opened, reminded once
    }
    for (const person of [first, second]) {
      expect(await voteNotes(person, session.id)).toHaveLength(1); // opened only
    }

    // At the deadline, swept on two instances at once: closed and drawn once.
    const after = at(deadline + 1000);
    const closes = await Promise.all([sweepDeadlines(after), sweepDeadlines(after)]);
    expect(closes.map((round) => round.closed).sort()).toEqual([0, 1]);
    const drawn = dataOf<Formation>(await call(app, owner, 'GET', `/api/formations/${session.id}`));
    expect(drawn.status).toBe('DRAWN');
    expect(drawn.seed).not.toBeNull();
    // Both voters got their first choice; those who did not vote take the places left.
    expect(drawn.result).toEqual([1, 1, 0, 0]);
    expect(drawn.ranks).toEqual([0, 0, null, null]);
    expect(
      createHash('sha256')
        .update(drawn.seed ?? '')
        .digest('hex'),
    ).toBe(drawn.seedHash);
    // The one who opened it is told it closed; nobody can vote any more; the owner confirms.
    expect((await voteNotes(owner, session.id)).map((note) => note.message)).toEqual([
      '[팀 구성 수업] 팀 구성 투표가 마감 시각에 닫혔습니다. 결과를 확인하고 확정해주세요.',
    ]);
    expectProblem(
      await call(app, third, 'PUT', `/api/formations/${session.id}/vote`, { ranking: [0, 1] }),
      409,
      'FORMATION_WRONG_STATE',
    );
    expectProblem(
      await call(app, owner, 'POST', `/api/formations/${session.id}/draw`),
      409,
      'FORMATION_WRONG_STATE',
    );
    expect(await sweepDeadlines(at(deadline + HOUR))).toEqual({ reminded: 0, closed: 0 });
    const confirmed = await call(app, owner, 'POST', `/api/formations/${session.id}/confirm`);
    expect(dataOf<Formation>(confirmed).status).toBe('CONFIRMED');
  });

  it('a short vote is reminded halfway; a vote closed by hand is neither reminded nor closed again', async () => {
    const opened = Date.now();
    const deadline = opened + 20 * 60 * 1000;
    const short = await start({
      method: 'VOTE',
      participantIds: ids().slice(0, 2),
      teamCount: 2,
      deadline: new Date(deadline).toISOString(),
    });
    expect((await sweepDeadlines(at(opened + 9 * 60 * 1000))).reminded).toBe(0);
    expect((await sweepDeadlines(at(opened + 10 * 60 * 1000 + 1000))).reminded).toBe(1);
    const note = (await voteNotes(people[0] ?? owner, short.id)).find((item) =>
      item.message.includes('남았습니다'),
    );
    expect(note?.message).toContain('마감까지 10분 남았습니다');

    const closedEarly = await start({
      method: 'VOTE',
      participantIds: ids().slice(0, 2),
      teamCount: 2,
      deadline: new Date(deadline).toISOString(),
    });
    await call(app, owner, 'POST', `/api/formations/${closedEarly.id}/draw`);
    expect(await sweepDeadlines(at(deadline + 1000))).toEqual({ reminded: 0, closed: 1 }); // `short`
    expect(await voteNotes(people[0] ?? owner, closedEarly.id)).toHaveLength(1); // opened only
    expect(await voteNotes(owner, closedEarly.id)).toHaveLength(0);
  });
});
