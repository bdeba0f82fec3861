import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceMemberRemovedEvent } from '@teamup/contracts/events';
import type {
  BannedUser,
  InvitePreview,
  Workspace,
  WorkspaceMember,
} from '@teamup/contracts/workspaces';
import {
  call,
  createUser,
  dataOf,
  expectProblem,
  multipartBody,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

async function createWorkspace(owner: TestUser, body: Record<string, unknown> = {}) {
  const response = await call(app, owner, 'POST', '/api/workspaces', {
    name: '캡스톤 디자인',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<Workspace>(response);
}

async function join(user: TestUser, inviteCode: string, password?: string) {
  return call(app, user, 'POST', '/api/workspaces/join', {
    inviteCode,
    ...(password === undefined ? {} : { password }),
  });
}

async function joined(user: TestUser, inviteCode: string, password?: string) {
  const response = await join(user, inviteCode, password);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<Workspace>(response);
}

async function members(user: TestUser, workspaceId: number) {
  const response = await call(app, user, 'GET', `/api/workspaces/${workspaceId}/members`);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<WorkspaceMember[]>(response);
}

/** An owner, an admin and a plain member in one fresh workspace. */
async function staffedWorkspace() {
  const owner = await createUser(app, '소유자');
  const admin = await createUser(app, '관리자');
  const member = await createUser(app, '멤버');
  const workspace = await createWorkspace(owner);
  await joined(admin, workspace.inviteCode);
  await joined(member, workspace.inviteCode);
  const promoted = await call(
    app,
    owner,
    'PUT',
    `/api/workspaces/${workspace.id}/members/${admin.userId}/role`,
    { role: 'ADMIN' },
  );
  expect(promoted.statusCode, promoted.body).toBe(200);
  return { owner, admin, member, workspace };
}

describe('workspaces', () => {
  it('requires authentication on every call', async () => {
    const calls: Array<[Parameters<typeof call>[2], string]> = [
      ['POST', '/api/workspaces'],
      ['GET', '/api/workspaces/my'],
      ['GET', '/api/workspaces/invite/ABCDEFGHJK'],
      ['POST', '/api/workspaces/join'],
      ['POST', '/api/workspaces/1/join'],
      ['GET', '/api/workspaces/1'],
      ['PUT', '/api/workspaces/1'],
      ['PUT', '/api/workspaces/1/password'],
      ['POST', '/api/workspaces/1/icon'],
      ['DELETE', '/api/workspaces/1'],
      ['POST', '/api/workspaces/1/leave'],
      ['GET', '/api/workspaces/1/members'],
      ['PUT', '/api/workspaces/1/members/2/role'],
      ['DELETE', '/api/workspaces/1/members/2'],
      ['POST', '/api/workspaces/1/members/2/ban'],
      ['DELETE', '/api/workspaces/1/members/2/ban'],
      ['GET', '/api/workspaces/1/blacklist'],
    ];
    for (const [method, url] of calls) {
      expectProblem(await call(app, null, method, url, {}), 401, 'AUTH_REQUIRED');
    }
  });

  it('refuses an outsider, and answers 404 for a workspace that does not exist', async () => {
    const owner = await createUser(app);
    const outsider = await createUser(app);
    const { id } = await createWorkspace(owner);
    for (const url of [`/api/workspaces/${id}`, `/api/workspaces/${id}/members`]) {
      expectProblem(await call(app, outsider, 'GET', url), 403, 'WORKSPACE_FORBIDDEN');
    }
    expectProblem(
      await call(app, outsider, 'PUT', `/api/workspaces/${id}`, { name: '탈취' }),
      403,
      'WORKSPACE_FORBIDDEN',
    );
    expectProblem(
      await call(app, outsider, 'GET', '/api/workspaces/999999'),
      404,
      'WORKSPACE_NOT_FOUND',
    );
    const mine = dataOf<Workspace[]>(await call(app, outsider, 'GET', '/api/workspaces/my'));
    expect(mine).toEqual([]);
  });

  it('creates a workspace owned by its creator, with a permanent unguessable invite code', async () => {
    const owner = await createUser(app);
    const first = await createWorkspace(owner, { name: '  알고리즘 스터디  ', iconUrl: '📚' });
    expect(first).toMatchObject({
      name: '알고리즘 스터디',
      iconUrl: '📚',
      passwordProtected: false,
      owner: { id: owner.userId },
      myRole: 'OWNER',
      memberCount: 1,
    });
    expect(first.inviteCode).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(first.url).toBe(`http://localhost:8081/#/ws/${first.inviteCode}`);
    const codes = new Set([first.inviteCode]);
    for (let i = 0; i < 5; i += 1) codes.add((await createWorkspace(owner)).inviteCode);
    expect(codes.size).toBe(6);

    const mine = dataOf<Workspace[]>(await call(app, owner, 'GET', '/api/workspaces/my'));
    expect(mine.map((workspace) => workspace.id)[0]).toBe(first.id);
    expect(mine).toHaveLength(6);
    const again = dataOf<Workspace>(await call(app, owner, 'GET', `/api/workspaces/${first.id}`));
    expect(again.inviteCode).toBe(first.inviteCode);
  });

  it('validates the name (required, at most 100) and the icon', async () => {
    const owner = await createUser(app);
    const blank = expectProblem(
      await call(app, owner, 'POST', '/api/workspaces', { name: '   ' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(JSON.stringify(blank)).toContain('워크스페이스 이름을 입력해주세요.');
    expectProblem(
      await call(app, owner, 'POST', '/api/workspaces', { name: 'ㄱ'.repeat(101) }),
      400,
      'VALIDATION_FAILED',
    );
    expect((await createWorkspace(owner, { name: 'ㄱ'.repeat(100) })).name).toHaveLength(100);
    for (const iconUrl of ['https://evil.example/x.png', 'javascript:alert(1)', 'ABCDEFGHIJ']) {
      expectProblem(
        await call(app, owner, 'POST', '/api/workspaces', { name: '아이콘', iconUrl }),
        400,
        'VALIDATION_FAILED',
      );
    }
    expectProblem(
      await call(app, owner, 'POST', '/api/workspaces', { name: '비번', password: 'abc' }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('joins by code or by invite link, and reads nothing else as a code', async () => {
    const owner = await createUser(app);
    const byCode = await createUser(app);
    const byLink = await createUser(app);
    const workspace = await createWorkspace(owner);

    expect(await joined(byCode, workspace.inviteCode)).toMatchObject({
      id: workspace.id,
      myRole: 'MEMBER',
      memberCount: 2,
    });
    // Joining twice simply lands the member in the workspace again.
    expect((await joined(byCode, workspace.inviteCode)).memberCount).toBe(2);
    await joined(byLink, ` https://teamup.example/#/ws/${workspace.inviteCode}/ `);
    expect((await members(owner, workspace.id)).map((m) => m.id)).toEqual([
      owner.userId,
      byCode.userId,
      byLink.userId,
    ]);

    const stranger = await createUser(app);
    expectProblem(await join(stranger, 'not a code!'), 400, 'WORKSPACE_INVITE_INVALID');
    expectProblem(await join(stranger, 'https://x/#/ws/'), 400, 'WORKSPACE_INVITE_INVALID');
    expectProblem(await join(stranger, String(workspace.id)), 400, 'WORKSPACE_ID_NOT_ALLOWED');
    expectProblem(await join(stranger, 'ZZZZZZZZZZ'), 404, 'WORKSPACE_NOT_FOUND');
    expectProblem(await join(stranger, ''), 400, 'VALIDATION_FAILED');
    // A code is case-sensitive: the upper-cased code is another code.
    const swapped = workspace.inviteCode.replace(/[a-z]/g, (c) => c.toUpperCase());
    if (swapped !== workspace.inviteCode) {
      expectProblem(await join(stranger, swapped), 404, 'WORKSPACE_NOT_FOUND');
    }
  });

  it('previews an invite before joining', async () => {
    const owner = await createUser(app);
    const invitee = await createUser(app);
    const workspace = await createWorkspace(owner, { password: 'secret1' });
    const preview = await call(
      app,
      invitee,
      'GET',
      `/api/workspaces/invite/${workspace.inviteCode}`,
    );
    expect(dataOf<InvitePreview>(preview)).toEqual({
      id: workspace.id,
      name: workspace.name,
      iconUrl: null,
      passwordProtected: true,
      memberCount: 1,
      alreadyMember: false,
    });
    expect(preview.body).not.toContain('inviteCode');
    expectProblem(
      await call(app, invitee, 'GET', '/api/workspaces/invite/%24%24'),
      400,
      'WORKSPACE_INVITE_INVALID',
    );
  });

  it('asks for the password of a protected workspace, and the owner can switch it off', async () => {
    const owner = await createUser(app);
    const member = await createUser(app);
    const latecomer = await createUser(app);
    const workspace = await createWorkspace(owner, { password: 'open-sesame' });
    expect(workspace.passwordProtected).toBe(true);

    expectProblem(await join(member, workspace.inviteCode), 403, 'WORKSPACE_PASSWORD_REQUIRED');
    expectProblem(await join(member, workspace.inviteCode, ''), 403, 'WORKSPACE_PASSWORD_REQUIRED');
    const wrong = expectProblem(
      await join(member, workspace.inviteCode, 'guess'),
      403,
      'WORKSPACE_PASSWORD_WRONG',
    );
    expect(wrong.detail).toBe('워크스페이스 비밀번호가 틀렸습니다.');
    await joined(member, workspace.inviteCode, 'open-sesame');

    expectProblem(
      await call(app, member, 'PUT', `/api/workspaces/${workspace.id}/password`, {
        password: null,
      }),
      403,
      'WORKSPACE_OWNER_ONLY',
    );
    const off = await call(app, owner, 'PUT', `/api/workspaces/${workspace.id}/password`, {
      password: null,
    });
    expect(dataOf<Workspace>(off).passwordProtected).toBe(false);
    await joined(latecomer, workspace.inviteCode);

    const on = await call(app, owner, 'PUT', `/api/workspaces/${workspace.id}/password`, {
      password: 'new-secret',
    });
    expect(dataOf<Workspace>(on).passwordProtected).toBe(true);
    expect(on.body).not.toMatch(/passwordHash|argon2/);
  });

  it('joins by numeric id only where a password guards the workspace', async () => {
    const owner = await createUser(app);
    const visitor = await createUser(app);
    const open = await createWorkspace(owner);
    const guarded = await createWorkspace(owner, { password: 'by-id-pass' });

    expectProblem(
      await call(app, visitor, 'POST', `/api/workspaces/${open.id}/join`, {}),
      400,
      'WORKSPACE_ID_NOT_ALLOWED',
    );
    expectProblem(
      await call(app, visitor, 'POST', `/api/workspaces/${guarded.id}/join`, { password: 'x1234' }),
      403,
      'WORKSPACE_PASSWORD_WRONG',
    );
    const ok = await call(app, visitor, 'POST', `/api/workspaces/${guarded.id}/join`, {
      password: 'by-id-pass',
    });
    expect(dataOf<Workspace>(ok)).toMatchObject({ id: guarded.id, myRole: 'MEMBER' });
    expectProblem(
      await call(app, visitor, 'POST', '/api/workspaces/999999/join', { password: 'x' }),
      404,
      'WORKSPACE_NOT_FOUND',
    );
  });

  it('stops guessing a workspace password after 10 wrong tries', async () => {
    const owner = await createUser(app);
    const guesser = await createUser(app);
    const workspace = await createWorkspace(owner, { password: 'right-one' });
    for (let i = 0; i < 10; i += 1) {
      expectProblem(
        await join(guesser, workspace.inviteCode, `wrong-${i}`),
        403,
        'WORKSPACE_PASSWORD_WRONG',
      );
    }
    const limited = await join(guesser, workspace.inviteCode, 'right-one');
    expectProblem(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets only the owner rename, change the icon, change roles and delete', async () => {
    const { owner, admin, member, workspace } = await staffedWorkspace();
    const url = `/api/workspaces/${workspace.id}`;
    for (const user of [admin, member]) {
      expectProblem(
        await call(app, user, 'PUT', url, { name: '바꿈' }),
        403,
        'WORKSPACE_OWNER_ONLY',
      );
      expectProblem(
        await call(app, user, 'DELETE', url, { confirmName: workspace.name }),
        403,
        'WORKSPACE_OWNER_ONLY',
      );
      expectProblem(
        await call(app, user, 'PUT', `${url}/members/${member.userId}/role`, { role: 'ADMIN' }),
        403,
        'WORKSPACE_OWNER_ONLY',
      );
    }
    const renamed = await call(app, owner, 'PUT', url, { name: '새 이름', iconUrl: 'AI' });
    expect(dataOf<Workspace>(renamed)).toMatchObject({ name: '새 이름', iconUrl: 'AI' });
    const cleared = await call(app, owner, 'PUT', url, { iconUrl: '' });
    expect(dataOf<Workspace>(cleared)).toMatchObject({ name: '새 이름', iconUrl: null });
    expectProblem(
      await call(app, owner, 'PUT', `${url}/members/${owner.userId}/role`, { role: 'MEMBER' }),
      400,
      'WORKSPACE_NOT_YOURSELF',
    );
    const roles = (await members(member, workspace.id)).map((m) => [m.id, m.role]);
    expect(roles).toEqual([
      [owner.userId, 'OWNER'],
      [admin.userId, 'ADMIN'],
      [member.userId, 'MEMBER'],
    ]);
  });

  it('lets admins kick members, but nobody kicks themselves or the owner', async () => {
    const { owner, admin, member, workspace } = await staffedWorkspace();
    const kick = (actor: TestUser, target: TestUser) =>
      call(app, actor, 'DELETE', `/api/workspaces/${workspace.id}/members/${target.userId}`);

    expectProblem(await kick(member, admin), 403, 'WORKSPACE_ADMIN_ONLY');
    expectProblem(await kick(admin, admin), 400, 'WORKSPACE_NOT_YOURSELF');
    expectProblem(await kick(owner, owner), 400, 'WORKSPACE_NOT_YOURSELF');
    expectProblem(await kick(admin, owner), 403, 'WORKSPACE_OWNER_PROTECTED');
    const secondAdmin = await createUser(app);
    await joined(secondAdmin, workspace.inviteCode);
    await call(
      app,
      owner,
      'PUT',
      `/api/workspaces/${workspace.id}/members/${secondAdmin.userId}/role`,
      {
        role: 'ADMIN',
      },
    );
    expectProblem(await kick(admin, secondAdmin), 403, 'WORKSPACE_OWNER_ONLY');

    expect((await kick(admin, member)).statusCode).toBe(204);
    expectProblem(await kick(admin, member), 404, 'WORKSPACE_MEMBER_NOT_FOUND');
    expectProblem(
      await call(app, member, 'GET', `/api/workspaces/${workspace.id}`),
      403,
      'WORKSPACE_FORBIDDEN',
    );
    // A kick is not a ban: the invite still works.
    await joined(member, workspace.inviteCode);
  });

  it('bans a member: out at once, cannot rejoin until unbanned', async () => {
    const { owner, admin, member, workspace } = await staffedWorkspace();
    const base = `/api/workspaces/${workspace.id}`;
    const removals: WorkspaceMemberRemovedEvent[] = [];
    const unsubscribe = await app.context.bus.subscribe(`user.${member.userId}`, (event) => {
      // The user's topic also carries their notifications.
      const typed = event as WorkspaceMemberRemovedEvent;
      if (typed.type === 'WORKSPACE_MEMBER_REMOVED') removals.push(typed);
    });

    expectProblem(
      await call(app, member, 'POST', `${base}/members/${admin.userId}/ban`),
      403,
      'WORKSPACE_ADMIN_ONLY',
    );
    expectProblem(
      await call(app, admin, 'POST', `${base}/members/${owner.userId}/ban`),
      403,
      'WORKSPACE_OWNER_PROTECTED',
    );
    expectProblem(
      await call(app, owner, 'POST', `${base}/members/${owner.userId}/ban`),
      400,
      'WORKSPACE_NOT_YOURSELF',
    );
    const banned = await call(app, admin, 'POST', `${base}/members/${member.userId}/ban`);
    expect(banned.statusCode, banned.body).toBe(200);
    await expect
      .poll(() => removals)
      .toEqual([
        {
          type: 'WORKSPACE_MEMBER_REMOVED',
          workspaceId: workspace.id,
          userId: member.userId,
          reason: 'BANNED',
          eventId: expect.any(Number) as unknown,
        },
      ]);
    await unsubscribe();

    expectProblem(await call(app, member, 'GET', base), 403, 'WORKSPACE_FORBIDDEN');
    const refused = expectProblem(
      await join(member, workspace.inviteCode),
      403,
      'WORKSPACE_BANNED',
    );
    expect(refused.detail).toBe('이 워크스페이스에서 차단된 사용자입니다. 참여할 수 없습니다.');
    expect((await members(owner, workspace.id)).map((m) => m.id)).not.toContain(member.userId);

    const list = dataOf<BannedUser[]>(await call(app, admin, 'GET', `${base}/blacklist`));
    expect(list).toHaveLength(1);
    expect(list[0]?.user).toMatchObject({ id: member.userId, name: '멤버' });
    expect(list[0]?.bannedBy).toEqual({ id: admin.userId, name: '관리자' });
    const plain = await createUser(app);
    await joined(plain, workspace.inviteCode);
    expectProblem(await call(app, plain, 'GET', `${base}/blacklist`), 403, 'WORKSPACE_ADMIN_ONLY');
    expectProblem(
      await call(app, plain, 'DELETE', `${base}/members/${member.userId}/ban`),
      403,
      'WORKSPACE_ADMIN_ONLY',
    );

    expect(
      (await call(app, owner, 'DELETE', `${base}/members/${member.userId}/ban`)).statusCode,
    ).toBe(204);
    expectProblem(
      await call(app, owner, 'DELETE', `${base}/members/${member.userId}/ban`),
      404,
      'WORKSPACE_NOT_BANNED',
    );
    expect(dataOf<BannedUser[]>(await call(app, owner, 'GET', `${base}/blacklist`))).toEqual([]);
    await joined(member, workspace.inviteCode);
  });

  it('bans someone who already left, so they cannot come back', async () => {
    const owner = await createUser(app);
    const leaver = await createUser(app);
    const workspace = await createWorkspace(owner);
    await joined(leaver, workspace.inviteCode);
    expect(
      (await call(app, leaver, 'POST', `/api/workspaces/${workspace.id}/leave`)).statusCode,
    ).toBe(204);
    const ban = await call(
      app,
      owner,
      'POST',
      `/api/workspaces/${workspace.id}/members/${leaver.userId}/ban`,
    );
    expect(ban.statusCode, ban.body).toBe(200);
    expectProblem(await join(leaver, workspace.inviteCode), 403, 'WORKSPACE_BANNED');
    expectProblem(
      await call(app, owner, 'POST', `/api/workspaces/${workspace.id}/members/999999/ban`),
      404,
      'USER_NOT_FOUND',
    );
  });

  it('takes a kicked member out of every team of the workspace at once', async () => {
    const { owner, member, workspace } = await staffedWorkspace();
    const team = await call(app, member, 'POST', '/api/teams', {
      name: '백엔드',
      workspaceId: workspace.id,
    });
    const teamId = dataOf<{ id: number }>(team).id;
    const other = await createUser(app);
    await joined(other, workspace.inviteCode);
    expect((await call(app, other, 'POST', `/api/teams/${teamId}/join`, {})).statusCode).toBe(200);

    await call(app, owner, 'DELETE', `/api/workspaces/${workspace.id}/members/${member.userId}`);
    expectProblem(
      await call(app, member, 'GET', `/api/teams/${teamId}`),
      403,
      'WORKSPACE_FORBIDDEN',
    );
    expectProblem(
      await call(app, member, 'GET', `/api/teams/workspace/${workspace.id}`),
      403,
      'WORKSPACE_FORBIDDEN',
    );
    const after = dataOf<{ leader: { id: number }; memberCount: number }>(
      await call(app, owner, 'GET', `/api/teams/${teamId}`),
    );
    expect(after).toMatchObject({ memberCount: 1, leader: { id: other.userId } });
    // Rejoining the workspace does not restore the team membership.
    await joined(member, workspace.inviteCode);
    const teams = dataOf<Array<{ id: number; isMember: boolean }>>(
      await call(app, member, 'GET', `/api/teams/workspace/${workspace.id}`),
    );
    expect(teams.find((t) => t.id === teamId)?.isMember).toBe(false);
  });

  it('lets members leave, but not the owner', async () => {
    const { owner, member, workspace } = await staffedWorkspace();
    expectProblem(
      await call(app, owner, 'POST', `/api/workspaces/${workspace.id}/leave`),
      409,
      'WORKSPACE_OWNER_CANNOT_LEAVE',
    );
    expect(
      (await call(app, member, 'POST', `/api/workspaces/${workspace.id}/leave`)).statusCode,
    ).toBe(204);
    expect((await members(owner, workspace.id)).map((m) => m.id)).not.toContain(member.userId);
  });

  it('deletes a workspace for its owner; a name the screen sends must be exact', async () => {
    const { owner, member, workspace } = await staffedWorkspace();
    const outsider = await createUser(app);
    const url = `/api/workspaces/${workspace.id}`;
    await call(app, member, 'POST', '/api/teams', { name: '팀', workspaceId: workspace.id });
    // Who may delete is told before anything about the body: no name, a name, a wrong type.
    for (const body of [undefined, { confirmName: workspace.name }, { confirmName: 7 }]) {
      expectProblem(await call(app, member, 'DELETE', url, body), 403, 'WORKSPACE_OWNER_ONLY');
      expectProblem(await call(app, outsider, 'DELETE', url, body), 403, 'WORKSPACE_FORBIDDEN');
    }
    const mismatch = expectProblem(
      await call(app, owner, 'DELETE', url, { confirmName: `${workspace.name} ` }),
      400,
      'WORKSPACE_NAME_MISMATCH',
    );
    expect(mismatch.detail).toBe('워크스페이스 이름이 일치하지 않습니다.');
    expect((await call(app, owner, 'GET', url)).statusCode).toBe(200);
    expect(
      (await call(app, owner, 'DELETE', url, { confirmName: workspace.name })).statusCode,
    ).toBe(204);
    expectProblem(await call(app, owner, 'GET', url), 404, 'WORKSPACE_NOT_FOUND');
    expect(dataOf<Workspace[]>(await call(app, member, 'GET', '/api/workspaces/my'))).toEqual([]);
    // The spec's API sends no body at all.
    const bare = dataOf<Workspace>(
      await call(app, owner, 'POST', '/api/workspaces', { name: '본문 없이 지울 곳' }),
    );
    expect((await call(app, owner, 'DELETE', `/api/workspaces/${bare.id}`)).statusCode).toBe(204);
  });

  it('shows co-members their profile fields and nothing secret', async () => {
    const { owner, member, workspace } = await staffedWorkspace();
    await call(app, member, 'PUT', '/api/users/me', {
      mbti: 'intp',
      hashtags: ['React'],
      portfolio: 'https://example.com/me',
    });
    const response = await call(app, owner, 'GET', `/api/workspaces/${workspace.id}/members`);
    const shown = dataOf<WorkspaceMember[]>(response).find((m) => m.id === member.userId);
    expect(shown).toMatchObject({
      name: '멤버',
      email: member.email,
      mbti: 'INTP',
      hashtags: ['React'],
      portfolio: 'https://example.com/me',
      role: 'MEMBER',
    });
    expect(response.body).not.toMatch(/password|provider|refresh/i);
  });

  it('uploads a workspace icon for the owner only', async () => {
    const { owner, member, workspace } = await staffedWorkspace();
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: { r: 10, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    const upload = (user: TestUser, bytes: Buffer, filename: string) => {
      const body = multipartBody([{ name: 'file', filename, content: bytes }]);
      return app.inject({
        method: 'POST',
        url: `/api/workspaces/${workspace.id}/icon`,
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${user.token}` },
      });
    };
    expectProblem(await upload(member, png, 'icon.png'), 403, 'WORKSPACE_OWNER_ONLY');
    const uploaded = await upload(owner, png, 'icon.png');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { iconUrl } = dataOf<{ iconUrl: string }>(uploaded);
    expect(iconUrl).toMatch(/^\/api\/files\/public\/icons\/[A-Za-z0-9_-]+\.webp$/);
    const image = await app.inject({ method: 'GET', url: iconUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/webp');
    const saved = dataOf<Workspace>(
      await call(app, member, 'GET', `/api/workspaces/${workspace.id}`),
    );
    expect(saved.iconUrl).toBe(iconUrl);

    expectProblem(await upload(owner, Buffer.from('not an image'), 'x.png'), 400, 'IMAGE_INVALID');
    expectProblem(
      await upload(owner, Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'big.png'),
      413,
      'FILE_TOO_LARGE',
    );
  });

  it('refuses an Account-Id header naming someone else', async () => {
    const owner = await createUser(app);
    const response = await app.inject({
      method: 'GET',
      url: '/api/workspaces/my',
      headers: {
        authorization: `Bearer ${owner.token}`,
        'account-id': String(owner.userId + 1000),
      },
    });
    expectProblem(response, 403, 'ACCOUNT_MISMATCH');
  });
});
