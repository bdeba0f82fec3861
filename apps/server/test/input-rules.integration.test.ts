import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRoom } from '@teamup/contracts/chat';
import { MAX_INT32 } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { Kanban, Task } from '@teamup/contracts/kanban';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import {
  authHeader,
  call,
  createUser,
  dataOf,
  expectProblem,
  multipartBody,
  type TestUser,
  withoutRequestId,
} from './factories';
import { createTestApp, listenLocally, type TestApp } from './test-app';

type OpenApi = {
  paths: Record<string, Record<string, OpenApiOperation>>;
};
type JsonSchema = {
  type?: string | string[];
  maximum?: number;
  exclusiveMaximum?: number;
  minimum?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  required?: string[];
};
type OpenApiOperation = {
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The fields a 400 validation problem names. */
function refusedFields(response: LightMyRequestResponse): string[] {
  const problem = expectProblem(response, 400, ErrorCode.VALIDATION_FAILED) as {
    errors?: { field: string }[];
  };
  return (problem.errors ?? []).map((error) => error.field);
}

/** Every integer a request may carry, with where it is, walking nested schemas. */
function requestIntegers(
  schema: JsonSchema | undefined,
  at: string,
  found: [string, JsonSchema][],
) {
  if (!schema) return;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('integer') || types.includes('number')) found.push([at, schema]);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    requestIntegers(property, `${at}.${name}`, found);
  }
  requestIntegers(schema.items, `${at}[]`, found);
  for (const branch of [
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ]) {
    requestIntegers(branch, at, found);
  }
}

