/**
 * API fuzzing: every operation of the served OpenAPI document gets generated valid requests (from
 * its documented parameters and body, filled with ids of a real world) and hostile ones (wrong
 * types, missing fields, huge strings, NUL, unpaired surrogates, odd Unicode, ids beyond 32 bits,
 * dates PostgreSQL cannot store, empty and absent bodies, broken JSON and multipart), as a
 * signed-in user. Every answer must be: never a 5xx; a 4xx as problem+json with a code; a 2xx as
 * documented. All failures are gathered and reported together.
 *
 * FUZZ_SEED and FUZZ_RUNS (random cases per operation) change the run; both are fixed by default.
 */
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPostFieldsSchema } from '@teamup/contracts/board';
import { sendChatAttachmentFieldsSchema } from '@teamup/contracts/chat';
import { multipartBody, type MultipartPart } from './factories';
import { createTestApp, type TestApp } from './test-app';
import {
  badBodies,
  badIds,
  badDates,
  badRawValuesFor,
  badStrings,
  badValuesFor,
  coreOf,
  describeRequest,
  encode,
  failureOf,
  isDateLike,
  judge,
  normaliseSchema,
  operationsOf,
  report,
  send,
  targetsOf,
  validDate,
  valueArbitrary,
  withValueAt,
  type Body,
  type Failure,
  type FuzzCase,
  type Hint,
  type OpenApiDocument,
  type Operation,
  type Schema,
} from './api-fuzz';
import { buildWorld, nextAddress, pathValues, PNG, worldsBuilt, type World } from './api-world';

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
/** FUZZ_TRACE=<part of an operation key> prints every request to matching operations. */
const TRACE = process.env.FUZZ_TRACE;

// --- the world (api-world.ts) -------------------------------------------------------------------

/** World values for body and query fields, by name; schema-generated values stay in the mix. */
function hintFor(world: World, operation: Operation, strict: boolean): Hint {
  const people = [world.owner.userId, world.member.userId, world.third.userId];
  const ids = (...values: number[]) => fc.constantFrom(...values);
  const confirmName = operation.path.startsWith('/api/teams')
    ? world.team.name
    : world.workspace.name;
  const fields: Record<string, fc.Arbitrary<unknown>> = {
    workspaceId: ids(world.workspace.id),
    teamId: ids(world.team.id),
    kanbanId: ids(world.kanbanId),
    kanbanListId: ids(...world.listIds),
    kanbanTaskId: ids(world.taskId),
    boardId: ids(world.team.bulletinBoardId),
    userId: ids(world.member.userId, world.third.userId),
    senderId: ids(world.owner.userId),
    messageId: ids(world.messageId),
    beforeId: ids(world.messageId),
    assigneeIds: fc.subarray(people),
    chatMemberIdList: fc.subarray([world.member.userId, world.third.userId], { minLength: 1 }),
    participantIds: fc.constant(people),
    ranking: fc.constantFrom([0, 1], [1, 0]),
    result: fc.array(fc.constantFrom(0, 1), { minLength: 3, maxLength: 3 }),
    inviteCode: fc.constant(world.workspace.inviteCode),
    confirmName: fc.constant(confirmName),
    currentPassword: fc.constant('Password1'),
    email: fc.constantFrom(world.third.email, 'nobody@example.com'),
    refreshToken: fc.constant(world.owner.refreshToken),
    startDate: validDate,
    endDate: validDate,
  };
  return (name, schema) => {
    const hinted = fields[name];
    if (!hinted) return undefined;
    if (strict) return hinted;
    // Mostly the world's value; sometimes what the schema alone allows.
    const plain = { ...schema };
    return fc.oneof(
      { weight: 3, arbitrary: hinted },
      { weight: 1, arbitrary: valueArbitrary(plain, name, () => undefined) },
    );
  };
}

// --- what is special about some operations -------------------------------------------------------

