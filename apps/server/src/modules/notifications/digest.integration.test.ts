import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { ChatRoom } from '@teamup/contracts/chat';
import { nextTimeOfDay, type DeliverySettings } from '@teamup/contracts/delivery';
import type { Page } from '@teamup/contracts/common';
import type { Notification } from '@teamup/contracts/notifications';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { sendDigest } from './digest';

let app: TestApp;
let sink: SmtpSink;
let away: TestUser;
let friend: TestUser;
let workspace: Workspace;
let dm: ChatRoom;
let group: ChatRoom;
/** The test's clock: the notices' times and quiet hours follow it. */
// 12:00 in Seoul on a Monday, years ahead: the job runner (real time) must never find this test's
// digests due by itself, as it did once the real date passed a date written here.
let now = new Date('2036-12-01T03:00:00Z');

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await createTestApp({ SMTP_URL: sink.url }, { now: () => new Date(now) });
  away = await createUser(app, '자리비움');
  friend = await createUser(app, '친구');
  workspace = dataOf<Workspace>(
    await call(app, friend, 'POST', '/api/workspaces', { name: '요약 수업' }),
  );
  await call(app, away, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  const rooms = `/api/workspaces/${workspace.id}/chat-rooms`;
  dm = dataOf<ChatRoom>(
    await call(app, friend, 'POST', `${rooms}/create-dm`, { chatMemberIdList: [away.userId] }),
  );
  group = dataOf<ChatRoom>(
    await call(app, friend, 'POST', `${rooms}/create`, {
      name: '조별 과제',
      chatMemberIdList: [away.userId],
    }),
  );
});
afterAll(async () => {
  await app.close();
  await sink.close();
});

const later = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60_000);
};
async function send(room: ChatRoom, content: string) {
  later(1);
  const sent = await call(
    app,
    friend,
    'POST',
    `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/messages`,
    { content },
  );
  expect(sent.statusCode, sent.body).toBe(201);
  // The message's notices are written after it is answered (domain events): a digest asked right
  // after must find them, however loaded the machine.
  await app.context.domainEvents.settled();
}
const setDelivery = async (settings: DeliverySettings) =>
  expect((await call(app, away, 'PUT', '/api/notifications/delivery', settings)).statusCode).toBe(
    200,
  );
const defaults: DeliverySettings = {
  digest: 'AFTER_15_MIN',
  quietHours: { enabled: false, start: '23:00', end: '08:00', allowMentions: false },
  timeZone: 'Asia/Seoul',
  taskReminders: ['24H', '1H'],
};

