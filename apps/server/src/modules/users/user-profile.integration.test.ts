import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserProfile } from '@teamup/contracts/users';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
let alice: TestUser;
let bob: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  alice = await createUser(app, '앨리스');
  bob = await createUser(app, '밥');
  stranger = await createUser(app, '남');
});
afterAll(async () => {
  await app.close();
});

describe('user pages', () => {
  it('requires authentication', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/users/${alice.userId}` });
    expectProblem(response, 401, 'AUTH_REQUIRED');
  });

  it('refuses an outsider as if the person did not exist', async () => {
    expectProblem(
      await call(app, stranger, 'GET', `/api/users/${alice.userId}`),
      404,
      'USER_NOT_FOUND',
    );
    expectProblem(await call(app, stranger, 'GET', '/api/users/999999'), 404, 'USER_NOT_FOUND');
  });

  it('shows the whole profile and the shared workspaces to people who share one', async () => {
    const workspace = dataOf<Workspace>(
      await call(app, alice, 'POST', '/api/workspaces', { name: '함께 쓰는 곳' }),
    );
    await call(app, alice, 'POST', '/api/workspaces', { name: '앨리스만' });
    await call(app, bob, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
    await call(app, alice, 'PUT', '/api/users/me', { mbti: 'INTJ', hashtags: ['React'] });
    const profile = dataOf<UserProfile>(await call(app, bob, 'GET', `/api/users/${alice.userId}`));
    expect(profile).toMatchObject({
      id: alice.userId,
      name: '앨리스',
      mbti: 'INTJ',
      hashtags: ['React'],
      sharedWorkspaces: [{ id: workspace.id, name: '함께 쓰는 곳' }],
    });
    // Oneself: always visible.
    expect(
      dataOf<UserProfile>(await call(app, stranger, 'GET', `/api/users/${stranger.userId}`)).id,
    ).toBe(stranger.userId);
  });
});
