import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('GET /api/auth/providers', () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('shows no provider when none is configured', async () => {
    app = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { google: false, kakao: false, sso: null } });
  });

  it('shows a provider only when both its id and secret are set', async () => {
    app = await createTestApp({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      KAKAO_CLIENT_ID: 'only-an-id',
    });
    const response = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.json()).toEqual({ data: { google: true, kakao: false, sso: null } });
  });
});
