import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRoom } from '@teamup/contracts/chat';
import type { Kanban } from '@teamup/contracts/kanban';
import type { Team } from '@teamup/contracts/teams';
import type { WebhookDelivery } from '@teamup/contracts/webhooks';
import type { Workspace } from '@teamup/contracts/workspaces';
import type { Database } from '../src/db/client';
import { AccessCaches, accessCacheOf } from '../src/platform/access-cache';
import { call, createUser, dataOf, expectProblem, type TestUser } from './factories';
import { createTestApp, openTestDatabase, type TestApp } from './test-app';

/**
 * The per-instance caches of access decisions (platform/access-cache.ts): an answer is kept on the
 * instance that read it (each case first checks it is), and the change is made on the other one
 * (or the same one): the next call on the reading instance sees the change at once.
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) {
  console.log(
    'access-cache two-instance cases skipped: they need Redis (TEST_REDIS_URL); the one-instance cases run',
  );
}

type Pair = { changer: TestApp; reader: TestApp };

/** The bus message of a clear reaches the other instance a moment after the call is answered. */
async function eventually(check: () => Promise<void>, timeoutMs = 2000) {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

function cases(pair: () => Pair, label: string) {
  let counter = 0;

  /** An owner acting through `changer`, a member reading through `reader`, one workspace. */
  async function setUp() {
    const { changer, reader } = pair();
    counter += 1;
    const owner: TestUser = await createUser(changer, `소유자${counter}`);
    const member: TestUser = await createUser(reader, `멤버${counter}`);
    const workspace = dataOf<Workspace>(
      await call(changer, owner, 'POST', '/api/workspaces', { name: `캐시 ${label} ${counter}` }),
    );
    const joined = await call(reader, member, 'POST', '/api/workspaces/join', {
      inviteCode: workspace.inviteCode,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    return { changer, reader, owner, member, workspace };
  }

  it(`a kicked member loses the workspace at once (${label})`, async () => {
    const { changer, reader, owner, member, workspace } = await setUp();
    const members = `/api/workspaces/${workspace.id}/members`;
    expect((await call(reader, member, 'GET', members)).statusCode).toBe(200);
    const roles = accessCacheOf(reader.context, AccessCaches.workspaceRole);
    expect(roles.has(workspace.id, member.userId)).toBe(true);

    const kicked = await call(changer, owner, 'DELETE', `${members}/${member.userId}`);
    expect(kicked.statusCode, kicked.body).toBe(204);
    await eventually(async () => {
      expectProblem(await call(reader, member, 'GET', members), 403, 'WORKSPACE_FORBIDDEN');
    });
  });

  it(`a demoted admin loses admin calls at once (${label})`, async () => {
    const { changer, reader, owner, member, workspace } = await setUp();
    const role = `/api/workspaces/${workspace.id}/members/${member.userId}/role`;
    const blacklist = `/api/workspaces/${workspace.id}/blacklist`;
    expect((await call(changer, owner, 'PUT', role, { role: 'ADMIN' })).statusCode).toBe(200);
    await eventually(async () => {
      expect((await call(reader, member, 'GET', blacklist)).statusCode).toBe(200);
    });
    expect(
      accessCacheOf(reader.context, AccessCaches.workspaceRole).has(workspace.id, member.userId),
    ).toBe(true);

    expect((await call(changer, owner, 'PUT', role, { role: 'MEMBER' })).statusCode).toBe(200);
    await eventually(async () => {
      expectProblem(await call(reader, member, 'GET', blacklist), 403, 'WORKSPACE_ADMIN_ONLY');
    });
  });

  it(`a member removed from a team loses its board at once; a kanban write shows at once (${label})`, async () => {
    const { changer, reader, owner, member, workspace } = await setUp();
    const team = dataOf<Team>(
      await call(changer, owner, 'POST', '/api/teams', {
        name: `팀 ${label} ${counter}`,
        workspaceId: workspace.id,
      }),
    );
    expect((await call(reader, member, 'POST', `/api/teams/${team.id}/join`, {})).statusCode).toBe(
      200,
    );
    const boardUrl = `/api/kanban/team/${team.id}`;
    const before = dataOf<Kanban>(await call(reader, member, 'GET', boardUrl));
    expect(before.kanbanLists).toHaveLength(0);
    expect(accessCacheOf(reader.context, AccessCaches.kanbanBoard).has(team.id, 0)).toBe(true);
    expect(accessCacheOf(reader.context, AccessCaches.teamMember).has(team.id, member.userId)).toBe(
      true,
    );

    const list = await call(changer, owner, 'POST', '/api/kanban/lists', {
      kanbanListName: '할 일',
      kanbanId: before.id,
    });
    expect(list.statusCode, list.body).toBe(201);
    await eventually(async () => {
      const after = dataOf<Kanban>(await call(reader, member, 'GET', boardUrl));
      expect(after.kanbanLists.map((each) => each.kanbanListName)).toEqual(['할 일']);
    });

    const removed = await call(
      changer,
      owner,
      'DELETE',
      `/api/teams/${team.id}/members/${member.userId}`,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    await eventually(async () => {
      expectProblem(await call(reader, member, 'GET', boardUrl), 403, 'TEAM_NOT_MEMBER');
    });
  });

  it(`a member who leaves a room, or is kicked from the workspace, loses it at once (${label})`, async () => {
    const { changer, reader, owner, member, workspace } = await setUp();
    const rooms = `/api/workspaces/${workspace.id}/chat-rooms`;
    const makeRoom = async (name: string) =>
      dataOf<ChatRoom>(
        await call(changer, owner, 'POST', `${rooms}/create`, {
          name,
          chatMemberIdList: [member.userId],
        }),
      );
    const left = await makeRoom('떠날 방');
    const stays = await makeRoom('남을 방');
    const roomCache = accessCacheOf(reader.context, AccessCaches.room);
    for (const room of [left, stays]) {
      expect((await call(reader, member, 'GET', `${rooms}/${room.id}/messages`)).statusCode).toBe(
        200,
      );
      expect(roomCache.has(room.id, member.userId)).toBe(true);
    }

    // Leaving through the other instance (the member's own call, served elsewhere).
    const leave = await call(changer, member, 'PATCH', `${rooms}/${left.id}/leave`);
    expect(leave.statusCode, leave.body).toBeLessThan(300);
    await eventually(async () => {
      expectProblem(
        await call(reader, member, 'GET', `${rooms}/${left.id}/messages`),
        403,
        'CHAT_NOT_MEMBER',
      );
    });

    const kicked = await call(
      changer,
      owner,
      'DELETE',
      `/api/workspaces/${workspace.id}/members/${member.userId}`,
    );
    expect(kicked.statusCode, kicked.body).toBe(204);
    await eventually(async () => {
      expectProblem(
        await call(reader, member, 'GET', `${rooms}/${stays.id}/messages`),
        403,
        'WORKSPACE_FORBIDDEN',
      );
    });
  });

  it(`a webhook made hears the next chat message at once (${label})`, async () => {
    const { changer, reader, owner, member, workspace } = await setUp();
    const room = dataOf<ChatRoom>(
      await call(changer, owner, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/create`, {
        name: '웹훅 듣는 방',
        chatMemberIdList: [member.userId],
      }),
    );
    const send = async (content: string) => {
      const sent = await call(
        reader,
        member,
        'POST',
        `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/messages`,
        { content },
      );
      expect(sent.statusCode, sent.body).toBe(201);
    };
    // The reader learns the workspace has no webhook, and keeps that (an instance kept it 10 s,
    // whatever changed elsewhere, before it was an access cache).
    await send('웹훅 전');
    const kept = accessCacheOf(reader.context, AccessCaches.enabledWebhooks);
    await eventually(async () => expect(kept.has(workspace.id, 0)).toBe(true));

    const hooks = `/api/workspaces/${workspace.id}/webhooks`;
    const made = await call(changer, owner, 'POST', hooks, {
      name: '채팅 알림',
      url: 'https://hooks.example.com/teamup',
      events: ['chat.message'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const hookId = dataOf<{ id: number }>(made).id;
    await eventually(async () => expect(kept.has(workspace.id, 0)).toBe(false));
    await send('웹훅 뒤');
    await eventually(async () => {
      const deliveries = dataOf<WebhookDelivery[]>(
        await call(changer, owner, 'GET', `${hooks}/${hookId}/deliveries`),
      );
      expect(deliveries.map((delivery) => delivery.event)).toEqual(['chat.message']);
    }, 5_000);
  });
}

describe('access caches on one instance', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });
  cases(() => ({ changer: app, reader: app }), 'one instance');
});

describe.skipIf(!redisUrl)('access caches on two instances (Redis bus)', () => {
  let database: Database;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase();
    const env = { REDIS_URL: redisUrl ?? '' };
    a = await createTestApp(env, { database });
    b = await createTestApp(env, { database });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });
  cases(() => ({ changer: a, reader: b }), 'two instances');
});