describe('the input rules every route shares', () => {
  let app: TestApp;
  let owner: TestUser;
  let workspace: Workspace;
  let team: Team;
  let room: ChatRoom;
  let openApi: OpenApi;

  beforeAll(async () => {
    app = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    owner = await createUser(app, '규칙검사');
    workspace = dataOf<Workspace>(
      await call(app, owner, 'POST', '/api/workspaces', { name: '입력 규칙' }),
    );
    team = dataOf<Team>(
      await call(app, owner, 'POST', '/api/teams', { name: '규칙팀', workspaceId: workspace.id }),
    );
    const member = await createUser(app, '규칙동료');
    await call(app, member, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
    room = dataOf<ChatRoom>(
      await call(app, owner, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/create`, {
        name: '규칙방',
        type: 'GROUP',
        chatMemberIdList: [member.userId],
      }),
    );
    openApi = (await app.inject({ url: '/api/docs/json' })).json<OpenApi>();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The team board's list for new cards, made once. */
  let list: number | undefined;
  async function listId(): Promise<number> {
    if (list !== undefined) return list;
    const board = dataOf<Kanban>(
      await call(app, owner, 'POST', '/api/kanban', { teamId: team.id }),
    );
    const created = await call(app, owner, 'POST', '/api/kanban/lists', {
      kanbanId: board.id,
      kanbanListName: '할 일',
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    list = dataOf<{ id: number }>(created).id;
    return list;
  }

  describe('a megabyte e-mail', () => {
    const megabyteEmail = `${'a'.repeat(1_000_000)}@x`;
    const calls: [string, object][] = [
      ['/api/auth/login', { email: megabyteEmail, password: 'Password1' }],
      ['/api/auth/email/request', { email: megabyteEmail }],
      ['/api/auth/send-password-reset-email', { email: megabyteEmail }],
      // The shape that made the old pattern backtrack (seconds of CPU at this length).
      ['/api/auth/login', { email: `a@${'.'.repeat(60_000)}@`, password: 'Password1' }],
      ['/api/auth/email/request', { email: `a@${'a.'.repeat(30_000)}@` }],
    ];

    // The bound catches the backtracking pattern (seconds of CPU) with room to spare; it is not a
    // speed target. process.cpuUsage counts the whole process (the embedded database's worker
    // thread, the collection of a megabyte string): 50 ms was exceeded by 2-5 ms on a loaded
    // 2-core machine with nothing wrong.
    it.each(calls)('is refused on %s with 400 within 250 ms of CPU', async (url, body) => {
      const payload = JSON.stringify(body);
      const before = process.cpuUsage();
      const response = await app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      const used = process.cpuUsage(before);
      expectProblem(response, 400, ErrorCode.VALIDATION_FAILED);
      expect((used.user + used.system) / 1000).toBeLessThan(250);
    });

    it('does not hold up a health call made meanwhile', async () => {
      const probe = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
      try {
        const base = await listenLocally(probe);
        const attacks = Array.from({ length: 3 }, () =>
          fetch(`${base}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: `a@${'.'.repeat(60_000)}@`, password: 'Password1' }),
          }),
        );
        // Let the attacks arrive first, so a pattern that backtracks would be holding the loop.
        await new Promise((resolve) => setTimeout(resolve, 300));
        const started = performance.now();
        const health = await fetch(`${base}/api/health`);
        const waited = performance.now() - started;
        expect(health.status).toBe(200);
        for (const attack of await Promise.all(attacks)) expect(attack.status).toBe(400);
        // The old pattern took seconds per request; three of them would have held this for long.
        expect(waited).toBeLessThan(1000);
      } finally {
        await probe.close();
      }
    });
  });

  describe('ids', () => {
    it('are bounded to the integer column range in every request the OpenAPI document lists', () => {
      const unbounded: string[] = [];
      for (const [path, operations] of Object.entries(openApi.paths)) {
        for (const method of methods) {
          const operation = operations[method];
          if (!operation) continue;
          const found: [string, JsonSchema][] = [];
          for (const parameter of operation.parameters ?? []) {
            requestIntegers(parameter.schema, `${parameter.in}:${parameter.name}`, found);
          }
          for (const [type, content] of Object.entries(operation.requestBody?.content ?? {})) {
            requestIntegers(content.schema, `body(${type})`, found);
          }
          for (const [where, schema] of found) {
            const max = schema.maximum ?? schema.exclusiveMaximum;
            // A push subscription's expiry is the one time in epoch milliseconds a client sends
            // (as the browser's PushSubscription gives it).
            const wide = where.endsWith('.expirationTime');
            const limit = wide ? Number.MAX_SAFE_INTEGER : MAX_INT32;
            if (max === undefined || max > limit || schema.minimum === undefined) {
              unbounded.push(`${method.toUpperCase()} ${path} ${where}`);
            }
          }
        }
      }
      expect(unbounded).toEqual([]);
    });

    it('beyond 32 bits, or not positive integers, are a 400 on every path that takes one', async () => {
      const failures: string[] = [];
      let checked = 0;
      for (const [path, operations] of Object.entries(openApi.paths)) {
        for (const method of methods) {
          const operation = operations[method];
          const idParameters = (operation?.parameters ?? []).filter(
            (parameter) => parameter.in === 'path' && parameter.schema?.type === 'integer',
          );
          if (!operation || idParameters.length === 0) continue;
          for (const bad of ['2147483648', '99999999999999999999', '0', '-1', '1.5', 'abc']) {
            const url = path.replace(/\{(\w+)\}/g, (_whole, name: string) =>
              idParameters.some((parameter) => parameter.name === name) ? bad : '1',
            );
            const response = await app.inject({
              method: method.toUpperCase() as 'GET',
              url,
              headers: authHeader(owner.token),
              ...(method === 'get' || method === 'delete' ? {} : { payload: {} }),
            });
            checked += 1;
            if (response.statusCode !== 400) {
              failures.push(`${method.toUpperCase()} ${url} → ${response.statusCode}`);
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(300);
      expect(failures).toEqual([]);
    });

    it('beyond 32 bits are a 400 in a query and a body too', async () => {
      expectProblem(
        await call(
          app,
          owner,
          'GET',
          `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/messages?beforeId=2147483648`,
        ),
        400,
        ErrorCode.VALIDATION_FAILED,
      );
      const problem = expectProblem(
        await call(app, owner, 'POST', '/api/kanban', { teamId: 2147483648 }),
        400,
        ErrorCode.VALIDATION_FAILED,
      );
      expect(problem).toMatchObject({ errors: [{ field: 'teamId' }] });
    });
  });

  describe('a NUL character', () => {
    const nul = 'a\u0000b';

    it('is a 400 naming the field, in every kind of text', async () => {
      const kanbanListId = await listId();
      const cases: [string, 'POST' | 'PUT' | 'GET', string, unknown][] = [
        ['name', 'POST', '/api/workspaces', { name: nul }],
        ['name', 'PUT', '/api/users/me', { name: nul }],
        [
          'content',
          'POST',
          `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/messages`,
          { content: nul },
        ],
        ['q', 'GET', `/api/hashtags/search?q=${encodeURIComponent(nul)}`, undefined],
        [
          'title',
          'POST',
          `/api/teams/${team.id}/schedules`,
          { title: nul, startDate: '2026-11-25T09:00:00Z', endDate: '2026-11-25T10:00:00Z' },
        ],
        ['subject', 'POST', '/api/kanban/tasks', { subject: nul, kanbanListId }],
        [
          'chatMemberIdList.0',
          'POST',
          `/api/workspaces/${workspace.id}/chat-rooms/create`,
          {
            chatMemberIdList: [nul],
          },
        ],
      ];
      for (const [field, method, url, body] of cases) {
        const problem = expectProblem(
          await call(app, owner, method, url, body),
          400,
          ErrorCode.VALIDATION_FAILED,
        );
        expect(problem, url).toMatchObject({ errors: [{ field }] });
      }
    });

    it('is a 400 in a multipart field or a file name, with nothing stored', async () => {
      const postWithNulTitle = multipartBody([
        { name: 'title', value: nul },
        { name: 'content', value: '본문' },
      ]);
      const refused = await app.inject({
        method: 'POST',
        url: `/api/teams/${team.id}/posts`,
        headers: { ...authHeader(owner.token), ...postWithNulTitle.headers },
        payload: postWithNulTitle.payload,
      });
      expectProblem(refused, 400, ErrorCode.VALIDATION_FAILED);
      const fileWithNulName = multipartBody([
        { name: 'content', value: '파일' },
        {
          name: 'file',
          filename: 'a\u0000.txt',
          content: Buffer.from('hello'),
          type: 'text/plain',
        },
      ]);
      const file = await app.inject({
        method: 'POST',
        url: `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/messages/attachment`,
        headers: { ...authHeader(owner.token), ...fileWithNulName.headers },
        payload: fileWithNulName.payload,
      });
      expectProblem(file, 400, ErrorCode.VALIDATION_FAILED);
      const posts = await call(app, owner, 'GET', `/api/teams/${team.id}/posts`);
      expect(posts.body).not.toContain('\\u0000');
    });
  });

  describe('dates', () => {
    it.each([
      '+275760-09-13T00:00:00Z',
      '0000-01-01',
      '1899-12-31T23:59:59Z',
      '10000-01-01T00:00:00Z',
    ])('%s is a 400 on schedules, task deadlines and vote deadlines', async (date) => {
      const schedule = await call(app, owner, 'POST', `/api/teams/${team.id}/schedules`, {
        title: '범위 밖',
        startDate: date,
        endDate: date,
      });
      expect(refusedFields(schedule), schedule.body).toContain('startDate');
      const range = await call(
        app,
        owner,
        'GET',
        `/api/teams/${team.id}/schedules/range?startDate=${encodeURIComponent(date)}&endDate=${encodeURIComponent(date)}`,
      );
      expect(refusedFields(range), range.body).toContain('startDate');
      const task = await call(app, owner, 'POST', '/api/kanban/tasks', {
        subject: '마감',
        kanbanListId: await listId(),
        deadline: date,
      });
      expect(refusedFields(task), task.body).toContain('deadline');
      const vote = await call(app, owner, 'POST', `/api/workspaces/${workspace.id}/formations`, {
        method: 'VOTE',
        participantIds: [owner.userId, owner.userId + 1],
        teamCount: 1,
        deadline: date,
      });
      expect(refusedFields(vote), vote.body).toContain('deadline');
    });

    it('a task deadline takes a day or a due time, and answers what was stored', async () => {
      const kanbanListId = await listId();
      const created = await call(app, owner, 'POST', '/api/kanban/tasks', {
        subject: '시각 마감',
        kanbanListId,
        deadline: '2026-11-25T18:30:00+09:00',
      });
      expect(created.statusCode, created.body).toBe(201);
      const dueTime = dataOf<Task>(created);
      expect(dueTime.deadline).toBe('2026-11-25T09:30:00.000Z');
      const day = dataOf<Task>(
        await call(app, owner, 'POST', '/api/kanban/tasks', {
          subject: '날짜 마감',
          kanbanListId,
          deadline: '2026-11-26',
        }),
      );
      expect(day.deadline).toBe('2026-11-26');
      const moved = dataOf<Task>(
        await call(app, owner, 'PUT', `/api/kanban/tasks/${day.id}`, {
          deadline: '2026-12-01T00:00:00Z',
        }),
      );
      expect(moved.deadline).toBe('2026-12-01T00:00:00.000Z');
      const reread = dataOf<Kanban>(await call(app, owner, 'GET', `/api/kanban/team/${team.id}`));
      const deadlines = reread.kanbanLists.flatMap((list) =>
        list.tasks.map((task) => task.deadline),
      );
      expect(deadlines).toEqual(
        expect.arrayContaining(['2026-11-25T09:30:00.000Z', '2026-12-01T00:00:00.000Z']),
      );
    });
  });

  describe('an absent body', () => {
    it('answers as {} on routes whose body is optional: leave, team delete, workspace delete', async () => {
      const member = await createUser(app, '떠날사람');
      const ws = dataOf<Workspace>(
        await call(app, owner, 'POST', '/api/workspaces', { name: '빈 본문' }),
      );
      await call(app, member, 'POST', '/api/workspaces/join', { inviteCode: ws.inviteCode });
      const leaving = dataOf<Team>(
        await call(app, owner, 'POST', '/api/teams', { name: '떠날팀', workspaceId: ws.id }),
      );
      const joined = await call(app, member, 'POST', `/api/teams/${leaving.id}/join`, {});
      expect(joined.statusCode, joined.body).toBe(200);

      // Bare, and with a JSON content type but nothing in it (as some clients send).
      const left = await app.inject({
        method: 'POST',
        url: `/api/teams/${leaving.id}/leave`,
        headers: { ...authHeader(member.token), 'content-type': 'application/json' },
      });
      expect(left.statusCode, left.body).toBe(200);
      // A refusal is the same without a body as with `{}` (a member may not delete either).
      const withEmpty = await call(app, member, 'DELETE', `/api/teams/${leaving.id}`, {});
      const teamKept = await app.inject({
        method: 'DELETE',
        url: `/api/teams/${leaving.id}`,
        headers: authHeader(member.token),
      });
      expect(teamKept.statusCode).toBe(403);
      expect(withoutRequestId(teamKept.json())).toEqual(withoutRequestId(withEmpty.json()));
      const wsWithEmpty = await call(app, member, 'DELETE', `/api/workspaces/${ws.id}`, {});
      const wsKept = await app.inject({
        method: 'DELETE',
        url: `/api/workspaces/${ws.id}`,
        headers: { ...authHeader(member.token), 'content-type': 'application/json' },
        payload: '',
      });
      expect(wsKept.statusCode).toBe(403);
      expect(withoutRequestId(wsKept.json())).toEqual(withoutRequestId(wsWithEmpty.json()));
      // The spec's API deletes without a body (typing the name is the screen's step).
      const teamGone = await app.inject({
        method: 'DELETE',
        url: `/api/teams/${leaving.id}`,
        headers: authHeader(owner.token),
      });
      expect(teamGone.statusCode, teamGone.body).toBe(204);
      const wsGone = await app.inject({
        method: 'DELETE',
        url: `/api/workspaces/${ws.id}`,
        headers: { ...authHeader(owner.token), 'content-type': 'application/json' },
        payload: '',
      });
      expect(wsGone.statusCode, wsGone.body).toBe(204);
    });

    it('gets the same answer as {} on every operation with a body, for an object that is not there', async () => {
      const differences: string[] = [];
      let compared = 0;
      for (const [path, operations] of Object.entries(openApi.paths)) {
        if (!path.includes('{')) continue;
        for (const method of ['post', 'put', 'patch', 'delete'] as const) {
          const operation = operations[method];
          const json = operation?.requestBody?.content?.['application/json'];
          if (!operation || !json) continue;
          // Ids that exist nowhere: the answer is decided before anything is written.
          const url = path.replace(/\{\w+\}/g, '2147483000');
          const withEmpty = await app.inject({
            method: method.toUpperCase() as 'POST',
            url,
            headers: authHeader(owner.token),
            payload: {},
          });
          const withNothing = await app.inject({
            method: method.toUpperCase() as 'POST',
            url,
            headers: authHeader(owner.token),
          });
          compared += 1;
          const a = `${withEmpty.statusCode} ${withEmpty.json<{ code?: string }>().code ?? ''}`;
          const b = `${withNothing.statusCode} ${withNothing.json<{ code?: string }>().code ?? ''}`;
          if (a !== b) differences.push(`${method.toUpperCase()} ${path}: {} → ${a}, none → ${b}`);
        }
      }
      expect(compared).toBeGreaterThan(30);
      expect(differences).toEqual([]);
    });
  });
});