describe('the digest mail', () => {
  it('tells the unread mentions and direct messages, with links and a one-click unsubscribe', async () => {
    await send(dm, '내일 발표 자료 봤어?');
    await send(dm, '답장 부탁해');
    await send(group, `<@${away.userId}> 회의록 확인해주세요`);
    await send(group, '그냥 잡담'); // a group message without a mention: not in a digest
    expect(await sendDigest(app.context, away.userId)).toEqual({ sent: true, notices: 2 });
    const mail = await sink.waitForMail(away.email);
    expect(mail.subject).toBe('[TeamUp] 읽지 않은 멘션 1개, DM 1개');
    expect(mail.text).toContain('자리비움님, 자리를 비운 사이 읽지 않은 알림이 있습니다.');
    expect(mail.text).toContain(`/#/ws/${workspace.id}/chat/${dm.id}`);
    expect(mail.text).not.toContain('잡담');
    // Parsed by a standard client too: RFC 8058's two headers, the HTML part with its links.
    const parsed = await simpleParser(mail.raw);
    // mailparser gathers the List-* fields under `list`.
    const list = parsed.headers.get('list') as
      { unsubscribe?: { url?: string }; 'unsubscribe-post'?: { name?: string } } | undefined;
    expect(list?.['unsubscribe-post']?.name).toBe('List-Unsubscribe=One-Click');
    const listUrl = list?.unsubscribe?.url;
    if (!listUrl) throw new Error('no List-Unsubscribe URL');
    expect(listUrl).toMatch(/\/api\/notifications\/digest\/unsubscribe\?token=/);
    expect(parsed.html).toContain(`/#/ws/${workspace.id}/chat/${dm.id}`);

    // Nothing new since: no second mail.
    expect(await sendDigest(app.context, away.userId)).toEqual({
      sent: false,
      reason: 'NOTHING_NEW',
    });

    // A new direct message comes; the mention is read meanwhile: the next digest has the DM only.
    await send(dm, '하나 더');
    const inbox = dataOf<Page<Notification>>(
      await call(app, away, 'GET', '/api/notifications?size=50'),
    ).content;
    const mention = inbox.find((item) => item.kind === 'MENTION');
    if (!mention) throw new Error('no mention notice');
    await call(app, away, 'PATCH', `/api/notifications/${mention.id}/read`);
    await send(group, `<@${away.userId}> 이건 새 멘션`);
    await call(app, away, 'PATCH', `/api/notifications/read-all`);
    await send(dm, '마지막');
    expect(await sendDigest(app.context, away.userId)).toEqual({ sent: true, notices: 1 });
    const second = await sink.waitForMail(away.email);
    expect(second.subject).toBe('[TeamUp] 읽지 않은 DM 1개');
    expect(second.text).not.toContain('언급했습니다');

    // The one-click unsubscribe a mail client makes: a form POST to the header's URL.
    const url = new URL(listUrl);
    const oneClick = await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(204);
    const after = dataOf<DeliverySettings>(
      await call(app, away, 'GET', '/api/notifications/delivery'),
    );
    expect(after.digest).toBe('OFF');
    await send(dm, '꺼진 뒤');
    expect(await sendDigest(app.context, away.userId)).toEqual({ sent: false, reason: 'OFF' });
  });

  it('waits for the end of quiet hours, in the member’s zone', async () => {
    await setDelivery({
      ...defaults,
      quietHours: { enabled: true, start: '11:00', end: '14:30', allowMentions: false },
    });
    now = new Date('2036-12-01T04:00:00Z'); // 13:00 in Seoul
    await send(dm, '점심 먹었어?');
    expect(await sendDigest(app.context, away.userId)).toEqual({
      sent: false,
      reason: 'QUIET',
      retryAt: new Date('2036-12-01T05:30:00Z'),
    });
    now = new Date('2036-12-01T05:30:00Z');
    expect(await sendDigest(app.context, away.userId)).toMatchObject({ sent: true });
    expect((await sink.waitForMail(away.email)).text).toContain(`/chat/${dm.id}`);
  });

  it('refuses an unsubscribe link that is not one of ours, with a Korean problem', async () => {
    for (const token of ['nope', 'eyJhbGciOiJIUzI1NiJ9.e30.bad']) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/notifications/digest/unsubscribe?token=${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expectProblem(response, 400, 'UNSUBSCRIBE_LINK_INVALID');
    }
    // The web page's JSON POST takes the same route.
    const missing = await app.inject({
      method: 'POST',
      url: '/api/notifications/digest/unsubscribe',
      payload: {},
    });
    expectProblem(missing, 400, 'VALIDATION_FAILED');
  });
});

