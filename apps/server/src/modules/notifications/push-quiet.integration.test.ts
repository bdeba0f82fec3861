import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ChatRoom } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import type { DeliverySettings } from '@teamup/contracts/delivery';
import type { Notification } from '@teamup/contracts/notifications';
import { pushPayloadSchema, type PushPayload } from '@teamup/contracts/push';
import type { Workspace } from '@teamup/contracts/workspaces';
import { authHeader, call, createUser, dataOf, type TestUser } from '../../../test/factories';
import {
  startFakePushService,
  type FakeBrowser,
  type FakePushService,
} from '../../../test/fake-push-service';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { heldKey } from './push-held';
import { pushOutboxState } from './push-outbox';

/*
 * Quiet hours for web push (issue 43), end to end through a local RFC 8030 push service: pushes
 * held in a member's quiet hours (a mention let through when they allow it), one summary push of
 * what is still unread when the hours end (from the job table, run by the app's own runner), and
 * the bell unaffected. The app's clock is the test's; the runner goes by the database's clock, so
 * a job is made due by moving its due time to the database's now.
 */

let app: TestApp;
let service: FakePushService;
let workspace: Workspace;
let friend: TestUser;
/** 00:00 in Seoul, 10:00 in New York. */
let now = new Date('2037-11-30T15:00:00Z');

type Member = { user: TestUser; browser: FakeBrowser; dm: ChatRoom };
const members: Record<'sleeper' | 'mentionsOk' | 'reader' | 'abroad' | 'seoulNine', Member> =
  {} as Record<'sleeper' | 'mentionsOk' | 'reader' | 'abroad' | 'seoulNine', Member>;
let group: ChatRoom;

const rooms = () => `/api/workspaces/${workspace.id}/chat-rooms`;
const quiet = (
  start: string,
  end: string,
  allowMentions: boolean,
  timeZone = 'Asia/Seoul',
): DeliverySettings => ({
  digest: 'OFF',
  quietHours: { enabled: true, start, end, allowMentions },
  timeZone,
  taskReminders: ['24H', '1H'],
});

const opened = (browser: FakeBrowser) =>
  service.pushesTo(browser.name).map((push) => browser.open(push) as PushPayload);

async function pushesSettled() {
  await app.context.domainEvents.settled();
  await app.context.moduleState.get(pushOutboxState).flush();
}

async function send(roomId: number, content: string) {
  const sent = await call(app, friend, 'POST', `${rooms()}/${roomId}/messages`, { content });
  expect(sent.statusCode, sent.body).toBe(201);
}

const bell = async (user: TestUser) =>
  dataOf<Page<Notification>>(await call(app, user, 'GET', '/api/notifications?size=50')).content;

type JobRow = { status: string; dueAt: string | Date; payload: unknown };
async function heldJob(user: TestUser): Promise<JobRow | undefined> {
  const result = (await app.context.database.db.execute(sql`
    SELECT status, due_at AS "dueAt", payload FROM scheduled_jobs
    WHERE key = ${heldKey(user.userId)}`)) as { rows: JobRow[] };
  return result.rows[0];
}

/** The held-push job of `user` falls due now (by the database's clock) and is run. */
async function runHeldJob(user: TestUser) {
  await app.context.database.db.execute(
    sql`UPDATE scheduled_jobs SET due_at = now() - interval '1 second'
        WHERE key = ${heldKey(user.userId)}`,
  );
  await expect.poll(async () => (await heldJob(user))?.status, { timeout: 10_000 }).toBe('done');
  // The push goes once the job's transaction committed (setImmediate), then through the sender:
  // a while for one to arrive (the positive cases poll for it besides).
  await new Promise((resolve) => setTimeout(resolve, 500));
}