/** Multipart routes: the document names no body; these are their fields and file parts. */
const UPLOADS: Record<string, { fields?: z.ZodType; fileField: string; jsonAllowed: boolean }> = {
  'POST /api/users/me/profile-image': { fileField: 'file', jsonAllowed: false },
  'POST /api/workspaces/{id}/icon': { fileField: 'file', jsonAllowed: false },
  'POST /api/teams/{teamId}/posts': {
    fields: createPostFieldsSchema,
    fileField: 'files',
    jsonAllowed: true,
  },
  'POST /api/posts/{id}/attachments': { fileField: 'file', jsonAllowed: false },
  'POST /api/workspaces/{workspaceId}/chat-rooms/{roomId}/messages/attachment': {
    fields: sendChatAttachmentFieldsSchema,
    fileField: 'file',
    jsonAllowed: false,
  },
};

/** Operations that end what the others need: they run last, each in a world of its own. */
const isDestructive = (operation: Operation) =>
  operation.method === 'DELETE' ||
  /\/(?:leave|ban|delete|deactivate)$/.test(operation.path) ||
  [
    'POST /api/auth/logout',
    'POST /api/auth/refresh',
    'PUT /api/users/password',
    'POST /api/sse/cleanup',
  ].includes(operation.key);

/** Operations exercised only in part, and why (printed, never silent). */
const PARTLY: Record<string, string> = {
  'GET /api/sse/subscribe':
    "an event stream: only refused tickets are sent here, never with the account's bearer token " +
    '(a valid ticket or token opens a stream that never ends); streams are tested in the live module',
};

// --- cases ---------------------------------------------------------------------------------------

const hugeValue = badStrings[0]?.value;

function bodySchemaOf(operation: Operation): Schema | undefined {
  if (operation.body) return operation.body.schema;
  const upload = UPLOADS[operation.key];
  if (upload?.fields) {
    return normaliseSchema(
      z.toJSONSchema(upload.fields, { target: 'draft-7', io: 'input', unrepresentable: 'any' }),
      { paths: {} },
    );
  }
  return undefined;
}

const takesBody = (operation: Operation) => operation.method !== 'GET';

/** Generators of one operation's cases, valid and hostile. */
/**
 * Valid requests: path ids and named fields from the world (`strict`), or mostly from the world
 * and sometimes anything the documented schema allows.
 */
function validArbitrary(world: World, operation: Operation, strict: boolean) {
  const hint = hintFor(world, operation, strict);
  const params = fc.record(
    Object.fromEntries(
      operation.pathParams.map((param) => {
        const known = pathValues(world, operation, param.name);
        const arbitrary = known
          ? strict
            ? fc.constant(known[0])
            : fc.oneof(
                { weight: 5, arbitrary: fc.constantFrom(...known) },
                { weight: 1, arbitrary: valueArbitrary(param.schema, param.name, () => undefined) },
              )
          : valueArbitrary(param.schema, param.name, () => undefined);
        return [param.name, arbitrary.map(encode)];
      }),
    ),
  );
  const queryParams = operation.queryParams.filter((param) => param.name !== 'ticket');
  const query = fc
    .tuple(
      ...queryParams.map((param) =>
        param.required
          ? valueArbitrary(param.schema, param.name, hint)
          : fc.option(valueArbitrary(param.schema, param.name, hint), { nil: undefined }),
      ),
    )
    .map((values) =>
      values.flatMap((value, index): Array<[string, string]> => {
        const param = queryParams[index];
        return param && value !== undefined ? [[param.name, encode(value)]] : [];
      }),
    )
    .chain((pairs) =>
      operation.queryParams.some((param) => param.name === 'ticket')
        ? fc
            .string({ maxLength: 40 })
            .map((ticket): Array<[string, string]> => [...pairs, ['ticket', encode(ticket)]])
        : fc.constant(pairs),
    );
  const bodySchema = bodySchemaOf(operation);
  const body: fc.Arbitrary<Body> = bodySchema
    ? valueArbitrary(bodySchema, '', hint).map((value) => ({ type: 'json', value }))
    : fc.constant({ type: 'absent' });
  return fc
    .record({ params, query, body })
    .map((parts): FuzzCase => ({ kind: 'valid', label: 'valid', auth: 'user', ...parts }));
}

