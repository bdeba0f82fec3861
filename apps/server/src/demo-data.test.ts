import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { dataOf, login } from '../test/factories';
import { demoPassword, seedDemo } from './demo-data';

describe('demo seed', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates demo accounts through the services, idempotently, that can log in', async () => {
    const logins = await seedDemo(app.context);
    expect(logins.length).toBeGreaterThanOrEqual(4);
    expect(await seedDemo(app.context)).toEqual(logins);
    const first = logins[0];
    if (!first) throw new Error('no demo login');
    const tokens = await login(app, first.email, demoPassword);
    const me = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${tokens.token}` },
    });
    expect(dataOf(me)).toMatchObject({ email: first.email, name: first.name });
    expect(dataOf<{ hashtags: string[] }>(me).hashtags.length).toBeGreaterThan(0);
  });
});
