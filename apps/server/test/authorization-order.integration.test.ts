/**
 * Authorization comes before input validation, on every route (decision 0036). Walks the served
 * OpenAPI document: every signed-in operation whose path names something and that reads a body
 * (JSON or a form) or a query is sent invalid input, aimed at a real resource of someone else's,
 * by an outsider (signed in, with a workspace of their own, in none of the owner's). Each answer
 * must be 403 or 404: a 400 would tell the outsider about the route's input before telling them
 * they may not use it, and would mean the route read their input before deciding that.
 *
 * Operations that read input but name nothing in their path are listed below with the reason they
 * have nothing to authorize against first; the test fails when an operation is in neither group,
 * so a new route has to be placed.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coreOf,
  encode,
  operationsOf,
  send,
  type Body,
  type FuzzCase,
  type OpenApiDocument,
  type Operation,
  type Schema,
} from './api-fuzz';
import { buildWorld, nextAddress, pathValues, PNG, worldUser } from './api-world';
import { call, multipartBody } from './factories';
import { createTestApp, type TestApp } from './test-app';

/**
 * Operations that read a body or a query and whose path names a resource, yet are open to anyone
 * signed in: there is no "outsider" to refuse. Each says why.
 */
const OPEN_TO_OUTSIDERS: Record<string, string> = {
  'POST /api/workspaces/{id}/join':
    "joining is what an outsider does: anyone signed in may ask; the service checks the ban and the workspace's password (counted, 10 wrong in 15 minutes)",
};

/** Operations that read a body or a query but whose path names nothing to authorize against. */
const NOTHING_IN_THE_PATH: Record<string, string> = {
  'POST /api/auth/logout': "the caller's own session (the refresh token in the body is theirs)",
  'PUT /api/users/password': "the caller's own account",
  'POST /api/auth/2fa/enable': "the caller's own account",
  'POST /api/auth/2fa/disable': "the caller's own account",
  'PUT /api/users/me': "the caller's own profile",
  'POST /api/users/me/profile-image': "the caller's own profile",
  'GET /api/hashtags/search': 'hashtags of everyone, searched by any signed-in user',
  'POST /api/workspaces': 'creates a workspace: nothing exists yet',
  'POST /api/workspaces/join':
    'joins by invite code: the code in the body is the credential, nothing else names the workspace',
  'POST /api/teams':
    'the workspace is named in the body: the service authorizes it once the body is read',
  'POST /api/kanban':
    'the team is named in the body: the service authorizes it once the body is read',
  'POST /api/kanban/lists':
    'the board is named in the body: the service authorizes it once the body is read',
  'POST /api/kanban/tasks':
    'the list is named in the body: the service authorizes it once the body is read',
  'GET /api/notifications': "the caller's own notices",
  'GET /api/users/me/tasks':
    "the caller's own cards: a workspace or team filter only narrows them (one the caller is not in finds nothing)",
  'PUT /api/notifications/preferences': "the caller's own preferences",
  'PUT /api/notifications/delivery': "the caller's own digest and quiet-hour settings",
  'POST /api/push/subscriptions':
    "the caller's own device: the subscription in the body becomes theirs, with this session",
  'PUT /api/presence/me': "the caller's own presence",
  'POST /api/users/me/tokens': "the caller's own personal access tokens",
  'POST /api/workspaces/import': 'creates a new workspace from the archive: nothing exists yet',
};

type Operated = Operation & { multipart: boolean };

/** The instance admin's calls: the instance itself is the resource, and the outsider no admin. */
const instanceWide = (operation: Operation) => operation.path.startsWith('/api/admin/');

/** The document's operations, with whether each takes a multipart form (operationsOf reads JSON). */
function operationsWithForms(document: OpenApiDocument): Operated[] {
  return operationsOf(document).map((operation) => {
    const raw = document.paths[operation.path]?.[operation.method.toLowerCase()] as
      { requestBody?: { content?: Record<string, unknown> } } | undefined;
    const types = Object.keys(raw?.requestBody?.content ?? {});
    return { ...operation, multipart: types.includes('multipart/form-data') };
  });
}

const readsInput = (operation: Operated) =>
  operation.body !== undefined || operation.multipart || operation.queryParams.length > 0;

/** A value no schema of this type accepts. */
function wrongFor(schema: Schema): unknown {
  return coreOf(schema).type === 'object' ? 'not an object' : { wrong: ['type'] };
}