function caseArbitraries(world: World, operation: Operation) {
  const valid = validArbitrary(world, operation, false);
  const worldValid = validArbitrary(world, operation, true);
  const bodySchema = bodySchemaOf(operation);
  const choices: Array<{ weight: number; arbitrary: fc.Arbitrary<FuzzCase> }> = [
    { weight: 4, arbitrary: valid },
  ];
  if (operation.pathParams.length > 0) {
    choices.push({
      weight: 2,
      arbitrary: fc.tuple(valid, fc.constantFrom(...operation.pathParams)).chain(([base, param]) =>
        fc.constantFrom(...badRawValuesFor(param.name, param.schema)).map((bad): FuzzCase => ({
          ...base,
          kind: 'invalid',
          label: `{${param.name}} = ${bad.label}`,
          params: { ...base.params, [param.name]: bad.value },
        })),
      ),
    });
  }
  if (operation.queryParams.length > 0) {
    choices.push({
      weight: 2,
      arbitrary: fc.tuple(valid, fc.constantFrom(...operation.queryParams)).chain(([base, param]) =>
        fc
          .constantFrom(
            ...badRawValuesFor(param.name, param.schema),
            { label: 'repeated parameter', value: '1&REPEAT' },
            { label: 'parameter absent', value: undefined },
          )
          .map((bad): FuzzCase => {
            const others = base.query.filter(([name]) => name !== param.name);
            let query: Array<[string, string]> = others;
            if (bad.value === '1&REPEAT') {
              query = [...others, [param.name, '1'], [param.name, '2']];
            } else if (bad.value !== undefined) {
              query = [...others, [param.name, bad.value]];
            }
            return { ...base, kind: 'invalid', label: `?${param.name} = ${bad.label}`, query };
          }),
      ),
    });
  }
  const targets = bodySchema ? targetsOf(bodySchema) : [];
  if (targets.length > 0) {
    choices.push({
      weight: 5,
      arbitrary: fc.tuple(valid, fc.constantFrom(...targets)).chain(([base, target]) =>
        fc.constantFrom(...badValuesFor(target.name, target.schema)).map((bad): FuzzCase => ({
          ...base,
          kind: 'invalid',
          label: `body.${target.path.join('.')} = ${bad.label}`,
          body: {
            type: 'json',
            value: withValueAt(
              base.body.type === 'json' ? base.body.value : {},
              target.path,
              bad.value,
            ),
          },
        })),
      ),
    });
    const required = targets.filter((target) => target.required);
    if (required.length > 0) {
      choices.push({
        weight: 1,
        arbitrary: fc
          .tuple(valid, fc.constantFrom(...required))
          .map(([base, target]): FuzzCase => ({
            ...base,
            kind: 'invalid',
            label: `body.${target.path.join('.')} missing`,
            body: {
              type: 'json',
              value: withValueAt(
                base.body.type === 'json' ? base.body.value : {},
                target.path,
                undefined,
              ),
            },
          })),
      });
    }
    choices.push({
      weight: 1,
      arbitrary: valid.map((base): FuzzCase => ({
        ...base,
        kind: 'invalid',
        label: 'body with an unknown field',
        body: {
          type: 'json',
          value: withValueAt(
            base.body.type === 'json' ? base.body.value : {},
            ['unexpected\u0000field'],
            hugeValue,
          ),
        },
      })),
    });
  }
  if (takesBody(operation)) {
    choices.push({
      weight: 1,
      arbitrary: fc.tuple(valid, fc.constantFrom(...badBodies)).map(([base, bad]): FuzzCase => ({
        ...base,
        kind: 'invalid',
        label: `whole body: ${bad.type === 'raw' ? bad.describe : bad.type}`,
        body: bad,
      })),
    });
  }
  return { valid: worldValid, any: fc.oneof(...choices) };
}

/**
 * The cases every operation gets whatever the seed: each bad id in each id parameter, NUL and an
 * unpaired surrogate in each text field, out-of-range dates in each date field, absent and empty
 * bodies, no and a forged token.
 */
