import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicInvitePreview, Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, expectProblem } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

/** An anonymous GET from one address (the per-IP budget is what is tested). */
const anonymous = (url: string, remoteAddress = '203.0.113.7') =>
  app.inject({ method: 'GET', url, remoteAddress });

describe('GET /api/workspaces/invite/{code}/public', () => {
  it('shows anyone with a valid invite only the name, the icon and the member count', async () => {
    const owner = await createUser(app);
    const member = await createUser(app);
    const created = await call(app, owner, 'POST', '/api/workspaces', {
      name: '캡스톤 디자인',
      iconUrl: '🚀',
      password: 'secret1',
    });
    const workspace = dataOf<Workspace>(created);
    expect(
      (
        await call(app, member, 'POST', '/api/workspaces/join', {
          inviteCode: workspace.inviteCode,
          password: 'secret1',
        })
      ).statusCode,
    ).toBe(200);

    const response = await anonymous(`/api/workspaces/invite/${workspace.inviteCode}/public`);
    expect(response.statusCode, response.body).toBe(200);
    const preview = dataOf<PublicInvitePreview>(response);
    // The icon lets the invitee recognise the workspace on the invite banner (issue 41).
    expect(preview).toEqual({ name: '캡스톤 디자인', iconUrl: '🚀', memberCount: 2 });
    // Nothing else about the workspace: no id, code, password flag or members.
    expect(Object.keys(response.json<{ data: object }>().data).sort()).toEqual([
      'iconUrl',
      'memberCount',
      'name',
    ]);
    expect(response.body).not.toContain(workspace.inviteCode);

    // An invite link works as well as the bare code (as in the join call).
    const link = encodeURIComponent(`http://localhost/#/ws/${workspace.inviteCode}`);
    expect(
      dataOf<PublicInvitePreview>(await anonymous(`/api/workspaces/invite/${link}/public`)),
    ).toEqual(preview);
  });

  it('answers 404 for an unknown code and 400 for something that is no code', async () => {
    expectProblem(
      await anonymous('/api/workspaces/invite/NOSUCHCODE/public'),
      404,
      'WORKSPACE_NOT_FOUND',
    );
    expectProblem(
      await anonymous('/api/workspaces/invite/%24%24/public'),
      400,
      'WORKSPACE_INVITE_INVALID',
    );
  });

  it('is rate-limited per address like the other anonymous calls', async () => {
    const url = '/api/workspaces/invite/NOSUCHCODE/public';
    for (let i = 0; i < 60; i += 1) {
      expect((await anonymous(url, '198.51.100.77')).statusCode).toBe(404);
    }
    const limited = await anonymous(url, '198.51.100.77');
    expectProblem(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await anonymous(url, '198.51.100.78')).statusCode).toBe(404);
  });

  it('leaves the full preview to logged-in callers', async () => {
    expectProblem(await anonymous('/api/workspaces/invite/ABCDEFGHJK'), 401, 'AUTH_REQUIRED');
  });
});