describe('when digests go out', () => {
  type JobRow = { key: string; status: string; dueAt: string | Date; payload: unknown };
  const jobsOf = async (userId: number): Promise<JobRow[]> => {
    const result = (await app.context.database.db.execute(sql`
      SELECT key, status, due_at AS "dueAt", payload FROM scheduled_jobs
      WHERE key LIKE ${`notifications.digest:%:${userId}`} ORDER BY key`)) as { rows: JobRow[] };
    return result.rows;
  };

  it('mails one digest 15 minutes after the first direct message to a member who is away', async () => {
    const late = await createUser(app, '늦잠');
    await call(app, late, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
    const room = dataOf<ChatRoom>(
      await call(app, friend, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/create-dm`, {
        chatMemberIdList: [late.userId],
      }),
    );
    await send(room, '일어났어?');
    const first = new Date(now);
    await send(room, '회의 10분 전이야');
    // One job, due 15 minutes after the first message: the second did not push it back.
    const [job] = await jobsOf(late.userId);
    expect(job).toMatchObject({
      key: `notifications.digest:away:${late.userId}`,
      status: 'pending',
      payload: { userId: late.userId, whenAway: true },
    });
    expect(new Date(job?.dueAt ?? '').toISOString()).toBe(
      new Date(first.getTime() + 15 * 60_000).toISOString(),
    );
    // Its time comes (the runner goes by the database's clock): the runner mails it.
    await app.context.database.db.execute(
      sql`UPDATE scheduled_jobs SET due_at = now() - interval '1 second' WHERE key = ${job?.key}`,
    );
    const mail = await sink.waitForMail(late.email);
    expect(mail.subject).toBe('[TeamUp] 읽지 않은 DM 1개');
    // People in the notices' texts are named as they are now, not left as tokens.
    expect(mail.text).toContain('1:1 채팅: 친구님');
    expect(mail.text).not.toMatch(/[\uE000\uE001]/);
    await expect.poll(async () => (await jobsOf(late.userId))[0]?.status).toBe('done');
  });

  it('runs digests due together as one batch, each member mailed their own notices only', async () => {
    const members: { user: TestUser; room: ChatRoom }[] = [];
    for (const name of ['하나', '둘', '셋']) {
      const user = await createUser(app, `묶음${name}`);
      await call(app, user, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
      const room = dataOf<ChatRoom>(
        await call(app, friend, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/create-dm`, {
          chatMemberIdList: [user.userId],
        }),
      );
      members.push({ user, room });
    }
    for (const [index, { room }] of members.entries()) {
      for (let count = 0; count <= index; count += 1) await send(room, `묶음 ${index}-${count}`);
    }
    // Their times come at once: one round of the runner claims all three.
    const keys = members.map(({ user }) => `notifications.digest:away:${user.userId}`);
    await app.context.database.db.execute(
      sql`UPDATE scheduled_jobs SET due_at = now() - interval '1 second'
          WHERE key IN (${sql.join(
            keys.map((key) => sql`${key}`),
            sql`, `,
          )})`,
    );
    for (const [index, { user }] of members.entries()) {
      const mail = await sink.waitForMail(user.email);
      // The DM's notice folds the messages: one item counting them.
      expect(mail.subject).toBe('[TeamUp] 읽지 않은 DM 1개');
      expect(mail.to).toContain(user.email);
      expect(mail.text).toContain(index === 0 ? '메시지를 보냈습니다.' : `${index + 1}개`);
      for (const other of members.filter((_, at) => at !== index)) {
        expect(mail.text).not.toContain(`/chat/${other.room.id}`);
      }
      expect(mail.text).toContain(`/chat/${members[index]?.room.id}`);
    }
    for (const { user } of members) {
      await expect.poll(async () => (await jobsOf(user.userId))[0]?.status).toBe('done');
      // Recorded as told: nothing new for the next one.
      expect(await sendDigest(app.context, user.userId)).toEqual({
        sent: false,
        reason: 'NOTHING_NEW',
      });
    }
    // Done in one transaction: now() is the transaction's start, the same for the three.
    const finished = (await app.context.database.db.execute(
      sql`SELECT DISTINCT done_at FROM scheduled_jobs WHERE key IN (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )})`,
    )) as { rows: unknown[] };
    expect(finished.rows).toHaveLength(1);
  });

  it('keeps a daily digest at 09:00 in the member’s zone, and none once turned off', async () => {
    const daily = await createUser(app, '아침형');
    await call(app, daily, 'PUT', '/api/notifications/delivery', {
      ...defaults,
      digest: 'DAILY_9AM',
      timeZone: 'Europe/London',
    });
    const [job] = await jobsOf(daily.userId);
    expect(job?.key).toBe(`notifications.digest:daily:${daily.userId}`);
    expect(new Date(job?.dueAt ?? '').toISOString()).toBe(
      nextTimeOfDay('Europe/London', '09:00', now).toISOString(),
    );
    await call(app, daily, 'PUT', '/api/notifications/delivery', { ...defaults, digest: 'OFF' });
    expect(await jobsOf(daily.userId)).toEqual([]);
  });
});
