import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/** The HTTP platform contract: problem+json for every failure, health, security headers. */
describe('platform HTTP behaviour', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const expectProblem = (
    response: Awaited<ReturnType<TestApp['inject']>>,
    status: number,
    code: string,
  ) => {
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({ status, code });
    for (const field of ['type', 'title', 'detail']) expect(typeof body[field]).toBe('string');
    expect((body['detail'] as string).length).toBeGreaterThan(0);
    return body;
  };

  it('GET /api/health answers 200 {data:{status:"ok"}}', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ data: { status: 'ok' } });
  });

  it('sends helmet security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeDefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('an unknown route is 404 NOT_FOUND problem+json', async () => {
    expectProblem(await app.inject({ method: 'GET', url: '/api/no-such-thing' }), 404, 'NOT_FOUND');
    expectProblem(await app.inject({ method: 'POST', url: '/api/nope?x=1' }), 404, 'NOT_FOUND');
  });

  it('a known path with the wrong method is 405 with an Allow header', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/health' });
    expectProblem(response, 405, 'METHOD_NOT_ALLOWED');
    const allow = String(response.headers['allow']).split(/,\s*/);
    expect(allow).toContain('GET');
    expect(allow).not.toContain('POST');

    const query = await app.inject({ method: 'DELETE', url: '/api/health?verbose=1' });
    expectProblem(query, 405, 'METHOD_NOT_ALLOWED');
  });

  it('a parameterised path with the wrong method is 405 too', async () => {
    // DELETE /api/auth/sessions/:sessionId exists; PATCH does not.
    const response = await app.inject({ method: 'PATCH', url: '/api/auth/sessions/12' });
    expectProblem(response, 405, 'METHOD_NOT_ALLOWED');
    expect(String(response.headers['allow'])).toContain('DELETE');
  });

  it('a JSON body over 1 MiB is 413 PAYLOAD_TOO_LARGE', async () => {
    const big = JSON.stringify({ email: 'a@b.c', padding: 'x'.repeat(1024 * 1024 + 10) });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expectProblem(response, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('a body just under 1 MiB is not refused for its size', async () => {
    const body = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1000 * 1000) });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).not.toBe(413);
    expect(response.statusCode).toBeGreaterThanOrEqual(400); // the password is too long
  });

  it('malformed JSON is 400 problem+json', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    const body = expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(body['detail']).toContain('JSON');

    const empty = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expectProblem(empty, 400, 'VALIDATION_FAILED');
  });

  it('an unsupported content type is 415 problem+json', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-custom' },
      payload: 'x',
    });
    expectProblem(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('a rate-limited call is 429 RATE_LIMITED problem+json with Retry-After', async () => {
    // POST /api/auth/login allows 60 calls a minute per IP; the limit applies before validation.
    const calls = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.9',
        payload: {},
      });
    for (let i = 0; i < 60; i += 1) expect((await calls()).statusCode).toBe(400);
    const limited = await calls();
    expectProblem(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a schema validation failure is 400 VALIDATION_FAILED with the fields', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'not-an-email', password: '' },
    });
    const body = expectProblem(response, 400, 'VALIDATION_FAILED');
    const fields = (body['errors'] as Array<{ field: string }>).map((error) => error.field);
    expect(fields).toContain('email');
  });
});