function fixedCases(operation: Operation, base: FuzzCase): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const invalid = (label: string, change: Partial<FuzzCase>): FuzzCase => ({
    ...base,
    kind: 'invalid',
    label,
    ...change,
  });
  for (const param of operation.pathParams) {
    if (coreOf(param.schema).type !== 'integer') continue;
    for (const bad of badIds) {
      cases.push(
        invalid(`{${param.name}} = ${bad.label}`, {
          params: { ...base.params, [param.name]: encode(bad.value) },
        }),
      );
    }
  }
  for (const param of operation.queryParams) {
    const values = [
      ...(coreOf(param.schema).type === 'integer' ? badIds.slice(0, 2) : []),
      ...(isDateLike(param.name, param.schema) ? badDates.slice(0, 2) : []),
      { label: 'NUL inside', value: 'a\u0000b' },
    ];
    for (const bad of values) {
      cases.push(
        invalid(`?${param.name} = ${bad.label}`, {
          query: [
            ...base.query.filter(([name]) => name !== param.name),
            [param.name, encode(bad.value)],
          ],
        }),
      );
    }
  }
  const bodySchema = bodySchemaOf(operation);
  if (bodySchema && base.body.type === 'json') {
    for (const target of targetsOf(bodySchema)) {
      const core = coreOf(target.schema);
      const values =
        core.type === 'string'
          ? [
              ...badStrings.filter((bad) =>
                ['NUL inside', 'unpaired high surrogate', '100 KB string'].includes(bad.label),
              ),
              ...(isDateLike(target.name, target.schema) ? badDates.slice(0, 2) : []),
            ]
          : core.type === 'integer'
            ? badIds.slice(0, 2)
            : [];
      for (const bad of values) {
        cases.push(
          invalid(`body.${target.path.join('.')} = ${bad.label}`, {
            body: { type: 'json', value: withValueAt(base.body.value, target.path, bad.value) },
          }),
        );
      }
    }
  }
  if (takesBody(operation)) {
    cases.push(invalid('absent body', { body: { type: 'absent' } }));
    cases.push(invalid('empty object body', { body: { type: 'json', value: {} } }));
    for (const bad of badBodies.filter(
      (body) => body.type === 'raw' && /deep|1\.1 MB/.test(body.describe),
    )) {
      cases.push(invalid(`whole body: ${bad.type === 'raw' ? bad.describe : ''}`, { body: bad }));
    }
  }
  cases.push(invalid('no token', { auth: 'none' }));
  cases.push(invalid('forged token', { auth: 'garbage' }));
  return cases;
}

/** Multipart cases for the upload routes: one tiny valid file and broken forms. */
function uploadCases(operation: Operation, base: FuzzCase): FuzzCase[] {
  const upload = UPLOADS[operation.key];
  if (!upload) return [];
  const textFields: MultipartPart[] =
    operation.key === 'POST /api/teams/{teamId}/posts'
      ? [
          { name: 'title', value: '파일 글' },
          { name: 'content', value: '본문' },
        ]
      : upload.fields
        ? [{ name: 'content', value: '파일' }]
        : [];
  const form = (describe: string, parts: MultipartPart[]): Body => {
    const body = multipartBody(parts);
    return {
      type: 'raw',
      contentType: body.headers['content-type'],
      payload: body.payload,
      describe: `multipart: ${describe}`,
    };
  };
  const file = (content = PNG, filename = 'dot.png'): MultipartPart => ({
    name: upload.fileField,
    filename,
    content,
    type: 'image/png',
  });
  const multipart = (kind: FuzzCase['kind'], describe: string, parts: MultipartPart[]) => ({
    ...base,
    kind,
    label: `multipart: ${describe}`,
    body: form(describe, parts),
  });
  return [
    multipart('valid', 'a 1×1 PNG', [...textFields, file()]),
    multipart('invalid', 'text bytes named .png', [...textFields, file(Buffer.from('no image'))]),
    multipart('invalid', 'NUL in text and file name', [
      ...textFields.map((part) => ({ ...part, value: `a\u0000b` })),
      file(PNG, 'a\u0000b\uD800.png'),
    ]),
    multipart('invalid', 'no file part', textFields),
    multipart('invalid', 'file under another name', [
      ...textFields,
      { name: 'other', filename: 'dot.png', content: PNG },
    ]),
    multipart('invalid', 'empty file', [...textFields, file(Buffer.alloc(0))]),
    {
      ...base,
      kind: 'invalid',
      label: 'multipart: cut off in the file',
      body: (() => {
        const whole = form('', [...textFields, file()]);
        const payload = whole.type === 'raw' ? whole.payload : '';
        return {
          ...whole,
          payload: payload.slice(0, payload.length - 60),
          describe: 'multipart cut off in the file',
        };
      })(),
    },
  ];
}