beforeAll(async () => {
  service = await startFakePushService();
  app = await createTestApp({ PUSH_TEST_ALLOW_LOCAL_HTTP: 'true' }, { now: () => new Date(now) });
  friend = await createUser(app, '친구');
  workspace = dataOf<Workspace>(
    await call(app, friend, 'POST', '/api/workspaces', { name: '방해금지 수업' }),
  );
  const settings = {
    sleeper: quiet('23:00', '08:00', false),
    mentionsOk: quiet('23:00', '08:00', true),
    reader: quiet('23:00', '08:00', false),
    // 10:00 in New York is in its quiet hours, 00:00 in Seoul is not in the same hours there.
    abroad: quiet('09:00', '12:00', false, 'America/New_York'),
    seoulNine: quiet('09:00', '12:00', false),
  };
  const names = {
    sleeper: '잠꾸러기',
    mentionsOk: '멘션허용',
    reader: '읽는이',
    abroad: '뉴욕',
    seoulNine: '서울',
  };
  for (const key of Object.keys(settings) as Array<keyof typeof settings>) {
    const user = await createUser(app, names[key]);
    await call(app, user, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
    const saved = await call(app, user, 'PUT', '/api/notifications/delivery', settings[key]);
    expect(saved.statusCode, saved.body).toBe(200);
    const browser = service.browser();
    const subscribed = await app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: authHeader(user.token),
      payload: { endpoint: browser.endpoint, keys: browser.keys, expirationTime: null },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const dm = dataOf<ChatRoom>(
      await call(app, friend, 'POST', `${rooms()}/create-dm`, { chatMemberIdList: [user.userId] }),
    );
    members[key] = { user, browser, dm };
  }
  group = dataOf<ChatRoom>(
    await call(app, friend, 'POST', `${rooms()}/create`, {
      name: '야간 조',
      chatMemberIdList: Object.values(members).map((member) => member.user.userId),
    }),
  );
  await pushesSettled();
  // What the room's creation told them (the invitation) is read: the tests start from none unread.
  for (const member of Object.values(members)) {
    await call(app, member.user, 'PATCH', '/api/notifications/read-all');
  }
});

afterAll(async () => {
  await app.close();
  await service.close();
});

describe('in quiet hours', () => {
  it('pushes no direct message, and a mention only to those who let mentions through', async () => {
    for (const member of Object.values(members)) {
      await send(member.dm.id, '자니? 내일 발표 자료 봤어?');
    }
    await send(
      group.id,
      `<@${members.sleeper.user.userId}> <@${members.mentionsOk.user.userId}> 확인 부탁`,
    );
    await pushesSettled();

    expect(opened(members.sleeper.browser)).toEqual([]);
    expect(opened(members.reader.browser)).toEqual([]);
    expect(opened(members.abroad.browser)).toEqual([]);
    expect(opened(members.mentionsOk.browser)).toMatchObject([
      { kind: 'MENTION', body: '야간 조에서 친구님이 회원님을 언급했습니다.' },
    ]);
    // The same hours in Seoul are not now (00:00 there): pushed as always.
    expect(
      opened(members.seoulNine.browser).filter(
        (push) => push.link === `/ws/${workspace.id}/chat/${members.seoulNine.dm.id}`,
      ),
    ).toMatchObject([{ kind: 'CHAT_MESSAGE', tag: `chat:${members.seoulNine.dm.id}` }]);
    expect(await heldJob(members.seoulNine.user)).toBeUndefined();
    expect(service.refused).toEqual([]);
  });

  it('leaves the bell and the lists as they are: every notice there, unread', async () => {
    const mine = await bell(members.sleeper.user);
    expect(mine.map((item) => [item.kind, item.read])).toEqual(
      expect.arrayContaining([
        ['CHAT_MESSAGE', false],
        ['MENTION', false],
      ]),
    );
    const count = dataOf<{ unreadCount: number }>(
      await call(app, members.sleeper.user, 'GET', '/api/notifications/unread-count'),
    );
    expect(count.unreadCount).toBe(2);
  });

  it('schedules one summary per member, when their quiet hours end in their own zone', async () => {
    const due = async (key: keyof typeof members) =>
      new Date((await heldJob(members[key].user))?.dueAt ?? '').toISOString();
    expect(await due('sleeper')).toBe('2037-11-30T23:00:00.000Z'); // 08:00 in Seoul
    expect(await due('reader')).toBe('2037-11-30T23:00:00.000Z');
    expect(await due('abroad')).toBe('2037-11-30T17:00:00.000Z'); // 12:00 in New York
  });
});

describe('when quiet hours end', () => {
  it('pushes one summary of what was held when their quiet hours end in their own zone', async () => {
    now = new Date('2037-11-30T17:00:00Z');
    await runHeldJob(members.abroad.user);
    await expect.poll(() => opened(members.abroad.browser).length).toBe(1);
    const got = opened(members.abroad.browser);
    // The direct message and the room's message, both unread.
    expect(got).toEqual([
      {
        notificationId: expect.any(Number) as unknown,
        kind: 'CHAT_MESSAGE',
        body: '방해금지 동안 읽지 않은 알림 2개',
        link: '/notifications',
        tag: 'quiet-summary',
        count: 2,
        timestamp: expect.any(String) as unknown,
      },
    ]);
    expect(pushPayloadSchema.safeParse(got[0]).success).toBe(true);
    // The sleeper's hours in Seoul (02:00 there) go on: nothing for them yet.
    expect(opened(members.sleeper.browser)).toEqual([]);
  });

  it('pushes one summary with the count and the list’s link; nothing when all was read', async () => {
    await send(members.sleeper.dm.id, '아직 자?');
    const readAll = await call(app, members.reader.user, 'PATCH', '/api/notifications/read-all');
    expect(readAll.statusCode, readAll.body).toBe(204);
    await pushesSettled();
    expect(opened(members.sleeper.browser)).toEqual([]);

    now = new Date('2037-11-30T23:00:00Z'); // 08:00 in Seoul
    for (const key of ['sleeper', 'mentionsOk', 'reader'] as const) {
      await runHeldJob(members[key].user);
    }
    await expect.poll(() => opened(members.sleeper.browser).length).toBe(1);
    await expect.poll(() => opened(members.mentionsOk.browser).length).toBe(2);
    const summary = opened(members.sleeper.browser);
    expect(summary).toEqual([
      {
        notificationId: expect.any(Number) as unknown,
        kind: 'CHAT_MESSAGE',
        body: '방해금지 동안 읽지 않은 알림 2개',
        link: '/notifications',
        tag: 'quiet-summary',
        count: 2,
        timestamp: expect.any(String) as unknown,
      },
    ]);
    expect(pushPayloadSchema.safeParse(summary[0]).success).toBe(true);
    // The mention went through at once: the summary is the direct message alone.
    expect(opened(members.mentionsOk.browser)).toMatchObject([
      { kind: 'MENTION' },
      {
        kind: 'CHAT_MESSAGE',
        tag: 'quiet-summary',
        count: 1,
        link: `/ws/${workspace.id}/chat/${members.mentionsOk.dm.id}`,
      },
    ]);
    expect(opened(members.reader.browser)).toEqual([]);
    expect(service.refused).toEqual([]);
  });

  it('pushes as always once the quiet hours are over', async () => {
    await send(members.sleeper.dm.id, '일어났구나');
    await pushesSettled();
    expect(opened(members.sleeper.browser).at(-1)).toMatchObject({
      tag: `chat:${members.sleeper.dm.id}`,
    });
  });
});
