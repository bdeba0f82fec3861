import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@teamup/contracts/admin';
import type { AuthSession } from '@teamup/contracts/auth';
import {
  PERSONAL_TOKEN_PREFIX,
  TokenLimits,
  type CreatedPersonalToken,
  type PersonalToken,
} from '@teamup/contracts/tokens';
import { endpointTables } from '@teamup/contracts/operations';
import { rowsOf } from '../../db/raw-rows';
import { tokenAccessOf } from '../../platform/auth/bearer';
import {
  call,
  createUser,
  dataOf,
  expectProblem,
  login,
  type TestUser,
} from '../../../test/factories';
import { openSse } from '../../../test/sse-client';
import { openStompSocket } from '../../../test/stomp-client';
import { createTestApp, listenLocally, type TestApp } from '../../../test/test-app';

/** A year ahead of real time (test-clock.ts), moved by the tests. */
let clockMs = Date.UTC(2037, 2, 2, 3, 0, 0);
let app: TestApp;
let baseUrl: string;
/** The instance's first account: its admin. */
let admin: TestUser;
let person: TestUser;
let workspace: { id: number };
let roomId: number;

beforeAll(async () => {
  app = await createTestApp({}, { now: () => new Date(clockMs) });
  baseUrl = await listenLocally(app);
  admin = await createUser(app, '관리자');
  person = await createUser(app, '토큰 주인');
  workspace = dataOf<{ id: number; inviteCode: string }>(
    await call(app, person, 'POST', '/api/workspaces', { name: '토큰 공간' }),
  );
  const friend = await createUser(app, '친구');
  const code = dataOf<{ inviteCode: string }>(
    await call(app, person, 'GET', `/api/workspaces/${workspace.id}`),
  ).inviteCode;
  await call(app, friend, 'POST', '/api/workspaces/join', { inviteCode: code });
  roomId = dataOf<{ id: number }>(
    await call(app, person, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/create`, {
      name: '토큰 방',
      chatMemberIdList: [friend.userId],
    }),
  ).id;
});
afterAll(async () => {
  await app.close();
});

const make = async (
  owner: TestUser,
  body: { name: string; scopes: string[]; expiresInDays?: number | null },
) => {
  const made = await call(app, owner, 'POST', '/api/users/me/tokens', body);
  expect(made.statusCode, made.body).toBe(201);
  return dataOf<CreatedPersonalToken>(made);
};
const withToken = (token: string) => ({ token });
const tokensOf = async (owner: TestUser) =>
  dataOf<PersonalToken[]>(await call(app, owner, 'GET', '/api/users/me/tokens'));
const send = (token: string, content: string) =>
  call(
    app,
    withToken(token),
    'POST',
    `/api/workspaces/${workspace.id}/chat-rooms/${roomId}/messages`,
    {
      content,
    },
  );

/** The problem's code, when the answer is one (a 204 has no body). */
const codeOf = (answer: { body: string }): string | undefined => {
  try {
    return (JSON.parse(answer.body) as { code?: string }).code;
  } catch {
    return undefined;
  }
};

describe('personal access tokens', () => {
  it('is shown once; only its hash and first characters are kept', async () => {
    const made = await make(person, { name: '백업 스크립트', scopes: ['read'] });
    expect(made.token.startsWith(PERSONAL_TOKEN_PREFIX)).toBe(true);
    expect(made.token.length).toBeGreaterThan(40);
    expect(made.prefix).toBe(made.token.slice(0, TokenLimits.shownPrefixLength));
    expect(made).toMatchObject({ name: '백업 스크립트', scopes: ['read'], lastUsedAt: null });
    // 90 days unless asked otherwise.
    expect(new Date(made.expiresAt ?? 0).getTime() - clockMs).toBe(90 * 86_400_000);

    const listed = (await tokensOf(person)).find((token) => token.id === made.id);
    expect(listed).toEqual({ ...made, token: undefined, lastUsedAt: null });
    expect(JSON.stringify(await tokensOf(person))).not.toContain(made.token);
    const stored = rowsOf<Record<string, unknown>>(
      await app.context.database.db.execute(
        sql`SELECT * FROM personal_tokens WHERE id = ${made.id}`,
      ),
    )[0];
    expect(Object.values(stored ?? {}).map(String)).not.toContain(made.token);
    expect(stored?.['token_hash']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads with read, writes with write, sends chat with chat, and nothing beyond', async () => {
    const reader = await make(person, { name: '읽기', scopes: ['read'] });
    const writer = await make(person, { name: '쓰기', scopes: ['read', 'write'] });
    const chatter = await make(person, { name: '채팅', scopes: ['chat'] });

    const me = await call(app, withToken(reader.token), 'GET', '/api/users/me');
    expect(me.statusCode, me.body).toBe(200);
    expect(dataOf<{ id: number }>(me).id).toBe(person.userId);
    const refused = await call(app, withToken(reader.token), 'PUT', '/api/users/me', {
      name: '바뀐 이름',
    });
    expect(expectProblem(refused, 403, 'PERSONAL_TOKEN_SCOPE').detail).toBe(
      "이 토큰에는 '쓰기' 권한이 없습니다.",
    );
    const renamed = await call(app, withToken(writer.token), 'PUT', '/api/users/me', {
      name: '토큰 주인',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    // A chat send needs the chat scope, which reads nothing else.
    expectProblem(await send(writer.token, '쓰기로는 안 됨'), 403, 'PERSONAL_TOKEN_SCOPE');
    const sent = await send(chatter.token, '토큰으로 보낸 메시지');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(dataOf<{ senderId: number }>(sent).senderId).toBe(person.userId);
    expectProblem(
      await call(app, withToken(chatter.token), 'GET', '/api/users/me'),
      403,
      'PERSONAL_TOKEN_SCOPE',
    );
  });

  it('never reaches account security or the admin, even with every scope', async () => {
    const all = await make(person, { name: '전부', scopes: ['read', 'write', 'chat'] });
    const adminAll = await make(admin, { name: '관리자 전부', scopes: ['read', 'write', 'chat'] });
    for (const [owner, method, url] of [
      [all, 'GET', '/api/auth/sessions'],
      [all, 'GET', '/api/users/me/tokens'],
      [all, 'POST', '/api/users/me/tokens'],
      [all, 'PUT', '/api/users/password'],
      [all, 'POST', '/api/auth/2fa/setup'],
      [all, 'POST', '/api/auth/logout'],
      [adminAll, 'GET', '/api/admin/users'],
      [adminAll, 'POST', `/api/admin/users/${person.userId}/deactivate`],
    ] as const) {
      const answer = await call(app, withToken(owner.token), method, url, {});
      expect(expectProblem(answer, 403, 'PERSONAL_TOKEN_NOT_ALLOWED').detail, url).toContain(
        '개인 액세스 토큰으로는 할 수 없는 작업입니다',
      );
    }
    // Its session is not a browser's: the session list leaves it out.
    const sessions = dataOf<AuthSession[]>(await call(app, person, 'GET', '/api/auth/sessions'));
    expect(sessions).toHaveLength(1);
  });

  it('every operation of the API refuses a token without what it needs, and only that', async () => {
    const tokenWith = async (scopes: string[]) =>
      (await make(person, { name: `모든 경로 ${scopes.join(',')}`, scopes })).token;
    const lacking = {
      session: await tokenWith(['read', 'write', 'chat']),
      read: await tokenWith(['write', 'chat']),
      write: await tokenWith(['read', 'chat']),
      chat: await tokenWith(['read', 'write']),
    };
    const having = { read: await tokenWith(['read']), write: await tokenWith(['write']) };
    const chatOnly = await tokenWith(['chat']);
    const hasIt = { ...having, chat: chatOnly };
    const wrong: string[] = [];
    let checked = 0;
    for (const endpoints of Object.values(endpointTables)) {
      for (const endpoint of Object.values(endpoints)) {
        if (endpoint.auth === 'public') continue;
        const access = tokenAccessOf(endpoint);
        // Ids nothing has: the calls that pass the token's check change nothing.
        const url = `/api${endpoint.path.replace(/:\w+/g, '999999')}`;
        const refused = await call(app, withToken(lacking[access]), endpoint.method, url, {});
        const code = codeOf(refused);
        const expected =
          access === 'session' ? 'PERSONAL_TOKEN_NOT_ALLOWED' : 'PERSONAL_TOKEN_SCOPE';
        if (refused.statusCode !== 403 || code !== expected) {
          wrong.push(
            `${endpoint.method} ${url} (${access}) without: ${refused.statusCode} ${code}`,
          );
        }
        if (access !== 'session') {
          const allowed = await call(app, withToken(hasIt[access]), endpoint.method, url, {});
          const allowedCode = codeOf(allowed) ?? '';
          if (allowedCode.startsWith('PERSONAL_TOKEN')) {
            wrong.push(`${endpoint.method} ${url} (${access}) with: ${allowedCode}`);
          }
        }
        checked += 1;
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(150);
  });

  it('revoking it ends it at once: requests, its stream and its STOMP socket', async () => {
    const token = await make(person, { name: '실시간', scopes: ['read', 'chat'] });
    const stream = await openSse(`${baseUrl}/api/sse/subscribe`, {
      authorization: `Bearer ${token.token}`,
    });
    expect(stream.status).toBe(200);
    const socket = await openStompSocket(`${baseUrl.replace('http', 'ws')}/ws`, token.token);
    expect(socket.opened).toBe(true);
    socket.send('CONNECT\naccept-version:1.2\nhost:teamup\nheart-beat:0,0\n\n\0');
    await socket.waitFor((frames) => frames.some((frame) => frame.command === 'CONNECTED'));

    const revoked = await call(app, person, 'DELETE', `/api/users/me/tokens/${token.id}`);
    expect(revoked.statusCode, revoked.body).toBe(204);
    await stream.ended;
    await socket.closed;
    expectProblem(
      await call(app, withToken(token.token), 'GET', '/api/users/me'),
      401,
      'SESSION_REVOKED',
    );
    expect((await tokensOf(person)).map((t) => t.id)).not.toContain(token.id);
    expectProblem(
      await call(app, person, 'DELETE', `/api/users/me/tokens/${token.id}`),
      404,
      'NOT_FOUND',
    );
    // Another person's token is not found either.
    const others = await make(admin, { name: '남의 것', scopes: ['read'] });
    expectProblem(
      await call(app, person, 'DELETE', `/api/users/me/tokens/${others.id}`),
      404,
      'NOT_FOUND',
    );
  });

  it('a STOMP socket needs the chat scope', async () => {
    const reader = await make(person, { name: '읽기 소켓', scopes: ['read'] });
    const socket = await openStompSocket(`${baseUrl.replace('http', 'ws')}/ws`, reader.token);
    expect(socket.opened).toBe(false);
  });

  it('its stream and its STOMP socket end at its expiry, as a browser token’s do at its own', async () => {
    const token = await make(person, {
      name: '곧 만료',
      scopes: ['read', 'chat'],
      expiresInDays: 30,
    });
    // The days offered are 30 or more: this one's end is brought to 3 s from now (the app's clock).
    const soon = new Date(clockMs + 3_000).toISOString();
    await app.context.database.db.execute(
      sql`UPDATE personal_tokens SET expires_at = ${soon}::timestamptz WHERE id = ${token.id}`,
    );
    await app.context.database.db.execute(
      sql`UPDATE auth_sessions SET expires_at = ${soon}::timestamptz
          WHERE id = (SELECT session_id FROM personal_tokens WHERE id = ${token.id})`,
    );
    const stream = await openSse(`${baseUrl}/api/sse/subscribe`, {
      authorization: `Bearer ${token.token}`,
    });
    expect(stream.status).toBe(200);
    const socket = await openStompSocket(`${baseUrl.replace('http', 'ws')}/ws`, null);
    socket.send(
      `CONNECT\naccept-version:1.2\nhost:teamup\nheart-beat:0,0\nAuthorization:Bearer ${token.token}\n\n\0`,
    );
    await socket.waitFor((frames) => frames.some((frame) => frame.command === 'CONNECTED'));
    const opened = Date.now();
    await expect.poll(() => stream.isEnded(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => socket.closeCode(), { timeout: 20_000 }).toBeDefined();
    // Ended by its deadline, not refused at once.
    expect(Date.now() - opened).toBeGreaterThan(1_000);
  });

  it('stops at its expiry; one made until revoked does not', async () => {
    const month = await make(person, { name: '한 달', scopes: ['read'], expiresInDays: 30 });
    const forever = await make(person, { name: '계속', scopes: ['read'], expiresInDays: null });
    expect(forever.expiresAt).toBeNull();
    clockMs += 31 * 86_400_000;
    expectProblem(
      await call(app, withToken(month.token), 'GET', '/api/users/me'),
      401,
      'SESSION_REVOKED',
    );
    expect((await call(app, withToken(forever.token), 'GET', '/api/users/me')).statusCode).toBe(
      200,
    );
    // The browser sessions of the month ended too: both sign in again.
    person = { ...person, ...(await login(app, person.email)) };
    admin = { ...admin, ...(await login(app, admin.email)) };
  });

  it('writes its last use at most once a minute', async () => {
    const token = await make(person, { name: '사용 기록', scopes: ['read'] });
    const lastUse = async () =>
      (await tokensOf(person)).find((t) => t.id === token.id)?.lastUsedAt ?? null;
    const use = () => call(app, withToken(token.token), 'GET', '/api/users/me');
    await use();
    await expect.poll(lastUse).toBe(new Date(clockMs).toISOString());
    const first = clockMs;
    clockMs += 30_000;
    await use();
    // Written off the request's path: give a write that should not happen the time to.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await lastUse()).toBe(new Date(first).toISOString());
    clockMs += 31_000;
    await use();
    await expect.poll(lastUse).toBe(new Date(clockMs).toISOString());
  });

  it('ends with its owner: deactivation and a password change revoke it too', async () => {
    const owner = await createUser(app, '비활성 토큰');
    const token = await make(owner, { name: '자동화', scopes: ['read'] });
    expect((await call(app, withToken(token.token), 'GET', '/api/users/me')).statusCode).toBe(200);
    const off = await call(app, admin, 'POST', `/api/admin/users/${owner.userId}/deactivate`);
    expect(off.statusCode, off.body).toBe(200);
    expectProblem(
      await call(app, withToken(token.token), 'GET', '/api/users/me'),
      401,
      'SESSION_REVOKED',
    );
    // Back in, the token stays ended and is no longer listed.
    await call(app, admin, 'POST', `/api/admin/users/${owner.userId}/reactivate`);
    const back = { ...owner, ...(await login(app, owner.email)) };
    expect(await tokensOf(back)).toEqual([]);

    // A password change signs out every other session: the tokens too.
    const kept = await make(back, { name: '비밀번호 전', scopes: ['read'] });
    const changed = await call(app, back, 'PUT', '/api/users/password', {
      currentPassword: 'Password1',
      newPassword: 'Password2',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expectProblem(
      await call(app, withToken(kept.token), 'GET', '/api/users/me'),
      401,
      'SESSION_REVOKED',
    );
  });

  it('refuses bad input in Korean, and a 21st token', async () => {
    for (const [body, field] of [
      [{ name: '', scopes: ['read'] }, 'name'],
      [{ name: 'x'.repeat(51), scopes: ['read'] }, 'name'],
      [{ name: '권한 없음', scopes: [] }, 'scopes'],
      [{ name: '이상한 권한', scopes: ['admin'] }, 'scopes.0'],
      [{ name: '이상한 기간', scopes: ['read'], expiresInDays: 7 }, 'expiresInDays'],
    ] as const) {
      const answer = await call(app, person, 'POST', '/api/users/me/tokens', body);
      const problem = expectProblem(answer, 400, 'VALIDATION_FAILED') as {
        errors?: Array<{ field: string; message: string }>;
      };
      expect(
        problem.errors?.map((error) => error.field),
        JSON.stringify(body),
      ).toContain(field);
      expect(problem.errors?.[0]?.message).toMatch(/[가-힣]/);
    }
    const owner = await createUser(app, '토큰 많음');
    for (let index = 0; index < TokenLimits.perPerson; index += 1) {
      await make(owner, { name: `토큰 ${index}`, scopes: ['read'] });
    }
    expectProblem(
      await call(app, owner, 'POST', '/api/users/me/tokens', { name: '하나 더', scopes: ['read'] }),
      409,
      'PERSONAL_TOKEN_LIMIT',
    );
  });

  it('the audit log tells of each token made and revoked, with where from', async () => {
    const token = await make(person, { name: '감사 토큰', scopes: ['read', 'write'] });
    await call(app, person, 'DELETE', `/api/users/me/tokens/${token.id}`);
    const page = dataOf<AuditPage>(
      await call(app, admin, 'GET', `/api/admin/audit?q=${encodeURIComponent('감사 토큰')}`),
    );
    expect(page.events.map((event) => event.action)).toEqual(['TOKEN_REVOKED', 'TOKEN_CREATED']);
    expect(page.events[1]).toMatchObject({
      actor: { id: person.userId },
      target: { type: 'TOKEN', id: String(token.id), label: '감사 토큰' },
      details: { scopes: 'read,write', expiresInDays: 90 },
    });
    expect(page.events.every((event) => event.ip && event.userAgent)).toBe(true);
  });
});
