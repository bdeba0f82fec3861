import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@teamup/contracts/endpoint';
import { endpointTables } from '@teamup/contracts/operations';
import { call, createUser, type TestUser } from './factories';
import { createTestApp, type TestApp } from './test-app';

type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  responses: Record<string, { description?: string; content?: Record<string, unknown> }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

/** Operations that take no input, need no token and are not rate limited: no 4xx to answer. */
const withoutClientErrors = new Set(['GET /api/health', 'GET /api/health/ready']);

let app: TestApp;
let document: Document;
let user: TestUser;

beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  const response = await app.inject({ url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json<Document>();
  user = await createUser(app);
});
afterAll(async () => {
  await app?.close();
});

function operations(): Array<[string, Operation]> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );
}

const documentPath = (endpoint: Endpoint) =>
  `/api${endpoint.path.replace(/:(\w+)/g, (_match, name: string) => `{${name}}`)}`;

describe('the OpenAPI document', () => {
  it('gives every operation a unique operationId, a summary and its client errors', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(100);
    const ids = new Map<string, string>();
    for (const [key, operation] of all) {
      expect(operation.operationId, `${key}: operationId`).toMatch(/^[a-z][A-Za-z0-9]+$/);
      const id = operation.operationId ?? '';
      expect(ids.get(id), `${key}: operationId ${id} is also ${ids.get(id)}`).toBeUndefined();
      ids.set(id, key);
      expect(operation.summary?.trim(), `${key}: summary`).toBeTruthy();
      expect(operation.security, `${key}: security (empty when public)`).toBeDefined();
      const clientErrors = Object.keys(operation.responses).filter((status) =>
        status.startsWith('4'),
      );
      if (!withoutClientErrors.has(key)) {
        expect(clientErrors.length, `${key}: a 4xx answer`).toBeGreaterThan(0);
      }
      for (const status of clientErrors) {
        expect(Object.keys(operation.responses[status]?.content ?? {}), `${key} ${status}`).toEqual(
          ['application/problem+json'],
        );
      }
      if (operation.security?.length) {
        expect(operation.responses['401']?.description, `${key}: 401`).toContain('AUTH_REQUIRED');
      }
    }
  });

  it('documents every endpoint of the tables under its operationId, and 204s as 204', () => {
    let noContent = 0;
    for (const [table, endpoints] of Object.entries(endpointTables)) {
      for (const [key, endpoint] of Object.entries(endpoints)) {
        const operation = document.paths[documentPath(endpoint)]?.[endpoint.method.toLowerCase()];
        const name = `${table}.${key} (${endpoint.method} ${endpoint.path})`;
        expect(operation, name).toBeDefined();
        expect(operation?.operationId, name).toBe(
          `${table}${key[0]?.toUpperCase()}${key.slice(1)}`,
        );
        if (endpoint.status === 204) {
          noContent += 1;
          expect(operation?.responses['204'], name).toEqual({ description: 'No content' });
          expect(operation?.responses['200'], name).toBeUndefined();
        }
        if (endpoint.params || endpoint.query || endpoint.body) {
          expect(operation?.responses['400']?.description, name).toContain('VALIDATION_FAILED');
        }
      }
    }
    expect(noContent).toBeGreaterThan(20);
  });

  it('describes latest=true of a room’s messages as newest first', () => {
    const list = document.paths['/api/workspaces/{workspaceId}/chat-rooms/{roomId}/messages']?.get;
    const parameters = (list as { parameters?: Array<Record<string, unknown>> } | undefined)
      ?.parameters;
    const latest = parameters?.find((parameter) => parameter.name === 'latest');
    expect(latest?.description).toEqual(expect.stringMatching(/newest first/));
    expect(list?.summary).toMatch(/latest=true/);
  });

  it('describes each upload as a multipart form with its file field', () => {
    const uploads = operations().filter(
      ([, operation]) => operation.requestBody?.content?.['multipart/form-data'],
    );
    expect(uploads.map(([key]) => key).sort()).toEqual(
      [
        'POST /api/users/me/profile-image',
        'POST /api/workspaces/{id}/icon',
        'POST /api/posts/{id}/attachments',
        'POST /api/teams/{teamId}/posts',
        'POST /api/workspaces/{workspaceId}/chat-rooms/{roomId}/messages/attachment',
        'POST /api/workspaces/import',
      ].sort(),
    );
    for (const [key, operation] of uploads) {
      const schema = operation.requestBody?.content?.['multipart/form-data']?.schema as {
        properties?: Record<string, { format?: string; items?: { format?: string } }>;
      };
      const files = Object.entries(schema.properties ?? {}).filter(
        ([, field]) => field.format === 'binary' || field.items?.format === 'binary',
      );
      expect(files.length, `${key}: a binary file field`).toBeGreaterThan(0);
    }
    const post = uploads.find(([key]) => key === 'POST /api/teams/{teamId}/posts')?.[1];
    const fields = post?.requestBody?.content?.['multipart/form-data']?.schema?.properties;
    expect(Object.keys(fields ?? {}).sort()).toEqual(['boardId', 'content', 'files', 'title']);
  });
});

describe('problem answers with error answers documented', () => {
  it('answers 400, 401 and 404 with the same problem bodies as before', async () => {
    const invalid = await call(app, user, 'GET', '/api/posts/abc');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(invalid.json()).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: expect.any(String) as unknown,
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'id', message: expect.any(String) as unknown }],
      requestId: invalid.headers['x-request-id'],
    });

    const anonymous = await call(app, null, 'GET', '/api/posts/1');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      detail: '인증이 필요합니다. 로그인해주세요.',
      code: 'AUTH_REQUIRED',
      requestId: anonymous.headers['x-request-id'],
    });

    const missing = await call(app, user, 'GET', '/api/posts/2147483000');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(Object.keys(missing.json()).sort()).toEqual(
      ['code', 'detail', 'requestId', 'status', 'title', 'type'].sort(),
    );
    // The id the access log and the X-Request-Id header carry, so a report leads to the logs.
    expect(missing.json()).toMatchObject({ requestId: missing.headers['x-request-id'] });
    expect(missing.json()).toMatchObject({
      status: 404,
      title: 'Not Found',
      code: 'POST_NOT_FOUND',
    });
  });
});
