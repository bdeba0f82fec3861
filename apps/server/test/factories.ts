import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './test-app';
import { extractCode, type SmtpSink } from './smtp-sink';
import { createLocalUser } from '../src/modules/users/users.service';

export type Tokens = { token: string; refreshToken: string; userId: number };

let counter = 0;
/** A fresh, unique e-mail address per call. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${Date.now()}@example.com`;
}

export const authHeader = (token: string) => ({ authorization: `Bearer ${token}` });

export function post(app: TestApp, url: string, payload: unknown, token?: string) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? authHeader(token) : {},
  });
}

/** Asserts a problem+json answer with the given status and code; answers the problem. */
export function expectProblem(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const problem = response.json<{ code: string; detail: string; status: number }>();
  expect(problem.code).toBe(code);
  expect(problem.status).toBe(status);
  expect(problem.detail).toMatch(/[가-힣]/);
  return problem;
}

/** Requests a code for `email` and reads it from the real SMTP sink. */
export async function mailedCode(
  app: TestApp,
  sink: SmtpSink,
  email: string,
  url = '/api/auth/email/request',
): Promise<string> {
  const response = await post(app, url, { email });
  expect(response.statusCode, response.body).toBe(200);
  const mail = await sink.waitForMail(email);
  return extractCode(mail.text);
}

/** Signs a user up through the real API: code by mail, verify, register. */
export async function signUp(app: TestApp, sink: SmtpSink, email: string, password = 'Password1') {
  const code = await mailedCode(app, sink, email);
  const verified = await post(app, '/api/auth/email/verify', { email, verificationCode: code });
  expect(verified.statusCode, verified.body).toBe(200);
  const registered = await post(app, '/api/users/register', {
    email,
    password,
    confirmPassword: password,
  });
  expect(registered.statusCode, registered.body).toBe(201);
  return registered.json<{ data: { id: number; name: string } }>().data;
}

export async function login(
  app: TestApp,
  email: string,
  password = 'Password1',
  clientInfo?: object,
) {
  const response = await post(app, '/api/auth/login', { email, password, clientInfo });
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json<{
    data: { token: string; refreshToken: string; user: { id: number } };
  }>().data;
  return {
    token: data.token,
    refreshToken: data.refreshToken,
    userId: data.user.id,
  } satisfies Tokens;
}

/** The `data` of a `{ data }` answer, typed by the caller. */
export function dataOf<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json<{ data: T }>().data;
}

let userCounter = 0;
/**
 * A LOCAL account made through the users service (no mail round trip) and logged in through
 * the real API. For tests whose subject is not sign-up.
 */
export async function createUser(app: TestApp, name?: string) {
  userCounter += 1;
  const email = uniqueEmail('member');
  const passwordHash = await app.context.passwords.hash('Password1');
  const user = await createLocalUser(
    app.context,
    {
      email,
      name: name ?? `사용자${userCounter}`,
      passwordHash,
    },
    null,
  );
  if (!user) throw new Error(`could not create ${email}`);
  const tokens = await login(app, email);
  return { ...tokens, email, name: user.name };
}
export type TestUser = Awaited<ReturnType<typeof createUser>>;

/** Sends a JSON call as `user` (any method); answers the raw response. */
export function call(
  app: TestApp,
  user: { token: string } | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: user ? authHeader(user.token) : {},
  });
}

export type MultipartPart =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer; type?: string };

/**
 * A multipart/form-data body as a browser sends it: text fields, and files whose names go raw
 * as UTF-8 in the header (Korean and spaces included).
 */
export function multipartBody(parts: MultipartPart[]) {
  const boundary = `----teamup${Date.now()}${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push('filename' in part ? part.content : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A problem body without its `requestId` (every answer has its own): for comparing two answers
 * that must be the same, such as a registered and an unknown address.
 */
export function withoutRequestId<T>(body: T): T {
  if (typeof body === 'string') {
    try {
      return JSON.stringify(withoutRequestId(JSON.parse(body) as unknown)) as T;
    } catch {
      return body;
    }
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const { requestId: _requestId, ...rest } = body as Record<string, unknown>;
  return rest as T;
}
