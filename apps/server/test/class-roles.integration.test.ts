/**
 * Class mode's roles reach through the same access rules as everyone else's (issue 45), on every
 * route of the served OpenAPI document. Four worlds are built alike, each a class with one more
 * person in it, outside the world's team: a member, a TA, an instructor and an admin. Every
 * operation is sent by that person in their world, in the same order (reads, then writes with an
 * invalid body — authorization comes before validation, so an allowed caller gets a 400 and
 * nothing changes —, then writes without a body). Then:
 *
 * - a TA gets what a member gets, except the reads of every team's content and of the class
 *   listed below, and nudging;
 * - an instructor gets what an admin gets, except the same and running the class;
 * - every listed read is a GET, and each listed difference is seen (a stale entry fails).
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceRole } from '@teamup/contracts/workspaces';
import {
  coreOf,
  encode,
  operationsOf,
  send,
  type FuzzCase,
  type OpenApiDocument,
  type Operation,
} from './api-fuzz';
import { buildWorld, nextAddress, pathValues, worldUser, type World } from './api-world';
import { call } from './factories';
import { createTestApp, type TestApp } from './test-app';

/** Reads of a team's content that a class's instructors and TAs have without being in the team. */
const READS_EVERY_TEAM: Record<string, string> = {
  'GET /api/teams/{teamId}/posts': "the team's board",
  'GET /api/posts/{id}': 'a post of the board',
  'GET /api/posts/{id}/comments': "a post's comments",
  'GET /api/posts/{id}/attachments': "a post's files",
  'GET /api/files/{id}/download': "a post's file",
  'GET /api/files/{id}/preview': "a post's image",
  'GET /api/workspaces/{workspaceId}/announcement': "the team's announcements",
  'GET /api/teams/{teamId}/schedules': "the team's calendar",
  'GET /api/teams/{teamId}/schedules/range': "the team's calendar by range",
  'GET /api/calendar/schedules/{id}/ics': 'one event as a file',
  'GET /api/kanban/team/{teamId}': "the team's board of cards",
  'GET /api/kanban/tasks/{id}/comments': "a card's comments",
  'GET /api/teams/{teamId}/contribution': "the team's contribution evidence",
  'GET /api/teams/{teamId}/contribution/items': 'the items behind a number of it',
  'GET /api/teams/{teamId}/contribution.csv': 'the same as a file',
  'GET /api/teams/{teamId}/nudges': 'the nudges the team was sent',
  'GET /api/teams/{teamId}/read-log': "the staff's own reads of the team",
};

/** Reads of the whole class, for its instructors and TAs only (not even admins). */
const OVERSEES_THE_CLASS: Record<string, string> = {
  'GET /api/workspaces/{workspaceId}/class/overview': "the instructor's overview",
  'GET /api/workspaces/{workspaceId}/contribution.csv': "every team's evidence as a file",
  'GET /api/evaluations/{roundId}/results': "a peer evaluation round's results",
  'GET /api/evaluations/{roundId}/results.csv': 'the same as a file',
};

/** What instructors and TAs do to a class that nobody else does. */
const STAFF_ACTIONS: Record<string, string> = {
  'POST /api/workspaces/{workspaceId}/class/nudges': 'a nudge to a team or one of its students',
};

/** What an instructor does and an admin does not: running the class. */
const RUNS_THE_CLASS: Record<string, string> = {
  'PUT /api/workspaces/{id}/members/{userId}/role': 'an instructor names TAs',
  'POST /api/workspaces/{workspaceId}/evaluations': 'opens a peer evaluation round',
  'PATCH /api/evaluations/{roundId}': 'changes or closes a round',
  'POST /api/evaluations/{roundId}/release': "releases a round's feedback to the students",
};

type Outcome = 'allowed' | 'refused';
type Outcomes = Map<string, { outcome: Outcome; status: number }>;
const outcomeOf = (status: number): Outcome =>
  status === 401 || status === 403 || status === 404 ? 'refused' : 'allowed';

