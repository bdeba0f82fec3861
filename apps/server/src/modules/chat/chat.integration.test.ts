import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom, SseTicket } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import { Topics } from '@teamup/contracts/events';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { recordStatements } from '../../../test/statements';
import { insertLiveEvents } from '../../platform/bus/live-events.repo';
import { parseResumePoint } from '../../platform/realtime/resume-point';
import { openSse, type SseStream } from '../../../test/sse-client';
import { createTestApp, listenLocally, type TestApp } from '../../../test/test-app';

let app: TestApp;
let baseUrl: string;
let owner: TestUser;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let stranger: TestUser;
let workspace: Workspace;
const streams: SseStream[] = [];

beforeAll(async () => {
  app = await createTestApp();
  baseUrl = await listenLocally(app);
  owner = await createUser(app, '소유자');
  admin = await createUser(app, '관리자');
  alice = await createUser(app, '앨리스');
  bob = await createUser(app, '밥');
  carol = await createUser(app, '캐럴');
  stranger = await createUser(app, '외부인');
  workspace = dataOf<Workspace>(
    await call(app, owner, 'POST', '/api/workspaces', { name: '채팅 수업' }),
  );
  for (const person of [admin, alice, bob, carol]) {
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
  await call(app, owner, 'PUT', `/api/workspaces/${workspace.id}/members/${admin.userId}/role`, {
    role: 'ADMIN',
  });
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await app.close();
});

const rooms = () => `/api/workspaces/${workspace.id}/chat-rooms`;

async function group(creator: TestUser, members: TestUser[], name = '프로젝트 방') {
  const response = await call(app, creator, 'POST', `${rooms()}/create`, {
    name,
    type: 'GROUP',
    chatMemberIdList: members.map((m) => m.userId),
    workspaceId: workspace.id,
  });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<ChatRoom>(response);
}

async function send(user: TestUser, roomId: number, content: string) {
  const response = await call(app, user, 'POST', `${rooms()}/${roomId}/messages`, { content });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<ChatMessage>(response);
}

async function unread(user: TestUser, roomId: number) {
  const page = dataOf<Page<ChatRoom>>(await call(app, user, 'GET', `${rooms()}?size=100`));
  return page.content.find((room) => room.id === roomId)?.unreadCount;
}

async function subscribe(user: TestUser, lastEventId?: string) {
  const ticket = dataOf<SseTicket>(await call(app, user, 'POST', '/api/sse/register'));
  const query = lastEventId === undefined ? '' : `&lastEventId=${lastEventId}`;
  const stream = await openSse(`${baseUrl}/api/sse/subscribe?ticket=${ticket.ticket}${query}`);
  streams.push(stream);
  return stream;
}

describe('chat rooms', () => {
  it('creates groups with validation; only members see and use them', async () => {
    const room = await group(alice, [bob]);
    expect(room).toMatchObject({ type: 'GROUP', name: '프로젝트 방', memberCount: 2 });
    expectProblem(
      await call(app, alice, 'POST', `${rooms()}/create`, {
        name: ' ',
        chatMemberIdList: [bob.userId],
      }),
      400,
      'CHAT_GROUP_NAME_REQUIRED',
    );
    expectProblem(
      await call(app, alice, 'POST', `${rooms()}/create`, {
        name: '혼자',
        chatMemberIdList: [alice.userId],
      }),
      400,
      'CHAT_MEMBERS_INVALID',
    );
    expectProblem(
      await call(app, alice, 'POST', `${rooms()}/create`, {
        name: '외부',
        chatMemberIdList: [stranger.userId],
      }),
      400,
      'CHAT_MEMBERS_INVALID',
    );
    expectProblem(
      await call(app, carol, 'GET', `${rooms()}/${room.id}/messages`),
      403,
      'CHAT_NOT_MEMBER',
    );
    expectProblem(
      await call(app, carol, 'POST', `${rooms()}/${room.id}/messages`, { content: '몰래' }),
      403,
      'CHAT_NOT_MEMBER',
    );
    expectProblem(await call(app, stranger, 'GET', rooms()), 403, 'WORKSPACE_FORBIDDEN');
    // Carol joins the group, renames it, lists its members, leaves.
    expect((await call(app, carol, 'POST', `${rooms()}/${room.id}/join`)).statusCode).toBe(200);
    const renamed = await call(app, carol, 'PATCH', `${rooms()}/${room.id}/updateTitle`, {
      name: '새 이름',
    });
    expect(dataOf<ChatRoom>(renamed).name).toBe('새 이름');
    const members = dataOf<Array<{ accountId: number }>>(
      await call(app, alice, 'GET', `${rooms()}/${room.id}/members`),
    );
    expect(members.map((m) => m.accountId).sort()).toEqual(
      [alice.userId, bob.userId, carol.userId].sort(),
    );
    expect((await call(app, carol, 'PATCH', `${rooms()}/${room.id}/leave`)).statusCode).toBe(204);
    expectProblem(
      await call(app, carol, 'GET', `${rooms()}/${room.id}/members`),
      403,
      'CHAT_NOT_MEMBER',
    );
  });

  it('keeps one DM per pair, named after the other person', async () => {
    const first = await call(app, alice, 'POST', `${rooms()}/create-dm`, {
      chatMemberIdList: [carol.userId],
      workspaceId: workspace.id,
    });
    expect(first.statusCode).toBe(201);
    const dm = dataOf<ChatRoom>(first);
    expect(dm).toMatchObject({ type: 'PERSONAL', name: '캐럴', memberCount: 2 });
    const again = await call(app, carol, 'POST', `${rooms()}/create-dm`, {
      chatMemberIdList: [alice.userId],
    });
    expect(again.statusCode).toBe(200);
    expect(dataOf<ChatRoom>(again)).toMatchObject({ id: dm.id, name: '앨리스' });
    expectProblem(
      await call(app, alice, 'POST', `${rooms()}/create-dm`, {
        chatMemberIdList: [bob.userId, carol.userId],
      }),
      400,
      'CHAT_DM_ONLY_TWO',
    );
    expectProblem(
      await call(app, bob, 'POST', `${rooms()}/${dm.id}/join`),
      400,
      'CHAT_DM_NOT_ALLOWED',
    );
    expectProblem(
      await call(app, alice, 'PATCH', `${rooms()}/${dm.id}/updateTitle`, { name: '이름' }),
      400,
      'CHAT_DM_NOT_ALLOWED',
    );
    const racing = await Promise.all([
      call(app, bob, 'POST', `${rooms()}/create-dm`, { chatMemberIdList: [carol.userId] }),
      call(app, carol, 'POST', `${rooms()}/create-dm`, { chatMemberIdList: [bob.userId] }),
    ]);
    const ids = racing.map((response) => dataOf<ChatRoom>(response).id);
    expect(ids[0]).toBe(ids[1]);
  });

  it('lists rooms in one statement, each as its own answer and its messages show it', async () => {
    const quiet = await group(carol, [alice], '조용한 방');
    const busy = await group(carol, [alice, bob], '바쁜 방');
    const gone = await group(carol, [alice], '지운 방');
    const first = await send(alice, busy.id, '첫 메시지');
    await send(bob, busy.id, '둘째');
    const replyResponse = await call(app, alice, 'POST', `${rooms()}/${busy.id}/messages`, {
      content: '답장',
      replyTo: first.id,
    });
    const reply = dataOf<ChatMessage>(replyResponse);
    const erased = await send(alice, gone.id, '지울 말');
    const erasing = await call(
      app,
      alice,
      'PATCH',
      `${rooms()}/${gone.id}/messages/${erased.id}/delete`,
    );
    expect(erasing.statusCode).toBe(204);
    await call(app, carol, 'GET', `${rooms()}?size=100`); // warms the access cache

    const { result: answer, statements } = await recordStatements(
      app,
      () => call(app, carol, 'GET', `${rooms()}?size=100`),
      { settle: false },
    );
    const listed = dataOf<Page<ChatRoom>>(answer);
    expect(statements).toHaveLength(1);

    const byId = new Map(listed.content.map((room) => [room.id, room]));
    expect(byId.get(busy.id)).toMatchObject({
      name: '바쁜 방',
      memberCount: 3,
      unreadCount: 3,
      lastReadMessageId: null,
    });
    const [newest] = dataOf<Page<ChatMessage>>(
      await call(app, carol, 'GET', `${rooms()}/${busy.id}/messages?sort=createdAt,desc&size=1`),
    ).content;
    expect(byId.get(busy.id)?.lastMessage).toEqual(newest);
    expect(byId.get(busy.id)?.lastMessage?.replyTo).toEqual(reply.replyTo);
    expect(byId.get(quiet.id)).toMatchObject({ unreadCount: 0, lastMessage: null });
    expect(byId.get(gone.id)?.lastMessage).toMatchObject({ id: erased.id, deleted: true });
    expect(byId.get(gone.id)?.unreadCount).toBe(0);
    // A room's own answer (here a rename) presents it as the list does.
    const renamed = dataOf<ChatRoom>(
      await call(app, carol, 'PATCH', `${rooms()}/${busy.id}/updateTitle`, { name: '바쁜 방' }),
    );
    expect(renamed).toEqual(byId.get(busy.id));
    // Oldest first, and a page past the end still counts every room.
    const ascending = dataOf<Page<ChatRoom>>(
      await call(app, carol, 'GET', `${rooms()}?size=100&sort=createdAt,asc`),
    );
    expect(ascending.content.map((room) => room.id)).toEqual(
      listed.content.map((room) => room.id).reverse(),
    );
    const past = dataOf<Page<ChatRoom>>(
      await call(app, carol, 'GET', `${rooms()}?page=50&size=10`),
    );
    expect(past.content).toEqual([]);
    expect(past.totalElements).toBe(listed.totalElements);
  });
});

describe('chat messages', () => {
  it('pages by sort and by a beforeId cursor', async () => {
    const room = await group(alice, [bob], '페이지 방');
    const sent: ChatMessage[] = [];
    for (let i = 1; i <= 25; i += 1)
      sent.push(await send(i % 2 ? alice : bob, room.id, `메시지 ${i}`));
    const url = `${rooms()}/${room.id}/messages`;
    const oldest = dataOf<Page<ChatMessage>>(await call(app, bob, 'GET', url));
    expect(oldest.content.map((m) => m.content).slice(0, 2)).toEqual(['메시지 1', '메시지 2']);
    expect(oldest).toMatchObject({ totalElements: 25, totalPages: 2, size: 20 });
    const newest = dataOf<Page<ChatMessage>>(
      await call(app, bob, 'GET', `${url}?sort=createdAt,desc&size=5`),
    );
    expect(newest.content.map((m) => m.content)).toEqual([
      '메시지 25',
      '메시지 24',
      '메시지 23',
      '메시지 22',
      '메시지 21',
    ]);
    const before = dataOf<Page<ChatMessage>>(
      await call(app, bob, 'GET', `${url}?beforeId=${sent[20]?.id}&size=3`),
    );
    expect(before.content.map((m) => m.content)).toEqual(['메시지 18', '메시지 19', '메시지 20']);
    // 20 older, counted up to twice the page size.
    expect(before.totalElements).toBe(6);
    const first = dataOf<Page<ChatMessage>>(
      await call(app, bob, 'GET', `${url}?beforeId=${sent[0]?.id}`),
    );
    expect(first.content).toEqual([]);
    expectProblem(await call(app, bob, 'POST', url, { content: '   ' }), 400, 'VALIDATION_FAILED');
    expectProblem(
      await call(app, bob, 'POST', url, { content: '사칭', senderId: alice.userId }),
      403,
      'ACCOUNT_MISMATCH',
    );
  });

  it('lets the author, the owner and an ADMIN delete; the message keeps its place', async () => {
    const room = await group(alice, [bob, owner, admin], '삭제 방');
    const mine = await send(alice, room.id, '지울 글');
    const next = await send(bob, room.id, '다음 글');
    const url = (id: number) => `${rooms()}/${room.id}/messages/${id}/delete`;
    expectProblem(await call(app, bob, 'PATCH', url(mine.id)), 403, 'CHAT_DELETE_FORBIDDEN');
    expect((await call(app, alice, 'PATCH', url(mine.id))).statusCode).toBe(204);
    expect((await call(app, owner, 'PATCH', url(next.id))).statusCode).toBe(204);
    const third = await send(bob, room.id, '관리자가 지울 글');
    expect((await call(app, admin, 'PATCH', url(third.id))).statusCode).toBe(204);
    const page = dataOf<Page<ChatMessage>>(
      await call(app, bob, 'GET', `${rooms()}/${room.id}/messages`),
    );
    expect(page.content.map((m) => [m.id, m.deleted, m.content])).toEqual([
      [mine.id, true, ''],
      [next.id, true, ''],
      [third.id, true, ''],
    ]);
  });

  it('counts unread right: never opened, own messages, deleted ones, read elsewhere', async () => {
    const room = await group(alice, [bob], '안읽음 방');
    const a1 = await send(alice, room.id, '하나');
    await send(alice, room.id, '둘');
    const a3 = await send(alice, room.id, '셋');
    // Bob never opened the room: all three count. Alice's own never count.
    expect(await unread(bob, room.id)).toBe(3);
    expect(await unread(alice, room.id)).toBe(0);
    // A deleted message stops counting.
    await call(app, alice, 'PATCH', `${rooms()}/${room.id}/messages/${a3.id}/delete`);
    expect(await unread(bob, room.id)).toBe(2);
    // Bob reads up to the first on one device; every device sees the same count, live too.
    const bobsOtherDevice = await subscribe(bob);
    await call(app, bob, 'PATCH', `${rooms()}/${room.id}/last-read-refresh`, { messageId: a1.id });
    expect(await unread(bob, room.id)).toBe(1);
    const told = await bobsOtherDevice.waitFor((list) =>
      list.some((e) => e.data['type'] === 'CHAT_READ' && e.data['chatRoomId'] === room.id),
    );
    expect(told.find((e) => e.data['type'] === 'CHAT_READ')?.data).toMatchObject({
      lastReadMessageId: a1.id,
      unreadCount: 1,
    });
    bobsOtherDevice.close();
    // An older pointer never moves it back.
    const b = await send(bob, room.id, '답장');
    await call(app, bob, 'PATCH', `${rooms()}/${room.id}/last-read-refresh`, { messageId: a1.id });
    expect(await unread(bob, room.id)).toBe(0);
    expect(await unread(alice, room.id)).toBe(1);
    expect(b.senderName).toBe('밥');
  });

  it('takes a kicked member out of the workspace’s rooms at once', async () => {
    const dave = await createUser(app, '데이브');
    await call(app, dave, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
    const room = await group(alice, [dave], '강퇴 방');
    await send(dave, room.id, '안녕하세요');
    await call(app, owner, 'DELETE', `/api/workspaces/${workspace.id}/members/${dave.userId}`);
    expectProblem(
      await call(app, dave, 'GET', `${rooms()}/${room.id}/messages`),
      403,
      'WORKSPACE_FORBIDDEN',
    );
    const members = dataOf<Array<{ accountId: number }>>(
      await call(app, alice, 'GET', `${rooms()}/${room.id}/members`),
    );
    expect(members.map((m) => m.accountId)).toEqual([alice.userId]);
  });
});

describe('live events over SSE', () => {
  it('streams new and deleted messages to room members only, with ids', async () => {
    const room = await group(alice, [bob], '실시간 방');
    const bobStream = await subscribe(bob);
    const carolStream = await subscribe(carol);
    expect(bobStream.status).toBe(200);
    const sent = await send(alice, room.id, '실시간 안녕');
    const events = await bobStream.waitFor((list) =>
      list.some((e) => e.data['type'] === 'NEW_CHAT_MESSAGE'),
    );
    const event = events.find((e) => e.data['type'] === 'NEW_CHAT_MESSAGE');
    expect(event?.data).toMatchObject({
      messageId: sent.id,
      chatRoomId: room.id,
      content: '실시간 안녕',
      senderId: alice.userId,
      senderName: '앨리스',
      sentAt: sent.sentAt,
    });
    expect(Number(event?.id)).toBeGreaterThan(0);
    await call(app, alice, 'PATCH', `${rooms()}/${room.id}/messages/${sent.id}/delete`);
    await bobStream.waitFor((list) =>
      list.some(
        (e) => e.data['type'] === 'CHAT_MESSAGE_DELETED' && e.data['messageId'] === sent.id,
      ),
    );
    expect(carolStream.events.filter((e) => e.data['chatRoomId'] === room.id)).toEqual([]);
  });

  it('follows a room the user is added to while connected', async () => {
    const stream = await subscribe(carol);
    const room = await group(alice, [carol], '새로 초대된 방');
    await stream.waitFor((list) =>
      list.some((e) => e.data['type'] === 'CHAT_MEMBER_JOINED' && e.data['chatRoomId'] === room.id),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await send(alice, room.id, '들리나요?');
    await stream.waitFor((list) =>
      list.some((e) => e.data['type'] === 'NEW_CHAT_MESSAGE' && e.data['content'] === '들리나요?'),
    );
  });

  it('uses a ticket once, refuses expired or unknown ones', async () => {
    const ticket = dataOf<SseTicket>(await call(app, bob, 'POST', '/api/sse/register'));
    const first = await openSse(`${baseUrl}/api/sse/subscribe?ticket=${ticket.ticket}`);
    streams.push(first);
    expect(first.status).toBe(200);
    const second = await openSse(`${baseUrl}/api/sse/subscribe?ticket=${ticket.ticket}`);
    expect(second.status).toBe(401);
    const unknown = await openSse(`${baseUrl}/api/sse/subscribe?ticket=nope`);
    expect(unknown.status).toBe(401);
    expectProblem(await call(app, null, 'POST', '/api/sse/register'), 401, 'AUTH_REQUIRED');
  });

  it('replays what a client missed after its Last-Event-ID, exactly once', async () => {
    const room = await group(alice, [bob], '재연결 방');
    const stream = await subscribe(bob);
    await send(alice, room.id, '연결 중');
    const seen = await stream.waitFor((list) => list.some((e) => e.data['content'] === '연결 중'));
    const lastId = seen.find((e) => e.data['content'] === '연결 중')?.id;
    expect(lastId).toBeDefined();
    stream.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const text of ['끊긴 동안 1', '끊긴 동안 2', '끊긴 동안 3'])
      await send(alice, room.id, text);
    const again = await subscribe(bob, lastId);
    await send(alice, room.id, '다시 연결됨');
    const events = await again.waitFor((list) =>
      list.some((e) => e.data['content'] === '다시 연결됨'),
    );
    const contents = events
      .filter((e) => e.data['type'] === 'NEW_CHAT_MESSAGE' && e.data['chatRoomId'] === room.id)
      .map((e) => e.data['content']);
    expect(contents).toEqual(['끊긴 동안 1', '끊긴 동안 2', '끊긴 동안 3', '다시 연결됨']);
    expect(events.some((e) => e.data['type'] === 'RESYNC')).toBe(false);
  });

  it('an event drawn before one the stream heard, but not yet handed on, is replayed after a cut', async () => {
    // Two instances: A logs its event (id N-1) and has not yet published it over Redis when B
    // logs and publishes N. B's stream hears N first and is cut before N-1 arrives.
    const room = await group(alice, [bob], '순서가 엇갈린 방');
    const stream = await subscribe(bob);
    const [drawnFirst] = await insertLiveEvents(app.context.database.db, [
      { topic: Topics.chatRoom(room.id), payload: { type: 'TEST_IN_FLIGHT', chatRoomId: room.id } },
    ]);
    await send(alice, room.id, '나중에 뽑혔지만 먼저 들림');
    const seen = await stream.waitFor((list) =>
      list.some((e) => e.data['content'] === '나중에 뽑혔지만 먼저 들림'),
    );
    const point = seen.at(-1)?.id;
    // The point names what was heard above a horizon that stays below the id drawn first.
    const parsed = parseResumePoint(point ?? '');
    expect(parsed?.horizon).toBeLessThan(drawnFirst as number);
    expect(parsed?.heard.every((id) => id > (drawnFirst as number))).toBe(true);
    stream.close();

    const again = await subscribe(bob, point);
    const events = await again.waitFor((list) =>
      list.some((e) => e.data['type'] === 'TEST_IN_FLIGHT'),
    );
    await send(alice, room.id, '이어서');
    await again.waitFor((list) => list.some((e) => e.data['content'] === '이어서'));
    // What it heard is not told twice.
    expect(events.some((e) => e.data['content'] === '나중에 뽑혔지만 먼저 들림')).toBe(false);
    expect(events.some((e) => e.data['type'] === 'RESYNC')).toBe(false);
  });

  it('tells a client to reload when what it missed is older than the log', async () => {
    // The log keeps everything this young suite wrote, so make the gap on purpose.
    await app.context.bus.prune(new Date(Date.now() + 60_000));
    const later = await subscribe(bob, '2');
    await later.waitFor((list) => list.some((e) => e.data['type'] === 'RESYNC'));
  });
});
