import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatMessagePage, ChatRoom } from '@teamup/contracts/chat';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/* A room's messages around one (search results open there), and pages newer than a cursor. */

let app: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let workspace: Workspace;
let room: ChatRoom;
let other: ChatRoom;
const sent: ChatMessage[] = [];

const rooms = () => `/api/workspaces/${workspace.id}/chat-rooms`;
const url = (roomId: number, query: string) => `${rooms()}/${roomId}/messages?${query}`;

async function group(creator: TestUser, members: TestUser[], name: string) {
  const response = await call(app, creator, 'POST', `${rooms()}/create`, {
    name,
    type: 'GROUP',
    chatMemberIdList: members.map((m) => m.userId),
  });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<ChatRoom>(response);
}

async function page(user: TestUser, roomId: number, query: string) {
  const response = await call(app, user, 'GET', url(roomId, query));
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<ChatMessagePage>(response);
}

const texts = (answer: ChatMessagePage) => answer.content.map((m) => m.content);
const numbered = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `메시지 ${from + i}`);

beforeAll(async () => {
  app = await createTestApp();
  const owner = await createUser(app, '소유자');
  alice = await createUser(app, '앨리스');
  bob = await createUser(app, '밥');
  carol = await createUser(app, '캐럴');
  workspace = dataOf<Workspace>(
    await call(app, owner, 'POST', '/api/workspaces', { name: '맥락 수업' }),
  );
  for (const person of [alice, bob, carol]) {
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
  room = await group(alice, [bob], '맥락 방');
  other = await group(alice, [carol], '다른 방');
  // Messages of the other room interleave: the windows must keep to their own room.
  for (let i = 1; i <= 21; i += 1) {
    const response = await call(
      app,
      i % 2 ? alice : bob,
      'POST',
      `${rooms()}/${room.id}/messages`,
      {
        content: `메시지 ${i}`,
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    sent.push(dataOf<ChatMessage>(response));
    if (i % 5 === 0) {
      await call(app, carol, 'POST', `${rooms()}/${other.id}/messages`, { content: `딴 방 ${i}` });
    }
  }
});
afterAll(async () => {
  await app.close();
});

const idOf = (n: number) => sent[n - 1]?.id ?? 0;

describe('messages around one', () => {
  it('centres the window in the middle of the room', async () => {
    const answer = await page(bob, room.id, `aroundId=${idOf(11)}&size=6`);
    // ⌊6/2⌋ = 3 older, the message, 2 newer; oldest first.
    expect(texts(answer)).toEqual(numbered(8, 13));
    expect(answer).toMatchObject({ hasOlder: true, hasNewer: true, totalElements: 13, size: 6 });
  });

  it('gives the short side’s share to the other at the start and at the end', async () => {
    const start = await page(bob, room.id, `aroundId=${idOf(2)}&size=6`);
    expect(texts(start)).toEqual(numbered(1, 6));
    expect(start).toMatchObject({ hasOlder: false, hasNewer: true, totalElements: 6 });
    const end = await page(bob, room.id, `aroundId=${idOf(21)}&size=6`);
    expect(texts(end)).toEqual(numbered(16, 21));
    // 15 older lie beyond; a cursor page counts them up to twice its size (12).
    expect(end).toMatchObject({ hasOlder: true, hasNewer: false, totalElements: 12 + 6 });
    const all = await page(bob, room.id, `aroundId=${idOf(10)}&size=50`);
    expect(texts(all)).toEqual(numbered(1, 21));
    expect(all).toMatchObject({ hasOlder: false, hasNewer: false });
    const one = await page(bob, room.id, `aroundId=${idOf(10)}&size=1`);
    expect(texts(one)).toEqual(['메시지 10']);
    expect(one).toMatchObject({ hasOlder: true, hasNewer: true, totalElements: 2 + 1 });
  });

  it('centres on a deleted message too, shown deleted', async () => {
    const target = sent[15] as ChatMessage;
    const removed = await call(
      app,
      bob,
      'PATCH',
      `${rooms()}/${room.id}/messages/${target.id}/delete`,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    const answer = await page(alice, room.id, `aroundId=${target.id}&size=3`);
    expect(answer.content.map((m) => [m.id, m.deleted])).toEqual([
      [idOf(15), false],
      [target.id, true],
      [idOf(17), false],
    ]);
  });

  it('refuses a message of another room, a non-member and two cursors', async () => {
    const elsewhere = dataOf<ChatMessage>(
      await call(app, carol, 'POST', `${rooms()}/${other.id}/messages`, { content: '비밀' }),
    );
    expectProblem(
      await call(app, alice, 'GET', url(room.id, `aroundId=${elsewhere.id}`)),
      404,
      'CHAT_MESSAGE_NOT_FOUND',
    );
    expectProblem(
      await call(app, alice, 'GET', url(room.id, 'aroundId=2147483647')),
      404,
      'CHAT_MESSAGE_NOT_FOUND',
    );
    expectProblem(
      await call(app, carol, 'GET', url(room.id, `aroundId=${idOf(3)}`)),
      403,
      'CHAT_NOT_MEMBER',
    );
    for (const query of [
      `aroundId=${idOf(3)}&beforeId=${idOf(5)}`,
      `aroundId=${idOf(3)}&afterId=${idOf(1)}`,
      `beforeId=${idOf(3)}&afterId=${idOf(1)}`,
    ]) {
      const refused = await call(app, alice, 'GET', url(room.id, query));
      expectProblem(refused, 400, 'VALIDATION_FAILED');
      expect(refused.body).toContain(
        'beforeId, afterId, aroundId, latest 중 하나만 보낼 수 있습니다.',
      );
    }
    for (const query of [
      `aroundId=${idOf(3)}&page=1`,
      `aroundId=${idOf(3)}&sort=createdAt,desc`,
      `afterId=${idOf(3)}&page=0`,
    ]) {
      const refused = await call(app, alice, 'GET', url(room.id, query));
      expectProblem(refused, 400, 'VALIDATION_FAILED');
      expect(refused.body).toContain(
        'afterId, aroundId, latest는 page, sort와 함께 보낼 수 없습니다.',
      );
    }
    // beforeId keeps ignoring page and sort, as it always has.
    const older = await page(alice, room.id, `beforeId=${idOf(3)}&page=4&sort=createdAt,desc`);
    expect(texts(older)).toEqual(numbered(1, 2));
  });
});

describe('messages newer than a cursor', () => {
  it('pages forward with afterId until the newest', async () => {
    const first = await page(bob, room.id, `afterId=${idOf(8)}&size=5`);
    expect(texts(first)).toEqual(numbered(9, 13));
    // 13 newer, counted up to twice the page size.
    expect(first).toMatchObject({ hasNewer: true, totalElements: 10 });
    const second = await page(bob, room.id, `afterId=${idOf(13)}&size=5`);
    expect(texts(second)).toEqual(['메시지 14', '메시지 15', '', '메시지 17', '메시지 18']);
    const last = await page(bob, room.id, `afterId=${idOf(18)}&size=5`);
    expect(texts(last)).toEqual(numbered(19, 21));
    expect(last).toMatchObject({ hasNewer: false, totalElements: 3 });
    const none = await page(bob, room.id, `afterId=${idOf(21)}&size=5`);
    expect(none).toMatchObject({ content: [], hasNewer: false, totalElements: 0 });
    // beforeId answers say whether older ones remain.
    const older = await page(bob, room.id, `beforeId=${idOf(4)}&size=2`);
    expect(texts(older)).toEqual(['메시지 2', '메시지 3']);
    expect(older).toMatchObject({ hasOlder: true, totalElements: 3 });
  });
});

describe('cursor pages of a long room', () => {
  it('count no further than one more page beyond the cursor, and say exactly whether more lie there', async () => {
    const long = await group(alice, [bob], '긴 방');
    // 1,200 messages written at once (the API would take a minute), a second apart.
    await app.context.database.db.execute(sql`
      INSERT INTO chat_messages (room_id, sender_id, content, created_at)
      SELECT ${long.id}, ${alice.userId}::int, '긴 ' || n,
             now() - ((1200 - n) * interval '1 second')
      FROM generate_series(1, 1200) AS n`);
    const newest = await page(bob, long.id, 'sort=createdAt,desc&page=0&size=100');
    expect(newest.totalElements).toBe(1200);
    const lastId = newest.content[0]?.id ?? 0;
    const firstId = lastId - 1199;
    // What a room opens on: the same newest page, counted as a cursor page is.
    const latest = await page(bob, long.id, 'latest=true&size=100');
    expect(latest.content.map((m) => m.id)).toEqual(newest.content.map((m) => m.id));
    expect(latest).toMatchObject({ hasOlder: true, totalElements: 200 });
    const shortLatest = await page(bob, room.id, 'latest=true&size=100');
    expect(shortLatest).toMatchObject({ hasOlder: false, totalElements: 21 });
    expect(texts(shortLatest)[0]).toBe('메시지 21');
    for (const query of [
      'latest=true&page=0',
      'latest=true&sort=createdAt,desc',
      `latest=true&beforeId=${lastId}`,
      'latest=false',
    ]) {
      expectProblem(await call(app, bob, 'GET', url(long.id, query)), 400, 'VALIDATION_FAILED');
    }

    const older = await page(bob, long.id, `beforeId=${lastId - 99}&size=50`);
    expect(texts(older)).toEqual(Array.from({ length: 50 }, (_, i) => `긴 ${1051 + i}`));
    expect(older).toMatchObject({ hasOlder: true, totalElements: 100 });
    const oldest = await page(bob, long.id, `beforeId=${firstId + 3}&size=50`);
    expect(oldest).toMatchObject({ hasOlder: false, totalElements: 3 });

    const newer = await page(bob, long.id, `afterId=${firstId}&size=50`);
    expect(newer).toMatchObject({ hasNewer: true, totalElements: 100 });
    const end = await page(bob, long.id, `afterId=${lastId - 50}&size=50`);
    expect(end).toMatchObject({ hasNewer: false, totalElements: 50 });

    const around = await page(bob, long.id, `aroundId=${lastId - 5}&size=20`);
    expect(around).toMatchObject({ hasOlder: true, hasNewer: false });
    expect(around.totalElements).toBe(40 + around.content.length);
  });
});