/** A value for each required query parameter an allowed caller's read needs. */
function queryFor(world: World, operation: Operation): Array<[string, string]> {
  const query: Array<[string, string]> = [];
  for (const param of operation.queryParams) {
    if (!param.required) continue;
    const known = pathValues(world, operation, param.name)?.[0];
    const schema = coreOf(param.schema);
    let value: unknown = known;
    if (value === undefined) {
      if (Array.isArray(schema.enum)) value = schema.enum[0];
      else if (schema.type === 'integer' || schema.type === 'number') {
        value = typeof schema.minimum === 'number' ? schema.minimum : 1;
      } else if (/date|from|to|start|end/i.test(param.name)) value = '2030-05-01';
      else value = '회의';
    }
    query.push([param.name, encode(value)]);
  }
  return query;
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

/** A world made a class, with `role` given to a newcomer who is in no team. */
async function classWorld(role: Exclude<WorkspaceRole, 'OWNER'>) {
  const world = await buildWorld(app);
  const made = await call(app, world.owner, 'PUT', `/api/workspaces/${world.workspace.id}`, {
    isClass: true,
  });
  expect(made.statusCode, made.body).toBe(200);
  const prober = await worldUser(app, `살펴보는 ${role}`);
  const joined = await call(app, prober, 'POST', '/api/workspaces/join', {
    inviteCode: world.workspace.inviteCode,
  });
  expect(joined.statusCode, joined.body).toBeLessThan(300);
  if (role !== 'MEMBER') {
    const named = await call(
      app,
      world.owner,
      'PUT',
      `/api/workspaces/${world.workspace.id}/members/${prober.userId}/role`,
      { role },
    );
    expect(named.statusCode, named.body).toBe(200);
  }
  return { world, prober };
}

/** Sends every operation as the prober of the world; answers each one's outcome. */
async function walk(operations: Operation[], world: World, token: string) {
  const outcomes: Outcomes = new Map();
  const unknown: string[] = [];
  for (const operation of operations) {
    const params: Record<string, string> = {};
    for (const param of operation.pathParams) {
      const value =
        param.name === 'provider' ? 'google' : pathValues(world, operation, param.name)?.[0];
      if (value === undefined) unknown.push(`${operation.key}: no world value for {${param.name}}`);
      else params[param.name] = encode(value);
    }
    if (Object.keys(params).length < operation.pathParams.length) continue;
    const reads = operation.method === 'GET';
    const fuzzCase: FuzzCase = {
      kind: 'invalid',
      label: 'role walk',
      params,
      query: reads ? queryFor(world, operation) : [],
      // Not an object: refused by every body schema, after the access step.
      body: !reads && operation.body ? { type: 'json', value: [1] } : { type: 'absent' },
      auth: 'user',
    };
    const response = await send(app, operation, fuzzCase, token, nextAddress());
    const status = response === 'timeout' ? 0 : response.statusCode;
    outcomes.set(operation.key, { outcome: outcomeOf(status), status });
  }
  return { outcomes, unknown };
}

/** The operations whose outcome differs between two walks. */
function differences(a: Outcomes, b: Outcomes) {
  return [...a.keys()].filter((key) => a.get(key)?.outcome !== b.get(key)?.outcome);
}

describe('class roles on every route', () => {
  it('gives TAs what members get and instructors what admins get, plus reading every team', async () => {
    const secured = operationsOf(document).filter((operation) => operation.secured);
    // Reads first, then writes refused by their body, then writes without one (these change
    // things when allowed, the same way in every world whose caller has the same rights).
    const rank = (operation: Operation) =>
      operation.method === 'GET' ? 0 : operation.body ? 1 : operation.method === 'DELETE' ? 3 : 2;
    const ordered = [...secured].sort(
      (a, b) => rank(a) - rank(b) || a.key.localeCompare(b.key, 'en'),
    );

    const walks = new Map<string, Awaited<ReturnType<typeof walk>>>();
    for (const role of ['MEMBER', 'TA', 'INSTRUCTOR', 'ADMIN'] as const) {
      const { world, prober } = await classWorld(role);
      walks.set(role, await walk(ordered, world, prober.token));
    }
    const none: Outcomes = new Map();
    const of = (role: string): Outcomes => walks.get(role)?.outcomes ?? none;
    const unknown = walks.get('MEMBER')?.unknown ?? [];
    expect(unknown, unknown.join('\n')).toEqual([]);

    const describeDiff = (key: string, roles: string[]) =>
      `${key}: ${roles.map((role) => `${role} ${of(role).get(key)?.status}`).join(', ')}`;
    const taVsMember = differences(of('TA'), of('MEMBER'));
    const instructorVsAdmin = differences(of('INSTRUCTOR'), of('ADMIN'));
    console.info(
      `class roles: ${ordered.length} operations walked by four roles; ` +
        `TA ≠ member on ${taVsMember.length}, instructor ≠ admin on ${instructorVsAdmin.length}`,
    );

    // Every difference is listed, and it is the overseer who is allowed.
    const staffOnly = { ...READS_EVERY_TEAM, ...OVERSEES_THE_CLASS, ...STAFF_ACTIONS };
    const unexpected = [
      ...taVsMember
        .filter((key) => !(key in staffOnly) || of('TA').get(key)?.outcome !== 'allowed')
        .map((key) => describeDiff(key, ['TA', 'MEMBER'])),
      ...instructorVsAdmin
        .filter(
          (key) =>
            !(key in staffOnly || key in RUNS_THE_CLASS) ||
            of('INSTRUCTOR').get(key)?.outcome !== 'allowed',
        )
        .map((key) => describeDiff(key, ['INSTRUCTOR', 'ADMIN'])),
    ];
    expect(unexpected, unexpected.join('\n')).toEqual([]);
    // The reads are reads: no write passes as one.
    const reads = Object.keys({ ...READS_EVERY_TEAM, ...OVERSEES_THE_CLASS });
    expect(reads.filter((key) => !key.startsWith('GET '))).toEqual([]);
    // Each listed difference is seen for both overseers (a stale entry, or a refusal, fails).
    const unseen = Object.keys(staffOnly).filter(
      (key) => !taVsMember.includes(key) || !instructorVsAdmin.includes(key),
    );
    expect(
      unseen,
      unseen.map((key) => describeDiff(key, ['TA', 'MEMBER', 'INSTRUCTOR', 'ADMIN'])).join('\n'),
    ).toEqual([]);
    const runs = Object.keys(RUNS_THE_CLASS).filter((key) => !instructorVsAdmin.includes(key));
    expect(runs).toEqual([]);
    // Four worlds and some 600 requests: about 15 s on a quiet machine.
  }, 240_000);
});
