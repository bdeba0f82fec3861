import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@teamup/contracts/admin';
import type { ChatMessage } from '@teamup/contracts/chat';
import type { Notification } from '@teamup/contracts/notifications';
import {
  OUTGOING_SECRET_PREFIX,
  WebhookHeaders,
  WebhookLimits,
  type CreatedIncomingWebhook,
  type CreatedOutgoingWebhook,
  type IncomingWebhook,
  type OutgoingWebhook,
  type WebhookDelivery,
} from '@teamup/contracts/webhooks';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** A receiver on loopback that records what it was sent and answers what it is told to. */
type Received = { headers: http.IncomingHttpHeaders; body: string; path: string };
function startReceiver() {
  const received: Received[] = [];
  /** Statuses to answer, in order; 200 once they are used up. */
  const answers: number[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        path: request.url ?? '',
      });
      response.writeHead(answers.shift() ?? 200).end('ok');
    });
  });
  return { server, received, answers };
}

let app: TestApp;
/** The same, without the loopback allowance: what a default install does. */
let strictApp: TestApp;
let receiver: ReturnType<typeof startReceiver>;
let receiverUrl: string;
let owner: TestUser;
let member: TestUser;
let workspaceId: number;
let groupRoomId: number;
let directRoomId: number;
let teamId: number;

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) => {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const hooksPath = () => `/api/workspaces/${workspaceId}/webhooks`;
const createHook = async (body: object, by: TestUser = owner) => {
  const made = await call(app, by, 'POST', hooksPath(), body);
  expect(made.statusCode, made.body).toBe(201);
  return dataOf<CreatedOutgoingWebhook>(made);
};
const deliveriesOf = async (hookId: number) =>
  dataOf<WebhookDelivery[]>(await call(app, owner, 'GET', `${hooksPath()}/${hookId}/deliveries`));
const sendChat = (roomId: number, content: string, by: TestUser = owner) =>
  call(app, by, 'POST', `/api/workspaces/${workspaceId}/chat-rooms/${roomId}/messages`, {
    content,
  });

beforeAll(async () => {
  receiver = startReceiver();
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
  app = await createTestApp({
    WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8',
    WEBHOOK_RETRY_SECONDS: '0.1,0.1',
  });
  strictApp = await createTestApp({ WEBHOOK_RETRY_SECONDS: '0.1' });
  owner = await createUser(app, '웹훅 주인');
  member = await createUser(app, '멤버');
  const workspace = dataOf<{ id: number; inviteCode: string }>(
    await call(app, owner, 'POST', '/api/workspaces', { name: '웹훅 공간' }),
  );
  workspaceId = workspace.id;
  await call(app, member, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  groupRoomId = dataOf<{ id: number }>(
    await call(app, owner, 'POST', `/api/workspaces/${workspaceId}/chat-rooms/create`, {
      name: '알림 방',
      chatMemberIdList: [member.userId],
    }),
  ).id;
  directRoomId = dataOf<{ id: number }>(
    await call(app, owner, 'POST', `/api/workspaces/${workspaceId}/chat-rooms/create-dm`, {
      chatMemberIdList: [member.userId],
    }),
  ).id;
  teamId = dataOf<{ id: number }>(
    await call(app, owner, 'POST', '/api/teams', { name: '웹훅 팀', workspaceId }),
  ).id;
});
afterAll(async () => {
  await app.close();
  await strictApp.close();
  await new Promise((resolve) => receiver.server.close(resolve));
});

describe('outgoing webhooks', () => {
  it('sends a chosen event, signed over its timestamp and body, and logs the delivery', async () => {
    const hook = await createHook({
      name: '채팅 알림',
      url: `${receiverUrl}/chat`,
      events: ['chat.message', 'post.created'],
    });
    expect(hook.secret.startsWith(OUTGOING_SECRET_PREFIX)).toBe(true);
    expect(hook.events).toEqual(['chat.message', 'post.created']);
    // The secret is shown once: the list never carries it.
    const listed = dataOf<OutgoingWebhook[]>(await call(app, owner, 'GET', hooksPath()));
    expect(JSON.stringify(listed)).not.toContain(hook.secret);

    const before = receiver.received.length;
    expect((await sendChat(groupRoomId, '배포 시작합니다')).statusCode).toBe(201);
    const [delivered] = await until(
      async () => receiver.received.slice(before).filter((got) => got.path === '/chat'),
      (got) => got.length > 0,
      'the chat message delivery',
    );
    if (!delivered) throw new Error('no delivery');
    const payload = JSON.parse(delivered.body) as {
      event: string;
      workspace: { id: number };
      data: { room: { id: number; name: string }; message: { text: string }; sender: object };
    };
    expect(payload.event).toBe('chat.message');
    expect(payload.workspace.id).toBe(workspaceId);
    expect(payload.data.room).toEqual({ id: groupRoomId, name: '알림 방' });
    expect(payload.data.message.text).toBe('배포 시작합니다');
    expect(payload.data.sender).toEqual({ id: owner.userId, name: '웹훅 주인' });
    expect(delivered.headers[WebhookHeaders.event]).toBe('chat.message');
    expect(delivered.headers['content-type']).toBe('application/json');
    const timestamp = Number(delivered.headers[WebhookHeaders.timestamp]);
    expect(Math.abs(Date.now() / 1000 - timestamp)).toBeLessThan(60);
    const expected = `v1=${createHmac('sha256', hook.secret).update(`${timestamp}.${delivered.body}`).digest('hex')}`;
    expect(delivered.headers[WebhookHeaders.signature]).toBe(expected);

    const log = await until(
      () => deliveriesOf(hook.id),
      (rows) => rows[0]?.status === 'DELIVERED',
      'the delivery marked delivered',
    );
    expect(log[0]).toMatchObject({
      event: 'chat.message',
      status: 'DELIVERED',
      attempts: 1,
      responseStatus: 200,
      error: null,
      nextAttemptAt: null,
    });
    expect(String(log[0]?.id)).toBe(delivered.headers[WebhookHeaders.delivery]);

    // A 1:1 conversation is not the workspace's to hand on; an event not chosen is not sent.
    await sendChat(directRoomId, '둘만의 이야기');
    await call(app, owner, 'POST', `/api/workspaces/${workspaceId}/announcement`, {
      teamId,
      title: '공지',
      content: '내용',
    });
    await call(app, owner, 'POST', `${hooksPath()}/${hook.id}/ping`);
    await until(
      () => deliveriesOf(hook.id),
      (rows) => rows[0]?.event === 'ping' && rows[0].status === 'DELIVERED',
      'the ping',
    );
    expect((await deliveriesOf(hook.id)).map((row) => row.event)).toEqual(['ping', 'chat.message']);
  });

  it('retries a failed delivery with backoff until it succeeds, and gives up after the last try', async () => {
    const hook = await createHook({
      name: '재시도',
      url: `${receiverUrl}/retry`,
      events: ['member.joined'],
    });
    receiver.answers.push(500);
    const joiner = await createUser(app, '새 멤버');
    const code = dataOf<{ inviteCode: string }>(
      await call(app, owner, 'GET', `/api/workspaces/${workspaceId}`),
    ).inviteCode;
    await call(app, joiner, 'POST', '/api/workspaces/join', { inviteCode: code });
    const [recovered] = await until(
      () => deliveriesOf(hook.id),
      (rows) => rows[0]?.status === 'DELIVERED',
      'the retried delivery',
    );
    expect(recovered).toMatchObject({ event: 'member.joined', attempts: 2, responseStatus: 200 });
    const sent = receiver.received.filter((got) => got.path === '/retry');
    expect(sent).toHaveLength(2);
    // Every try sends the same bytes (and the same delivery id), signed anew.
    expect(sent[1]?.body).toBe(sent[0]?.body);
    expect(sent[1]?.headers[WebhookHeaders.delivery]).toBe(
      sent[0]?.headers[WebhookHeaders.delivery],
    );
    expect(JSON.parse(sent[0]?.body ?? '{}')).toMatchObject({
      event: 'member.joined',
      data: { member: { id: joiner.userId, name: '새 멤버' } },
    });

    // Three tries (WEBHOOK_RETRY_SECONDS names two waits), each refused: the delivery fails.
    receiver.answers.push(503, 503, 503);
    await call(app, owner, 'POST', `${hooksPath()}/${hook.id}/ping`);
    const [failed] = await until(
      () => deliveriesOf(hook.id),
      (rows) => rows[0]?.status === 'FAILED',
      'the delivery given up',
    );
    expect(failed).toMatchObject({
      event: 'ping',
      attempts: 3,
      responseStatus: 503,
      error: '받는 서버가 503 상태로 답했습니다.',
      nextAttemptAt: null,
    });
    const listed = dataOf<OutgoingWebhook[]>(await call(app, owner, 'GET', hooksPath()));
    expect(listed.find((row) => row.id === hook.id)?.lastDelivery?.status).toBe('FAILED');
  });

  it('sends nothing from a webhook turned off, and a deleted one takes its log with it', async () => {
    const hook = await createHook({
      name: '끄기',
      url: `${receiverUrl}/off`,
      events: ['post.created'],
    });
    const off = await call(app, owner, 'PATCH', `${hooksPath()}/${hook.id}`, { enabled: false });
    expect(dataOf<OutgoingWebhook>(off).enabled).toBe(false);
    const created = await call(app, owner, 'POST', `/api/teams/${teamId}/posts`, {
      title: '꺼진 동안의 글',
      content: '본문',
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    expect(await deliveriesOf(hook.id)).toEqual([]);

    await call(app, owner, 'PATCH', `${hooksPath()}/${hook.id}`, { enabled: true });
    await call(app, owner, 'POST', `/api/teams/${teamId}/posts`, {
      title: '켜진 뒤의 글',
      content: '본문',
    });
    const [post] = await until(
      () => deliveriesOf(hook.id),
      (rows) => rows[0]?.status === 'DELIVERED',
      'the post delivery',
    );
    expect(post?.event).toBe('post.created');
    const body = receiver.received.filter((got) => got.path === '/off').at(-1)?.body ?? '{}';
    expect(JSON.parse(body)).toMatchObject({
      data: { team: { id: teamId, name: '웹훅 팀' }, post: { title: '켜진 뒤의 글' } },
    });

    expect((await call(app, owner, 'DELETE', `${hooksPath()}/${hook.id}`)).statusCode).toBe(204);
    expectProblem(
      await call(app, owner, 'GET', `${hooksPath()}/${hook.id}/deliveries`),
      404,
      'NOT_FOUND',
    );
  });

  it('is for the workspace owner and admins, with Korean answers to bad input', async () => {
    expectProblem(await call(app, member, 'GET', hooksPath()), 403, 'WORKSPACE_ADMIN_ONLY');
    expectProblem(
      await call(app, member, 'POST', hooksPath(), {
        name: 'x',
        url: 'https://example.com',
        events: ['post.created'],
      }),
      403,
      'WORKSPACE_ADMIN_ONLY',
    );
    const bad = await call(app, owner, 'POST', hooksPath(), {
      name: ' ',
      url: 'ftp://example.com',
      events: [],
    });
    expectProblem(bad, 400, 'VALIDATION_FAILED');
    expect(bad.body).toContain('http:// 또는 https://');
    expect(bad.body).toContain('받을 이벤트를 하나 이상');
  });

  it('refuses addresses inside the server’s own networks unless an admin allowed them', async () => {
    const strictOwner = await createUser(strictApp, '기본 설치');
    const space = dataOf<{ id: number }>(
      await call(strictApp, strictOwner, 'POST', '/api/workspaces', { name: '기본' }),
    );
    const path = `/api/workspaces/${space.id}/webhooks`;
    for (const url of [
      receiverUrl,
      'http://localhost:9/',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.8/',
      'http://[::1]:9/',
    ]) {
      const refused = await call(strictApp, strictOwner, 'POST', path, {
        name: '내부',
        url,
        events: ['member.joined'],
      });
      expectProblem(refused, 400, 'WEBHOOK_URL_REFUSED');
    }
    // A name is judged by what it resolves to on every send: here a name that resolved to a
    // public address when saved and leads to loopback now (as a DNS answer can change), played by
    // writing `localhost` into the row. The receiver on that port must hear nothing.
    const byName = dataOf<CreatedOutgoingWebhook>(
      await call(strictApp, strictOwner, 'POST', path, {
        name: '이름으로',
        url: 'https://hooks.example.com/teamup',
        events: ['member.joined'],
      }),
    );
    await strictApp.context.database.db.execute(
      sql`UPDATE outgoing_webhooks SET url = ${`http://localhost:${new URL(receiverUrl).port}/sneaky`} WHERE id = ${byName.id}`,
    );
    await call(strictApp, strictOwner, 'POST', `${path}/${byName.id}/ping`);
    const [refused] = await until(
      async () =>
        dataOf<WebhookDelivery[]>(
          await call(strictApp, strictOwner, 'GET', `${path}/${byName.id}/deliveries`),
        ),
      (rows) => rows[0]?.status === 'FAILED',
      'the refused delivery',
    );
    // Refused before anything was sent, and not tried again.
    expect(refused?.attempts).toBe(1);
    expect(refused?.error).toContain('허용되지 않은 주소');
    expect(receiver.received.some((got) => got.path === '/sneaky')).toBe(false);
  });

  it('keeps at most ten per workspace', async () => {
    const existing = dataOf<OutgoingWebhook[]>(await call(app, owner, 'GET', hooksPath())).length;
    for (let i = existing; i < WebhookLimits.outgoingPerWorkspace; i += 1) {
      await createHook({ name: `훅 ${i}`, url: 'https://example.com/h', events: ['post.created'] });
    }
    expectProblem(
      await call(app, owner, 'POST', hooksPath(), {
        name: '하나 더',
        url: 'https://example.com/h',
        events: ['post.created'],
      }),
      409,
      'WEBHOOK_LIMIT',
    );
  });
});

describe('incoming webhooks', () => {
  const roomHooks = () => `/api/workspaces/${workspaceId}/chat-rooms/${groupRoomId}/webhooks`;
  const postTo = (url: string, payload: unknown) =>
    app.inject({ method: 'POST', url: new URL(url).pathname, payload: payload as object });

  it('posts a Slack-style text into the room as the named bot', async () => {
    // The outgoing tests' messages left unread notices of this room, which a new one folds into.
    for (const user of [owner, member]) {
      await call(app, user, 'PATCH', '/api/notifications/read-all');
    }
    const made = await call(app, owner, 'POST', roomHooks(), { name: '빌드 봇' });
    expect(made.statusCode, made.body).toBe(201);
    const hook = dataOf<CreatedIncomingWebhook>(made);
    expect(hook.url).toMatch(/^http:\/\/localhost:8081\/api\/hooks\/tup_hook_/);

    const posted = await postTo(hook.url, {
      text: '빌드 #42 성공 ✅',
      username: 'ignored',
      icon_emoji: ':tada:',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const { messageId } = dataOf<{ ok: true; messageId: number }>(posted);

    const messages = dataOf<{ content: ChatMessage[] }>(
      await call(
        app,
        member,
        'GET',
        `/api/workspaces/${workspaceId}/chat-rooms/${groupRoomId}/messages`,
      ),
    ).content;
    const shown = messages.find((message) => message.id === messageId);
    expect(shown).toMatchObject({
      content: '빌드 #42 성공 ✅',
      senderName: '빌드 봇',
      senderId: 0,
      bot: true,
    });
    // It rings the room's members' bells, as a person's message does, naming the bot.
    const bellOf = async (user: TestUser) =>
      dataOf<{ content: Notification[] }>(await call(app, user, 'GET', '/api/notifications'))
        .content;
    const roomLink = `/ws/${workspaceId}/chat/${groupRoomId}`;
    await expect
      .poll(async () => (await bellOf(member)).find((notice) => notice.link === roomLink))
      .toMatchObject({
        kind: 'CHAT_MESSAGE',
        message: '알림 방: 빌드 봇님이 메시지를 보냈습니다.',
      });
    expect((await bellOf(owner)).find((notice) => notice.link === roomLink)).toMatchObject({
      message: '알림 방: 빌드 봇님이 메시지를 보냈습니다.',
    });
    const listed = dataOf<IncomingWebhook[]>(await call(app, owner, 'GET', roomHooks()));
    expect(listed.map((row) => row.name)).toEqual(['빌드 봇']);
    expect(listed[0]?.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(new URL(hook.url).pathname);

    expectProblem(await postTo(hook.url, { blocks: [] }), 400, 'VALIDATION_FAILED');
    expectProblem(
      await app.inject({
        method: 'POST',
        url: '/api/hooks/tup_hook_nothing',
        payload: { text: 'x' },
      }),
      404,
      'WEBHOOK_NOT_FOUND',
    );

    expect((await call(app, owner, 'DELETE', `${roomHooks()}/${hook.id}`)).statusCode).toBe(204);
    expectProblem(await postTo(hook.url, { text: '삭제된 뒤' }), 404, 'WEBHOOK_NOT_FOUND');
  });

  it('takes at most sixty posts a minute per webhook', async () => {
    const hook = dataOf<CreatedIncomingWebhook>(
      await call(app, owner, 'POST', roomHooks(), { name: '수다 봇' }),
    );
    for (let i = 0; i < WebhookLimits.incomingPerMinute; i += 1) {
      expect((await postTo(hook.url, { text: `${i}` })).statusCode).toBe(200);
    }
    expectProblem(await postTo(hook.url, { text: '넘침' }), 429, 'RATE_LIMITED');
  });

  it('is managed by the room’s owner and the workspace’s admins only', async () => {
    expectProblem(
      await call(app, member, 'POST', roomHooks(), { name: '몰래 봇' }),
      403,
      'WEBHOOK_FORBIDDEN',
    );
    expectProblem(await call(app, member, 'GET', roomHooks()), 403, 'WEBHOOK_FORBIDDEN');
    const audit = dataOf<AuditPage>(
      await call(app, owner, 'GET', '/api/admin/audit?action=WEBHOOK_CREATED'),
    );
    expect(audit.events.map((event) => event.target?.label)).toContain('빌드 봇');
  });
});