/** The invalid inputs sent to one operation: each alone is refused by its schema or form reader. */
function invalidInputs(operation: Operated): Array<{ label: string; body: Body; query: string[] }> {
  const cases: Array<{ label: string; body: Body; query: string[] }> = [];
  const none: Body = { type: 'absent' };
  if (operation.body) {
    const properties = (coreOf(operation.body.schema).properties ?? {}) as Record<string, Schema>;
    cases.push({ label: 'body {}', body: { type: 'json', value: {} }, query: [] });
    cases.push({ label: 'no body', body: none, query: [] });
    cases.push({
      label: 'body [1] (not an object)',
      body: { type: 'json', value: [1] },
      query: [],
    });
    if (Object.keys(properties).length > 0) {
      const wrong = Object.fromEntries(
        Object.entries(properties).map(([name, schema]) => [name, wrongFor(schema)]),
      );
      cases.push({
        label: 'every field of a wrong type',
        body: { type: 'json', value: wrong },
        query: [],
      });
    }
  }
  if (operation.multipart) {
    const empty = multipartBody([{ name: 'content', value: '\u0000' }]);
    cases.push({
      label: 'a form without its file (and NUL in its text)',
      body: {
        type: 'raw',
        contentType: empty.headers['content-type'],
        payload: empty.payload,
        describe: 'multipart without a file',
      },
      query: [],
    });
    const wrongFile = multipartBody([
      { name: 'unexpected', filename: 'dot.png', content: PNG, type: 'image/png' },
    ]);
    cases.push({
      label: 'a file under a name the route does not read',
      body: {
        type: 'raw',
        contentType: wrongFile.headers['content-type'],
        payload: wrongFile.payload,
        describe: 'multipart with an unknown part',
      },
      query: [],
    });
  }
  for (const param of operation.queryParams) {
    // NUL is refused in every string, and no integer, enum, boolean or date is spelled `a\0b`.
    cases.push({
      label: `?${param.name} = a NUL b`,
      body: none,
      query: [`${encode(param.name)}=${encode('a\u0000b')}`],
    });
  }
  if (operation.queryParams.length > 1) {
    cases.push({
      label: 'every query parameter invalid',
      body: none,
      query: operation.queryParams.map((param) => `${encode(param.name)}=-1.5x`),
    });
  }
  return cases;
}

let app: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  app = await createTestApp(
    { RATE_LIMIT_PER_MINUTE: '100000000' },
    { logger: pino({ level: 'silent' }) },
  );
  const docs = await app.inject({ url: '/api/docs/json' });
  expect(docs.statusCode).toBe(200);
  document = docs.json<OpenApiDocument>();
});
afterAll(async () => {
  await app?.close();
});

describe('authorization before input validation', () => {
  it("refuses an outsider's invalid input to someone else's resource with 403/404 on every route", async () => {
    const world = await buildWorld(app);
    const outsider = await worldUser(app, '외부인');
    const own = await call(app, outsider, 'POST', '/api/workspaces', { name: '외부인의 공간' });
    expect(own.statusCode).toBe(201);

    const operations = operationsWithForms(document).filter(
      (operation) => operation.secured && readsInput(operation),
    );
    const placed = new Set([
      ...Object.keys(OPEN_TO_OUTSIDERS),
      ...Object.keys(NOTHING_IN_THE_PATH),
    ]);
    const unplaced = operations.filter(
      (operation) =>
        operation.pathParams.length === 0 && !placed.has(operation.key) && !instanceWide(operation),
    );
    const stale = [...placed].filter(
      (key) => !operations.some((operation) => operation.key === key),
    );
    for (const [key, reason] of Object.entries({ ...OPEN_TO_OUTSIDERS, ...NOTHING_IN_THE_PATH })) {
      console.info(`authorization-order: ${key} not sent: ${reason}`);
    }

    const tested = operations.filter(
      (operation) =>
        (operation.pathParams.length > 0 || instanceWide(operation)) &&
        !(operation.key in OPEN_TO_OUTSIDERS),
    );
    const failures: string[] = [];
    let sent = 0;
    for (const operation of tested) {
      const params: Record<string, string> = {};
      for (const param of operation.pathParams) {
        const value = pathValues(world, operation, param.name)?.[0];
        if (value === undefined) {
          failures.push(`${operation.key}: the test knows no world value for {${param.name}}`);
          continue;
        }
        params[param.name] = encode(value);
      }
      for (const input of invalidInputs(operation)) {
        const fuzzCase: FuzzCase = {
          kind: 'invalid',
          label: input.label,
          params,
          query: input.query.map((pair) => pair.split('=') as [string, string]),
          body: input.body,
          auth: 'user',
        };
        const response = await send(app, operation, fuzzCase, outsider.token, nextAddress());
        sent += 1;
        if (response === 'timeout') {
          failures.push(`${operation.key} [${input.label}]: no answer in 20 s`);
          continue;
        }
        const problem = response.headers['content-type']?.startsWith('application/problem+json');
        if ((response.statusCode !== 403 && response.statusCode !== 404) || !problem) {
          failures.push(
            `${operation.key} [${input.label}]: ${response.statusCode} ${response.body.slice(0, 160)}`,
          );
        }
      }
    }
    console.info(
      `authorization-order: ${tested.length} operations, ${sent} requests by an outsider`,
    );

    expect(unplaced.map((operation) => operation.key)).toEqual([]);
    expect(stale).toEqual([]);
    // Every kind of input is exercised somewhere: the walk found bodies, forms and queries.
    expect(tested.some((operation) => operation.body)).toBe(true);
    expect(tested.some((operation) => operation.multipart)).toBe(true);
    expect(tested.some((operation) => operation.queryParams.length > 0)).toBe(true);
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
