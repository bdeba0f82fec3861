import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { rowsOf } from '../../db/raw-rows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@teamup/contracts/admin';
import {
  ExportLimits,
  WORKSPACE_ARCHIVE_FORMAT,
  type DataExport,
  type ImportResult,
} from '@teamup/contracts/exports';
import type { Notification } from '@teamup/contracts/notifications';
import {
  call,
  createUser,
  dataOf,
  expectProblem,
  multipartBody,
  type TestUser,
} from '../../../test/factories';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../../test/test-app';

/*
 * Data out and in through the HTTP API (issue 46): an export asked for, built by the scheduler,
 * announced by mail and the bell, downloaded by the person who asked only; a workspace export
 * imported into another instance.
 */

let sink: SmtpSink;
let app: TestApp;
/** Another, fresh instance the workspace moves to. */
let elsewhere: TestApp;
let owner: TestUser;
let member: TestUser;
let workspaceId: number;
let teamId: number;

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) => {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
const exportsOf = async (user: TestUser) =>
  dataOf<DataExport[]>(await call(app, user, 'GET', '/api/users/me/exports'));
const ready = (user: TestUser, id: number) =>
  until(
    () => exportsOf(user),
    (rows) => rows.find((row) => row.id === id)?.status === 'READY',
    `export ${id}`,
  ).then((rows) => rows.find((row) => row.id === id) as DataExport);
const download = (user: TestUser, path: string) =>
  app.inject({
    method: 'GET',
    url: `/api${path}`,
    headers: { authorization: `Bearer ${user.token}` },
  });
const filesOf = (body: Buffer) =>
  new Map(
    Object.entries(unzipSync(new Uint8Array(body))).map(([path, bytes]) => [
      path,
      Buffer.from(bytes),
    ]),
  );
const jsonAt = (files: Map<string, Buffer>, path: string) =>
  JSON.parse(files.get(path)?.toString('utf8') ?? 'null') as unknown;

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await createTestApp({ SMTP_URL: sink.url });
  elsewhere = await createTestApp();
  owner = await createUser(app, '내보내는 사람');
  member = await createUser(app, '함께한 멤버');
  const workspace = dataOf<{ id: number; inviteCode: string }>(
    await call(app, owner, 'POST', '/api/workspaces', { name: '옮겨갈 공간' }),
  );
  workspaceId = workspace.id;
  await call(app, member, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  teamId = dataOf<{ id: number }>(
    await call(app, owner, 'POST', '/api/teams', { name: '옮겨갈 팀', workspaceId }),
  ).id;
  const post = await call(app, owner, 'POST', `/api/teams/${teamId}/posts`, {
    title: '내보낼 글',
    content: '이 글이 다른 서버로 갑니다.',
  });
  expect(post.statusCode, post.body).toBeLessThan(300);
  // A schedule and a card whose reminders must still come after a move to another instance.
  await call(app, owner, 'POST', `/api/teams/${teamId}/schedules`, {
    title: '기말 발표',
    startDate: '2031-06-10T09:00:00Z',
    endDate: '2031-06-10T10:00:00Z',
    reminders: [30],
  });
  const kanban = dataOf<{ id: number }>(
    await call(app, owner, 'GET', `/api/kanban/team/${teamId}`),
  );
  const list = dataOf<{ id: number }>(
    await call(app, owner, 'POST', '/api/kanban/lists', {
      kanbanListName: '할 일',
      kanbanId: kanban.id,
    }),
  );
  const card = await call(app, owner, 'POST', '/api/kanban/tasks', {
    subject: '보고서 제출',
    kanbanListId: list.id,
    deadline: '2031-06-09',
  });
  expect(card.statusCode, card.body).toBe(201);
  const room = dataOf<{ id: number }>(
    await call(app, owner, 'POST', `/api/workspaces/${workspaceId}/chat-rooms/create`, {
      name: '옮겨갈 방',
      chatMemberIdList: [member.userId],
    }),
  );
  await call(app, member, 'POST', `/api/workspaces/${workspaceId}/chat-rooms/${room.id}/messages`, {
    content: '멤버가 남긴 말',
  });
});
afterAll(async () => {
  await app?.close();
  await elsewhere?.close();
  await sink?.close();
});