// --- the run -------------------------------------------------------------------------------------

let app: TestApp;
let document: OpenApiDocument;
const errorLog: string[] = [];

beforeAll(async () => {
  app = await createTestApp(
    { RATE_LIMIT_PER_MINUTE: '100000000' },
    {
      logger: pino({ level: 'error' }, { write: (line: string) => void errorLog.push(line) }),
    },
  );
  const docs = await app.inject({ url: '/api/docs/json' });
  expect(docs.statusCode).toBe(200);
  document = docs.json<OpenApiDocument>();
});
afterAll(async () => {
  await app?.close();
});

/** The error the server logged while answering (for 5xx): message and our first stack frames. */
function causeSince(mark: number): string | undefined {
  const lines = errorLog.slice(mark);
  for (const line of lines) {
    try {
      const entry = JSON.parse(line) as {
        err?: { message?: string; stack?: string };
        msg?: string;
      };
      if (!entry.err) continue;
      const stack = (entry.err.stack ?? '').split('\n').slice(1);
      const ours = stack.filter((frame) => frame.includes('/apps/server/src/'));
      const frames = (ours.length > 0 ? ours : stack).slice(0, 3).map((frame) =>
        frame
          .trim()
          .replace(/^at /, '')
          .replace(/\(.*apps\/server\//, '('),
      );
      return [entry.err.message, ...frames].join(' | ');
    } catch {
      return line.slice(0, 300);
    }
  }
  return undefined;
}

describe('API fuzzing', () => {
  it('answers every generated request to every documented operation by the rules', async () => {
    const started = Date.now();
    const operations = operationsOf(document);
    const failures: Failure[] = [];
    const notes = new Set<string>();
    const stats = { cases: 0, operations: 0, statuses: new Map<string, number>() };
    const no2xx: string[] = [];
    const slowest: Array<{ took: number; what: string }> = [];

    for (const [key, reason] of Object.entries(PARTLY)) {
      console.info(`api-fuzz: ${key} exercised in part: ${reason}`);
    }
    for (const key of Object.keys(UPLOADS)) {
      if (!operations.some((operation) => operation.key === key)) {
        failures.push({
          operation: key,
          problem: 'listed as an upload route but not in the document',
          kind: 'valid',
          label: 'set-up',
          request: '',
          status: 0,
          excerpt: '',
        });
      }
    }

    // Every world is built before the first fuzzed request: fuzzing the login locks it per IP.
    const shared = await buildWorld(app);
    const ordered = [
      ...operations.filter((operation) => !isDestructive(operation)),
      ...operations.filter(isDestructive),
    ];
    const worlds = new Map<Operation, World>();
    for (const operation of ordered) {
      worlds.set(operation, isDestructive(operation) ? await buildWorld(app) : shared);
    }
    console.info(`api-fuzz: ${worldsBuilt()} worlds built in ${(Date.now() - started) / 1000} s`);
    for (const operation of ordered) {
      const world = worlds.get(operation) ?? shared;
      const missing = operation.pathParams.filter(
        (param) =>
          coreOf(param.schema).type !== 'string' && !pathValues(world, operation, param.name),
      );
      if (missing.length > 0) {
        failures.push({
          operation: operation.key,
          problem: `the test knows no world id for {${missing.map((p) => p.name).join('}, {')}}`,
          kind: 'valid',
          label: 'set-up',
          request: '',
          status: 0,
          excerpt: '',
        });
      }
      const seed =
        SEED + [...operation.key].reduce((sum, c) => (sum * 31 + c.charCodeAt(0)) | 0, 0);
      const arbitraries = caseArbitraries(world, operation);
      const base = fc.sample(arbitraries.valid, { seed, numRuns: 1 })[0];
      if (!base) throw new Error(`${operation.key}: no valid case`);
      const random = fc.sample(arbitraries.any, { seed, numRuns: RUNS });
      // Deterministic cases first, then the random ones: the valid base before anything else.
      const all = [
        base,
        ...uploadCases(operation, base),
        ...fixedCases(operation, base),
        ...random,
      ];
      // A stream opened by the account's token never ends: such operations get no good token.
      const cases = PARTLY[operation.key]
        ? all.map((fuzzCase) =>
            fuzzCase.auth === 'user' ? { ...fuzzCase, auth: 'none' as const } : fuzzCase,
          )
        : all;
      const upload = UPLOADS[operation.key];
      let absentStatus: number | undefined;
      let any2xx = false;
      stats.operations += 1;
      for (const fuzzCase of cases) {
        stats.cases += 1;
        const mark = errorLog.length;
        const sentAt = performance.now();
        const response = await send(app, operation, fuzzCase, world.owner.token, nextAddress());
        const took = performance.now() - sentAt;
        slowest.push({ took, what: `${operation.key} [${fuzzCase.kind}] ${fuzzCase.label}` });
        if (slowest.length > 40) slowest.sort((a, b) => b.took - a.took).splice(10);
        if (response === 'timeout') {
          failures.push(failureOf(operation, fuzzCase, response, 'no answer within 20 s'));
          continue;
        }
        if (TRACE && operation.key.includes(TRACE)) {
          console.info(
            `${response.statusCode} ${describeRequest(operation, fuzzCase).slice(0, 300)} ← ${response.body.slice(0, 200)}`,
          );
        }
        const statusClass = `${String(response.statusCode).slice(0, 1)}xx`;
        stats.statuses.set(statusClass, (stats.statuses.get(statusClass) ?? 0) + 1);
        if (response.statusCode < 300 && fuzzCase.auth === 'user') any2xx = true;
        const problem = judge(operation, response, notes);
        if (problem) {
          failures.push(
            failureOf(
              operation,
              fuzzCase,
              response,
              problem,
              response.statusCode >= 500 ? causeSince(mark) : undefined,
            ),
          );
        }
        if (
          upload &&
          !upload.jsonAllowed &&
          fuzzCase.body.type !== 'raw' &&
          response.statusCode < 300
        ) {
          failures.push(
            failureOf(
              operation,
              fuzzCase,
              response,
              `${response.statusCode} for a non-multipart body`,
            ),
          );
        }
        // An absent body where {} is allowed must answer like {} (here: not a 400 where {} is not).
        if (fuzzCase.label === 'absent body') absentStatus = response.statusCode;
        if (
          fuzzCase.label === 'empty object body' &&
          absentStatus === 400 &&
          response.statusCode !== 400
        ) {
          failures.push(
            failureOf(
              operation,
              { ...fuzzCase, label: 'absent body' },
              response,
              `absent body answers 400 where {} answers ${response.statusCode}`,
            ),
          );
        }
      }
      if (!any2xx) no2xx.push(operation.key);
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const statuses = [...stats.statuses.entries()].map(([k, v]) => `${k} ${v}`).join(', ');
    console.info(
      `api-fuzz: ${stats.operations} operations, ${stats.cases} requests (${statuses}) in ${seconds} s, seed ${SEED}, ${RUNS} random cases each`,
    );
    slowest.sort((a, b) => b.took - a.took).splice(5);
    console.info(
      `api-fuzz: slowest requests:\n  ${slowest.map((s) => `${Math.round(s.took)} ms ${s.what}`).join('\n  ')}`,
    );
    if (no2xx.length > 0) {
      console.info(`api-fuzz: no 2xx reached (as the owner) on:\n  ${no2xx.join('\n  ')}`);
    }
    if (notes.size > 0) console.info(`api-fuzz notes:\n  ${[...notes].join('\n  ')}`);
    expect(failures.length, report(failures)).toBe(0);
  }, 600_000);
});
