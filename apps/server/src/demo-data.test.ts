import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { dataOf, login } from '../test/factories';
import { demoPassword, demoWorkspaceName, seedDemo } from './demo-data';

describe('demo seed', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates demo accounts, a workspace and teams through the services, idempotently', async () => {
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

    const workspaces = await app.inject({
      method: 'GET',
      url: '/api/workspaces/my',
      headers: { authorization: `Bearer ${tokens.token}` },
    });
    const [workspace, ...more] =
      dataOf<Array<{ id: number; name: string; memberCount: number }>>(workspaces);
    expect(more).toEqual([]);
    expect(workspace).toMatchObject({ name: demoWorkspaceName, memberCount: logins.length });
    const teams = await app.inject({
      method: 'GET',
      url: `/api/teams/workspace/${workspace?.id}`,
      headers: { authorization: `Bearer ${tokens.token}` },
    });
    const list =
      dataOf<Array<{ id: number; name: string; passwordProtected: boolean; progress: number }>>(
        teams,
      );
    expect(list.map((team) => team.name)).toEqual(['프론트엔드', '백엔드', '발표 준비']);
    expect(list.filter((team) => team.passwordProtected)).toHaveLength(1);
    const frontend = list[0];
    // One of the five seeded kanban tasks is approved.
    expect(frontend?.progress).toBe(20);
    const posts = await app.inject({
      method: 'GET',
      url: `/api/teams/${frontend?.id}/posts`,
      headers: { authorization: `Bearer ${tokens.token}` },
    });
    expect(
      dataOf<{ content: Array<{ title: string; commentCount: number }> }>(posts).content,
    ).toEqual([expect.objectContaining({ title: '디자인 시안 공유', commentCount: 1 })]);
    const rooms = await app.inject({
      method: 'GET',
      url: `/api/workspaces/${workspace?.id}/video-channels`,
      headers: { authorization: `Bearer ${tokens.token}` },
    });
    expect(dataOf<Array<{ name: string }>>(rooms).map((room) => room.name)).toEqual([
      '주간 스탠드업',
      '백엔드 페어 프로그래밍',
    ]);
  });
});