describe('workspace export', () => {
  let archive: Buffer;

  it('is built by the scheduler, told by mail and the bell, and downloaded by its owner only', async () => {
    const asked = await call(app, owner, 'POST', `/api/workspaces/${workspaceId}/export`);
    expect(asked.statusCode, asked.body).toBe(201);
    const started = dataOf<DataExport>(asked);
    expect(started).toMatchObject({
      kind: 'WORKSPACE',
      status: 'PENDING',
      workspace: { id: workspaceId, name: '옮겨갈 공간' },
      downloadPath: null,
    });

    const done = await ready(owner, started.id);
    expect(done.size).toBeGreaterThan(0);
    expect(done.downloadPath).toBe(`/exports/${started.id}/download`);
    expect(new Date(done.expiresAt ?? 0).getTime() - Date.now()).toBeGreaterThan(
      (ExportLimits.keptDays - 1) * 86_400_000,
    );

    const mail = await sink.waitForMail(owner.email, (m) => m.subject.includes('내보내기'));
    expect(mail.text).toContain('http://localhost:8081/#/my-page/exports');
    const bell = dataOf<{ content: Notification[] }>(
      await call(app, owner, 'GET', '/api/notifications'),
    ).content;
    expect(bell.find((notice) => notice.kind === 'DATA_EXPORT')).toMatchObject({
      link: '/my-page/exports',
    });

    const got = await download(owner, done.downloadPath ?? '');
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/zip');
    expect(got.headers['content-disposition']).toContain('attachment');
    archive = got.rawPayload;
    const files = filesOf(archive);
    expect(jsonAt(files, 'manifest.json')).toMatchObject({
      format: WORKSPACE_ARCHIVE_FORMAT,
      workspace: { id: workspaceId, name: '옮겨갈 공간' },
    });
    expect(JSON.stringify(jsonAt(files, 'posts.json'))).toContain('내보낼 글');
    expect(JSON.stringify(jsonAt(files, 'chat.json'))).toContain('멤버가 남긴 말');

    // Only the person who asked, and nobody without a session.
    expectProblem(await download(member, done.downloadPath ?? ''), 404, 'NOT_FOUND');
    expect(
      (await app.inject({ method: 'GET', url: `/api${done.downloadPath ?? ''}` })).statusCode,
    ).toBe(401);
    const audit = dataOf<AuditPage>(
      await call(app, owner, 'GET', '/api/admin/audit?action=DATA_EXPORT_REQUESTED'),
    );
    expect(audit.events[0]?.target).toMatchObject({ type: 'WORKSPACE', label: '옮겨갈 공간' });
  });

  it('is the owner’s to ask for', async () => {
    expectProblem(
      await call(app, member, 'POST', `/api/workspaces/${workspaceId}/export`),
      403,
      'WORKSPACE_OWNER_ONLY',
    );
  });

  it('imports into a fresh instance as a new workspace, matching members by e-mail', async () => {
    const importer = await createUser(elsewhere, '새 서버의 주인');
    const pendingReminders = async () =>
      rowsOf<{ kind: string; n: number }>(
        await elsewhere.context.database.db.execute(
          sql`SELECT kind, count(*)::int AS n FROM scheduled_jobs
              WHERE status = 'pending' AND (key LIKE 'schedules.reminder:%' OR key LIKE 'kanban.task-reminder:%')
              GROUP BY kind ORDER BY kind`,
        ),
      );
    expect(await pendingReminders()).toEqual([]);
    const upload = multipartBody([
      { name: 'file', filename: 'export.zip', content: archive, type: 'application/zip' },
    ]);
    const imported = await elsewhere.inject({
      method: 'POST',
      url: '/api/workspaces/import',
      payload: upload.payload,
      headers: { ...upload.headers, authorization: `Bearer ${importer.token}` },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const result = dataOf<ImportResult>(imported);
    expect(result).toMatchObject({ name: '옮겨갈 공간', membersMatched: 0, membersMissing: 2 });
    const workspace = dataOf<{ name: string; myRole: string }>(
      await call(elsewhere, importer, 'GET', `/api/workspaces/${result.workspaceId}`),
    );
    expect(workspace).toMatchObject({ name: '옮겨갈 공간', myRole: 'OWNER' });
    const teams = dataOf<Array<{ id: number; name: string }>>(
      await call(elsewhere, importer, 'GET', `/api/teams/workspace/${result.workspaceId}`),
    );
    const team = teams.find((row) => row.name === '옮겨갈 팀');
    expect(team).toBeDefined();
    const posts = dataOf<{ content: Array<{ title: string }> }>(
      await call(elsewhere, importer, 'GET', `/api/teams/${team?.id}/posts`),
    );
    expect(posts.content.map((row) => row.title)).toContain('내보낼 글');
    // The restored schedule's reminder and the card's deadline reminders are scheduled here.
    const armed = await pendingReminders();
    expect(armed.map((row) => row.kind)).toEqual(['kanban.task-reminder', 'schedules.reminder']);
    expect(armed.every((row) => row.n > 0)).toBe(true);
  });

  it('refuses what is not a workspace export, writing nothing', async () => {
    const importer = await createUser(elsewhere, '잘못 올린 사람');
    const count = async () =>
      rowsOf<{ n: number }>(
        await elsewhere.context.database.db.execute(sql`SELECT count(*)::int AS n FROM workspaces`),
      )[0]?.n;
    const before = await count();
    for (const content of [
      Buffer.from('not a zip at all'),
      Buffer.from(archive).subarray(0, 200),
    ]) {
      const upload = multipartBody([
        { name: 'file', filename: 'broken.zip', content, type: 'application/zip' },
      ]);
      expectProblem(
        await elsewhere.inject({
          method: 'POST',
          url: '/api/workspaces/import',
          payload: upload.payload,
          headers: { ...upload.headers, authorization: `Bearer ${importer.token}` },
        }),
        400,
        'IMPORT_INVALID',
      );
    }
    expect(await count()).toBe(before);
  });
});

describe('personal export', () => {
  it('holds the person’s own messages and posts, and no one else’s address', async () => {
    const asked = dataOf<DataExport>(await call(app, member, 'POST', '/api/users/me/export'));
    expect(asked).toMatchObject({ kind: 'PERSONAL', status: 'PENDING', workspace: null });
    const done = await ready(member, asked.id);
    const files = filesOf((await download(member, done.downloadPath ?? '')).rawPayload);
    const everything = [...files.values()].map((bytes) => bytes.toString('utf8')).join('\n');
    expect(everything).toContain('멤버가 남긴 말');
    expect(everything).toContain(member.email);
    expect(everything).not.toContain(owner.email);
  });

  it('expires after a week and is limited to five a day', async () => {
    const list = await exportsOf(member);
    const first = list[0] as DataExport;
    await app.context.database.db.execute(
      sql`UPDATE data_exports SET expires_at = now() - interval '1 minute' WHERE id = ${first.id}`,
    );
    expectProblem(await download(member, `/exports/${first.id}/download`), 410, 'EXPORT_EXPIRED');
    expect((await exportsOf(member)).find((row) => row.id === first.id)?.downloadPath).toBeNull();

    const already = (await exportsOf(member)).length;
    for (let i = already; i < ExportLimits.perDay; i += 1) {
      expect((await call(app, member, 'POST', '/api/users/me/export')).statusCode).toBe(201);
    }
    expectProblem(await call(app, member, 'POST', '/api/users/me/export'), 429, 'RATE_LIMITED');
  });
});
