import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import {
  adminEndpoints,
  auditActions,
  type AdminUser,
  type AuditPage,
  type InstanceSettings,
  type InstanceStats,
  type Invitation,
} from '@teamup/contracts/admin';
import type { Page } from '@teamup/contracts/common';
import type { User } from '@teamup/contracts/users';
import {
  call,
  createUser,
  dataOf,
  expectProblem,
  login,
  mailedCode,
  multipartBody,
  post,
  signUp,
  uniqueEmail,
  type TestUser,
} from '../../../test/factories';
import { openSse } from '../../../test/sse-client';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { createTestApp, listenLocally, type TestApp } from '../../../test/test-app';
import { pruneAudit } from '../../platform/audit/audit-log';
import { promoteNamedAdmins } from './admin.service';

let app: TestApp;
let sink: SmtpSink;
let baseUrl: string;
/** The first account of this fresh instance: its admin. */
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await createTestApp({ SMTP_URL: sink.url });
  baseUrl = await listenLocally(app);
  admin = await createUser(app, '관리자');
  member = await createUser(app, '구성원');
});
afterAll(async () => {
  await app.close();
  await sink.close();
});

const me = async (user: { token: string }) =>
  dataOf<User>(await call(app, user, 'GET', '/api/users/me'));
const setPolicy = (body: object) => call(app, admin, 'PUT', '/api/admin/settings', body);

describe('the instance admin', () => {
  it('is the first account of a fresh instance; the next ones are not', async () => {
    expect((await me(admin)).role).toBe('ADMIN');
    expect((await me(member)).role).toBe('USER');
  });

  it('every admin call answers 403 ADMIN_REQUIRED to anyone else, before reading its input', async () => {
    for (const endpoint of Object.values(adminEndpoints)) {
      const path = `/api${endpoint.path.replace(':id', String(admin.userId))}`;
      // A body that would not validate: the 403 comes first.
      const answer = await call(app, member, endpoint.method, path, { nonsense: true });
      expectProblem(answer, 403, 'ADMIN_REQUIRED');
      expect(answer.json<{ detail: string }>().detail).toBe(
        '인스턴스 관리자만 사용할 수 있습니다.',
      );
    }
  });

  it('lists and finds people by name or e-mail, with their state, newest first', async () => {
    const page = dataOf<Page<AdminUser>>(
      await call(app, admin, 'GET', '/api/admin/users?size=100'),
    );
    expect(page.content.map((person) => person.id)).toEqual(
      [...page.content.map((person) => person.id)].sort((x, y) => y - x),
    );
    const found = dataOf<Page<AdminUser>>(
      await call(app, admin, 'GET', `/api/admin/users?q=${encodeURIComponent('구성')}`),
    );
    expect(found.content).toHaveLength(1);
    expect(found.content[0]).toMatchObject({
      id: member.userId,
      name: '구성원',
      email: member.email,
      role: 'USER',
      deactivatedAt: null,
      workspaceCount: 0,
    });
    expect(found.content[0]?.lastActiveAt).not.toBeNull();
    // LIKE's pattern characters are taken literally.
    const none = dataOf<Page<AdminUser>>(await call(app, admin, 'GET', '/api/admin/users?q=%25'));
    expect(none.totalElements).toBe(0);
    const admins = dataOf<Page<AdminUser>>(
      await call(app, admin, 'GET', '/api/admin/users?status=ADMIN'),
    );
    expect(admins.content.map((person) => person.id)).toEqual([admin.userId]);
    expectProblem(
      await call(app, admin, 'GET', '/api/admin/users?status=GONE'),
      400,
      'VALIDATION_FAILED',
    );
  });

  it("tells the instance's figures", async () => {
    const stats = dataOf<InstanceStats>(await call(app, admin, 'GET', '/api/admin/stats'));
    expect(stats.users.total).toBeGreaterThanOrEqual(2);
    expect(stats.users.active).toBe(stats.users.total - stats.users.deactivated);
    expect(stats.users.admins).toBeGreaterThanOrEqual(1);
    expect(stats.users.joinedLast7Days).toBe(stats.users.total);
    expect(stats.registration).toBe('OPEN');
    expect(stats.files).toEqual({ count: 0, bytes: 0 });
  });
});

describe('who may register', () => {
  it('refuses a malformed policy with field errors, in Korean', async () => {
    const noDomain = await setPolicy({ registration: 'DOMAINS', allowedDomains: [] });
    expectProblem(noDomain, 400, 'VALIDATION_FAILED');
    expect(noDomain.body).toContain('허용할 도메인을 하나 이상 입력해주세요.');
    const badDomain = await setPolicy({
      registration: 'DOMAINS',
      allowedDomains: ['not a domain'],
    });
    expectProblem(badDomain, 400, 'VALIDATION_FAILED');
    expect(badDomain.body).toContain('올바른 도메인을 입력해주세요.');
  });

  it('invite-only: an uninvited address gets no code; an invited one registers and uses its invitation', async () => {
    const saved = await setPolicy({ registration: 'INVITE_ONLY' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<InstanceSettings>(saved)).toMatchObject({ registration: 'INVITE_ONLY' });

    const stranger = uniqueEmail('stranger');
    const refused = await post(app, '/api/auth/email/request', { email: stranger });
    expectProblem(refused, 403, 'REGISTRATION_CLOSED');
    expect(refused.json<{ detail: string }>().detail).toContain('초대받은 이메일 주소로만');

    const guest = uniqueEmail('guest');
    const invited = await call(app, admin, 'POST', '/api/admin/invitations', {
      emails: [guest.toUpperCase(), guest],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(dataOf<Invitation[]>(invited).filter((i) => i.email === guest)).toHaveLength(1);
    const account = await signUp(app, sink, guest);
    const after = dataOf<Invitation[]>(await call(app, admin, 'GET', '/api/admin/invitations'));
    const used = after.find((invitation) => invitation.email === guest);
    expect(used?.usedAt).not.toBeNull();
    expect(used?.invitedBy).toEqual({ id: admin.userId, name: '관리자' });
    expect((await login(app, guest)).userId).toBe(account.id);

    // A withdrawn invitation lets no one in; withdrawing it twice is a 404.
    const late = uniqueEmail('late');
    const [mine] = dataOf<Invitation[]>(
      await call(app, admin, 'POST', '/api/admin/invitations', { emails: [late] }),
    );
    expect(mine?.email).toBe(late);
    const withdrawn = await call(app, admin, 'DELETE', `/api/admin/invitations/${mine?.id}`);
    expect(withdrawn.statusCode).toBe(204);
    expectProblem(
      await call(app, admin, 'DELETE', `/api/admin/invitations/${mine?.id}`),
      404,
      'NOT_FOUND',
    );
    expectProblem(
      await post(app, '/api/auth/email/request', { email: late }),
      403,
      'REGISTRATION_CLOSED',
    );
  });

  it('domains: an address of a listed domain or its subdomain registers; others are told why', async () => {
    const saved = await setPolicy({
      registration: 'DOMAINS',
      allowedDomains: ['School.ac.kr', 'school.ac.kr'],
    });
    expect(dataOf<InstanceSettings>(saved).allowedDomains).toEqual(['school.ac.kr']);
    await signUp(app, sink, `학생${Date.now()}@school.ac.kr`.replace('학생', 'student'));
    await signUp(app, sink, `t${Date.now()}@mail.school.ac.kr`);
    for (const email of [
      `x${Date.now()}@evilschool.ac.kr`,
      `y${Date.now()}@school.ac.kr.evil.com`,
    ]) {
      const refused = await post(app, '/api/auth/email/request', { email });
      expectProblem(refused, 403, 'REGISTRATION_CLOSED');
      expect(refused.json<{ detail: string }>().detail).toContain('가입할 수 없는 이메일 도메인');
    }
  });

  it('a code mailed while registration was open is refused at sign-up once it closed', async () => {
    await setPolicy({ registration: 'OPEN' });
    const email = uniqueEmail('closing');
    const code = await mailedCode(app, sink, email);
    const verified = await post(app, '/api/auth/email/verify', { email, verificationCode: code });
    expect(verified.statusCode).toBe(200);
    await setPolicy({ registration: 'INVITE_ONLY' });
    const registered = await post(app, '/api/users/register', {
      email,
      password: 'Password1',
      confirmPassword: 'Password1',
    });
    expectProblem(registered, 403, 'REGISTRATION_CLOSED');
    await setPolicy({ registration: 'OPEN' });
    // Nothing half-written: the verified code still serves once the policy allows it.
    const again = await post(app, '/api/users/register', {
      email,
      password: 'Password1',
      confirmPassword: 'Password1',
    });
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe('deactivating a person', () => {
  it('ends their sessions and streams at once, refuses their sign-in, keeps their account; reactivating lets them back', async () => {
    const person = await createUser(app, '비활성 예정');
    const place = dataOf<{ id: number; inviteCode: string }>(
      await call(app, admin, 'POST', '/api/workspaces', { name: '비활성 확인 공간' }),
    );
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: place.inviteCode });
    const stream = await openSse(`${baseUrl}/api/sse/subscribe`, {
      authorization: `Bearer ${person.token}`,
    });
    expect(stream.status).toBe(200);

    const done = await call(app, admin, 'POST', `/api/admin/users/${person.userId}/deactivate`);
    expect(done.statusCode, done.body).toBe(200);
    expect(dataOf<AdminUser>(done).deactivatedAt).not.toBeNull();
    await stream.ended;
    expectProblem(await call(app, person, 'GET', '/api/users/me'), 401, 'SESSION_REVOKED');
    // The tab's refresh is told why (the app shows it as it returns to the login).
    const refreshed = await post(app, '/api/auth/refresh', { refreshToken: person.refreshToken });
    expect(expectProblem(refreshed, 401, 'ACCOUNT_DEACTIVATED').detail).toBe(
      '비활성화된 계정입니다. 관리자에게 문의해주세요.',
    );

    // The right password is told the account is off; a wrong one learns nothing new.
    const refused = await post(app, '/api/auth/login', {
      email: person.email,
      password: 'Password1',
    });
    expectProblem(refused, 403, 'ACCOUNT_DEACTIVATED');
    expect(refused.json<{ detail: string }>().detail).toBe(
      '비활성화된 계정입니다. 관리자에게 문의해주세요.',
    );
    expectProblem(
      await post(app, '/api/auth/login', { email: person.email, password: 'Wrong-1234' }),
      401,
      'INVALID_CREDENTIALS',
    );
    // What they wrote and where they were stay; co-members see them as deactivated.
    const members = dataOf<Array<{ id: number; deactivated: boolean }>>(
      await call(app, admin, 'GET', `/api/workspaces/${place.id}/members`),
    );
    expect(members.find((m) => m.id === person.userId)?.deactivated).toBe(true);
    expect(members.find((m) => m.id === admin.userId)?.deactivated).toBe(false);
    const listed = dataOf<Page<AdminUser>>(
      await call(app, admin, 'GET', '/api/admin/users?status=DEACTIVATED'),
    );
    expect(listed.content.map((p) => p.id)).toContain(person.userId);

    const back = await call(app, admin, 'POST', `/api/admin/users/${person.userId}/reactivate`);
    expect(dataOf<AdminUser>(back).deactivatedAt).toBeNull();
    expect((await login(app, person.email)).userId).toBe(person.userId);
  });

  it('an admin can neither deactivate nor demote themself; an unknown person is a 404', async () => {
    const self = await call(app, admin, 'POST', `/api/admin/users/${admin.userId}/deactivate`);
    expectProblem(self, 400, 'ADMIN_SELF');
    expect(self.json<{ detail: string }>().detail).toBe('자기 자신은 비활성화할 수 없습니다.');
    expectProblem(
      await call(app, admin, 'PUT', `/api/admin/users/${admin.userId}/role`, { role: 'USER' }),
      400,
      'ADMIN_SELF',
    );
    expectProblem(
      await call(app, admin, 'POST', '/api/admin/users/999999/deactivate'),
      404,
      'USER_NOT_FOUND',
    );
  });

  it('two admins deactivating each other at once: one wins, the instance keeps an admin', async () => {
    const second = await createUser(app, '두 번째 관리자');
    const made = await call(app, admin, 'PUT', `/api/admin/users/${second.userId}/role`, {
      role: 'ADMIN',
    });
    expect(dataOf<AdminUser>(made).role).toBe('ADMIN');
    const answers = await Promise.all([
      call(app, admin, 'POST', `/api/admin/users/${second.userId}/deactivate`),
      call(app, second, 'POST', `/api/admin/users/${admin.userId}/deactivate`),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // The loser is refused as the last admin (409), or no longer an admin by the time it asks (401/403).
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.some((status) => [401, 403, 409].includes(status))).toBe(true);
    const stats = dataOf<InstanceStats>(
      await call(app, answers[0]?.statusCode === 200 ? admin : second, 'GET', '/api/admin/stats'),
    );
    expect(stats.users.admins).toBe(1);
    // Put things back for the tests after this one.
    const winner = answers[0]?.statusCode === 200 ? admin : second;
    const loser = winner === admin ? second : admin;
    await call(app, winner, 'POST', `/api/admin/users/${loser.userId}/reactivate`);
    if (loser === admin) admin = await login(app, admin.email).then((t) => ({ ...admin, ...t }));
  });
});

describe('ADMIN_EMAILS', () => {
  it('names the admins: the first account is then not one, a named one is, at sign-up or at start', async () => {
    const named = uniqueEmail('named-admin');
    const alsoNamed = uniqueEmail('also-named');
    const earlier = uniqueEmail('earlier');
    const other = await createTestApp({
      SMTP_URL: sink.url,
      ADMIN_EMAILS: ` ${named.toUpperCase()}, ${alsoNamed} `,
    });
    const roleIn = async (tokens: { token: string }) =>
      dataOf<User>(await call(other, tokens, 'GET', '/api/users/me')).role;
    try {
      const first = await createUser(other, '첫 계정');
      expect(await roleIn(first)).toBe('USER');
      await signUp(other, sink, named);
      const namedTokens = await login(other, named);
      expect(await roleIn(namedTokens)).toBe('ADMIN');
      await signUp(other, sink, earlier);

      // A named admin may register whatever the policy says (or no one could open the instance).
      const closed = await call(other, namedTokens, 'PUT', '/api/admin/settings', {
        registration: 'INVITE_ONLY',
      });
      expect(closed.statusCode, closed.body).toBe(200);
      await signUp(other, sink, alsoNamed);
      expect(await roleIn(await login(other, alsoNamed))).toBe('ADMIN');

      // An account made before its address was named becomes an admin at the next start.
      const restarted = {
        ...other.context,
        config: { ...other.context.config, adminEmails: [earlier] },
      };
      await promoteNamedAdmins(restarted);
      expect(await roleIn(await login(other, earlier))).toBe('ADMIN');
    } finally {
      await other.close();
    }
  });
});

describe('the audit log', () => {
  const audit = async (query = '') =>
    dataOf<AuditPage>(await call(app, admin, 'GET', `/api/admin/audit${query}`));

  it('records sign-ins and failures with the address and browser they came from', async () => {
    const person = await createUser(app, '감사 대상');
    const failed = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: 'Wrong-1234' },
      headers: { 'user-agent': 'AuditTest/1.0' },
    });
    expect(failed.statusCode).toBe(401);
    const page = await audit(`?q=${encodeURIComponent(person.email)}`);
    const actions = page.events.map((event) => event.action);
    expect(actions).toEqual(
      expect.arrayContaining(['SIGN_IN_FAILED', 'SIGN_IN', 'ACCOUNT_CREATED']),
    );
    const failure = page.events.find((event) => event.action === 'SIGN_IN_FAILED');
    expect(failure).toMatchObject({
      actor: { id: person.userId, label: person.email },
      userAgent: 'AuditTest/1.0',
      details: { reason: 'PASSWORD' },
    });
    expect(failure?.ip).toBeTruthy();
    const unknown = uniqueEmail('nobody');
    await post(app, '/api/auth/login', { email: unknown, password: 'Wrong-1234' });
    const none = await audit(`?action=SIGN_IN_FAILED&q=${encodeURIComponent(unknown)}`);
    expect(none.events[0]).toMatchObject({
      actor: { id: null, label: unknown },
      details: { reason: 'UNKNOWN_ACCOUNT' },
    });
    expect(page.retentionDays).toBe(365);
  });

  it('records admin and moderation acts: who, what, whom, with the details', async () => {
    const person = await createUser(app, '역할 대상');
    await call(app, admin, 'PUT', `/api/admin/users/${person.userId}/role`, { role: 'ADMIN' });
    await call(app, admin, 'PUT', `/api/admin/users/${person.userId}/role`, { role: 'USER' });
    await call(app, admin, 'POST', `/api/admin/users/${person.userId}/deactivate`);
    const workspace = dataOf<{ id: number; name: string; inviteCode: string }>(
      await call(app, admin, 'POST', '/api/workspaces', { name: '감사 공간' }),
    );
    const deleted = await call(app, admin, 'DELETE', `/api/workspaces/${workspace.id}`, {
      confirmName: '감사 공간',
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const page = await audit('?size=20');
    const mine = page.events.filter((event) => event.actor?.id === admin.userId);
    expect(mine.slice(0, 4).map((event) => event.action)).toEqual([
      'WORKSPACE_DELETED',
      'USER_DEACTIVATED',
      'INSTANCE_ROLE_CHANGED',
      'INSTANCE_ROLE_CHANGED',
    ]);
    expect(mine[0]?.target).toEqual({
      type: 'WORKSPACE',
      id: String(workspace.id),
      label: '감사 공간',
    });
    expect(mine[1]?.target).toEqual({
      type: 'USER',
      id: String(person.userId),
      label: person.email,
    });
    expect(mine[2]?.details).toEqual({ from: 'ADMIN', to: 'USER' });
    const byAction = await audit('?action=USER_DEACTIVATED');
    expect(byAction.events.every((event) => event.action === 'USER_DEACTIVATED')).toBe(true);
  });

  it('pages from the newest by id, filters by Seoul days, exports JSON lines and logs the export', async () => {
    const first = await audit('?size=2');
    expect(first.events).toHaveLength(2);
    expect(first.nextBefore).toBe(first.events[1]?.id);
    const second = await audit(`?size=2&before=${first.nextBefore}`);
    expect(second.events[0]?.id).toBeLessThan(first.events[1]?.id ?? 0);
    // Today in Seoul holds everything this young suite wrote; a day in 2001 holds nothing.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
    expect((await audit(`?from=${today}&to=${today}&size=200`)).events.length).toBeGreaterThan(5);
    expect((await audit('?from=2001-01-01&to=2001-01-01')).events).toEqual([]);
    expectProblem(
      await call(app, admin, 'GET', '/api/admin/audit?from=2026-13'),
      400,
      'VALIDATION_FAILED',
    );
    for (const bad of ['2026-02-31', '', '0000-01-01', '2026-1-1']) {
      expectProblem(
        await call(app, admin, 'GET', `/api/admin/audit?to=${bad}`),
        400,
        'VALIDATION_FAILED',
      );
    }

    const exported = await call(app, admin, 'GET', '/api/admin/audit.jsonl?action=SIGN_IN');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('application/x-ndjson');
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{8}\.jsonl"$/,
    );
    const lines = exported.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { action: string });
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.every((line) => line.action === 'SIGN_IN')).toBe(true);
    const logged = await audit('?action=AUDIT_EXPORTED');
    expect(logged.events[0]).toMatchObject({
      actor: { id: admin.userId },
      details: { entries: lines.length, action: 'SIGN_IN' },
    });
  });

  it('every entry a request made names the address and browser it came from, for every action', async () => {
    const browser = 'WhereFrom/2.0 (audit test)';
    const send = (
      user: { token: string } | null,
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
    ) =>
      app.inject({
        method,
        url,
        ...(payload === undefined ? {} : { payload }),
        headers: {
          'user-agent': browser,
          ...(user ? { authorization: `Bearer ${user.token}` } : {}),
        },
      });
    const ok = async (response: Awaited<ReturnType<typeof send>>) => {
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response;
    };
    const since = dataOf<AuditPage>(await call(app, admin, 'GET', '/api/admin/audit?size=1'))
      .events[0]?.id;

    // Accounts: sign-up, a failed and a good sign-in, a password change and a reset.
    const email = uniqueEmail('wherefrom');
    const code = await mailedCode(app, sink, email);
    await ok(await send(null, 'POST', '/api/auth/email/verify', { email, verificationCode: code }));
    await ok(
      await send(null, 'POST', '/api/users/register', {
        email,
        password: 'Password1',
        confirmPassword: 'Password1',
      }),
    );
    await send(null, 'POST', '/api/auth/login', { email, password: 'Wrong-1234' });
    const signedIn = await ok(
      await send(null, 'POST', '/api/auth/login', { email, password: 'Password1' }),
    );
    const person = {
      token: dataOf<{ token: string }>(signedIn).token,
      userId: dataOf<{ user: { id: number } }>(signedIn).user.id,
    };
    await ok(
      await send(person, 'PUT', '/api/users/password', {
        currentPassword: 'Password1',
        newPassword: 'Password2',
      }),
    );
    const resetCode = await mailedCode(app, sink, email, '/api/auth/send-password-reset-email');
    await ok(
      await send(null, 'POST', '/api/auth/reset-password', {
        email,
        resetCode,
        newPassword: 'Password3',
      }),
    );
    person.token = dataOf<{ token: string }>(
      await ok(await send(null, 'POST', '/api/auth/login', { email, password: 'Password3' })),
    ).token;

    // Two-step verification on and off.
    const setup = dataOf<{ secret: string }>(
      await ok(await send(person, 'POST', '/api/auth/2fa/setup')),
    );
    const totp = new TOTP({ secret: Secret.fromBase32(setup.secret), digits: 6, period: 30 });
    await ok(await send(person, 'POST', '/api/auth/2fa/enable', { code: totp.generate() }));
    await ok(await send(person, 'POST', '/api/auth/2fa/disable', { password: 'Password3' }));

    // A personal access token made and revoked.
    const token = dataOf<{ id: number }>(
      await ok(
        await send(person, 'POST', '/api/users/me/tokens', { name: '출처 토큰', scopes: ['read'] }),
      ),
    );
    await ok(await send(person, 'DELETE', `/api/users/me/tokens/${token.id}`));

    // A workspace's moderation, a team deleted, the workspace deleted.
    const workspace = dataOf<{ id: number; inviteCode: string }>(
      await ok(await send(admin, 'POST', '/api/workspaces', { name: '출처 공간' })),
    );
    const join = () =>
      send(person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
    const inWorkspace = `/api/workspaces/${workspace.id}/members/${person.userId}`;
    await ok(await join());
    // An outgoing webhook made and deleted (its address is never sent to here).
    const hook = dataOf<{ id: number }>(
      await ok(
        await send(admin, 'POST', `/api/workspaces/${workspace.id}/webhooks`, {
          name: '출처 웹훅',
          url: 'https://hooks.example.com/teamup',
          events: ['post.created'],
        }),
      ),
    );
    await ok(await send(admin, 'DELETE', `/api/workspaces/${workspace.id}/webhooks/${hook.id}`));
    // The workspace exported, and its export imported again as a new workspace.
    const exported = dataOf<{ id: number }>(
      await ok(await send(admin, 'POST', `/api/workspaces/${workspace.id}/export`)),
    );
    const zip = await vi.waitFor(
      async () => {
        const got = await send(admin, 'GET', `/api/exports/${exported.id}/download`);
        expect(got.statusCode).toBe(200);
        return got.rawPayload;
      },
      { timeout: 20_000, interval: 100 },
    );
    const upload = multipartBody([{ name: 'file', filename: 'ws.zip', content: zip }]);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/workspaces/import',
          payload: upload.payload,
          headers: {
            ...upload.headers,
            'user-agent': browser,
            authorization: `Bearer ${admin.token}`,
          },
        })
      ).statusCode,
    ).toBe(201);
    await ok(await send(admin, 'PUT', `${inWorkspace}/role`, { role: 'ADMIN' }));
    await ok(await send(admin, 'DELETE', inWorkspace));
    await ok(await send(admin, 'POST', `${inWorkspace}/ban`));
    await ok(await send(admin, 'DELETE', `${inWorkspace}/ban`));
    const team = dataOf<{ id: number }>(
      await ok(
        await send(admin, 'POST', '/api/teams', { name: '출처 팀', workspaceId: workspace.id }),
      ),
    );
    await ok(await send(admin, 'DELETE', `/api/teams/${team.id}`, { confirmName: '출처 팀' }));
    await ok(
      await send(admin, 'DELETE', `/api/workspaces/${workspace.id}`, { confirmName: '출처 공간' }),
    );

    // The instance admin's acts.
    const byAdmin = `/api/admin/users/${person.userId}`;
    await ok(await send(admin, 'POST', `${byAdmin}/deactivate`));
    await ok(await send(admin, 'POST', `${byAdmin}/reactivate`));
    await ok(await send(admin, 'PUT', `${byAdmin}/role`, { role: 'ADMIN' }));
    await ok(
      await send(admin, 'PUT', '/api/admin/settings', { registration: 'OPEN', allowedDomains: [] }),
    );
    const invited = dataOf<Invitation[]>(
      await ok(
        await send(admin, 'POST', '/api/admin/invitations', { emails: [uniqueEmail('inv')] }),
      ),
    );
    await ok(await send(admin, 'DELETE', `/api/admin/invitations/${invited[0]?.id}`));
    await ok(await send(admin, 'GET', '/api/admin/audit.jsonl'));

    const entries = (await ok(await send(admin, 'GET', '/api/admin/audit.jsonl'))).body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as AuditPage['events'][number])
      .filter((entry) => since === undefined || entry.id > since);
    // Every action of the log was made here, and each of its entries says where from.
    expect(new Set(entries.map((entry) => entry.action))).toEqual(new Set(auditActions));
    const nowhere = entries.filter((entry) => entry.userAgent !== browser || !entry.ip);
    expect(nowhere.map((entry) => `${entry.action} ${entry.ip} ${entry.userAgent}`)).toEqual([]);
  });

  it('forgets entries older than the retention', async () => {
    await app.context.database.db.execute(
      sql`UPDATE audit_events SET at = now() - interval '400 days' WHERE action = 'ACCOUNT_CREATED'`,
    );
    const removed = await pruneAudit(app.context, app.context.config.auditRetentionDays);
    expect(removed).toBeGreaterThan(0);
    expect((await audit('?action=ACCOUNT_CREATED')).events).toEqual([]);
  });
});
