import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { workspaceEndpoints, type Workspace } from '@teamup/contracts/workspaces';
import { teamEndpoints, type Team } from '@teamup/contracts/teams';
import { pathOf } from '@teamup/contracts/endpoint';
import { userEndpoints } from '@teamup/contracts/users';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { login, password, signUp, signUpAll } from './support/accounts';
import { startStack, type Stack } from './support/stack';
import { expectAccessible } from './support/a11y';

const workspacePassword = 'club-2026';

/** Opens the invite link and answers the password prompt. */
async function openInvite(page: Page, inviteCode: string, answer: string) {
  await page.goto(`/#/ws/${inviteCode}`);
  const dialog = page.getByTestId('invite-password-dialog');
  await dialog.waitFor();
  await dialog.getByTestId('invite-password-input').fill(answer);
  await dialog.getByTestId('invite-password-submit').click();
}

async function openSettingsTab(page: Page, tab: string) {
  await page.getByTestId('side-panel-settings').click();
  const modal = page.getByTestId('workspace-settings-modal');
  await modal.waitFor();
  await modal.getByTestId(`settings-tab-${tab}`).click();
  return modal;
}

describe('workspace, team, ban and unban journey', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('A creates a protected workspace and a team; B joins by link, is banned, unbanned, rejoins', async () => {
    const stamp = Date.now();
    const emailA = `owner${stamp}@example.com`;
    const emailB = `guest${stamp}@example.com`;
    const [apiA, apiB] = await signUpAll(stack, [emailA, emailB]);

    // A: no workspace yet, so onboarding; create one with a password.
    const { page: pageA } = await newPage(browser, stack.baseUrl);
    await login(pageA, emailA);
    await pageA.waitForURL(/#\/empty-workspace/);
    await pageA.getByTestId('empty-create-card').getByRole('button').click();
    const create = pageA.getByTestId('create-workspace-dialog');
    await create.getByTestId('create-workspace-submit').click();
    await create.getByText('워크스페이스 이름을 입력해주세요.').waitFor();
    await create.getByTestId('workspace-name-input').fill('졸업 프로젝트');
    await create.getByTestId('workspace-icon-input').fill('🚀');
    await create.getByTestId('workspace-password-input').fill(workspacePassword);
    await create.getByTestId('create-workspace-submit').click();
    await pageA.getByTestId('workspace-home').waitFor();
    const [workspace] = await apiA.get<Workspace[]>(pathOf(workspaceEndpoints.my));
    if (!workspace) throw new Error('A has no workspace');
    expect(workspace).toMatchObject({ name: '졸업 프로젝트', passwordProtected: true });
    expect(pageA.url()).toContain(`#/ws/${workspace.id}`);

    // A: create a team from the home page's team dialog.
    await pageA.getByTestId('open-team-dialog').click();
    const dialogA = pageA.getByTestId('team-dialog');
    await dialogA.getByTestId('team-dialog-create').click();
    await dialogA.getByTestId('team-name-input').fill('디자인팀');
    await dialogA.getByTestId('team-create-submit').click();
    // The app opens the new team's page itself; wait for that before going home, or its late
    // navigation lands after ours (the home's team card was then waited for on the team page).
    await pageA.waitForURL(/#\/ws\/\d+\/team\/\d+/);
    const teamsPath = pathOf(teamEndpoints.workspaceTeams, { workspaceId: workspace.id });
    await expect.poll(async () => (await apiA.get<Team[]>(teamsPath)).length).toBe(1);
    const [team] = await apiA.get<Team[]>(teamsPath);
    if (!team) throw new Error('no team');
    await pageA.goto(`/#/ws/${workspace.id}`);
    await pageA.locator(`[data-testid="team-card"][data-team-id="${team.id}"]`).waitFor();
    await screenshot(pageA, 'workspace-home-owner-1280');
    await expectAccessible(pageA, 'workspace-home-owner-1280');

    // B: the invite link asks for the password; a wrong one is refused, the right one joins.
    const { page: pageB } = await newPage(browser, stack.baseUrl);
    await login(pageB, emailB);
    await openInvite(pageB, workspace.inviteCode, 'wrong-pass');
    await pageB.getByText('워크스페이스 비밀번호가 틀렸습니다.').first().waitFor();
    await openInvite(pageB, workspace.inviteCode, workspacePassword);
    await pageB.getByTestId('workspace-home').waitFor();
    await pageB.waitForURL(new RegExp(`#/ws/${workspace.id}$`));

    // B: sees the team in the join list and joins it.
    await pageB.getByTestId('open-team-dialog').click();
    const dialogB = pageB.getByTestId('team-dialog');
    await dialogB.getByTestId('team-dialog-join').click();
    const row = dialogB.locator(`[data-testid="joinable-team"][data-team-id="${team.id}"]`);
    await row.getByText('디자인팀').waitFor();
    await row.getByTestId('joinable-team-join').click();
    // Joining opens the team's page, as creating one does: wait for it before going home.
    await pageB.waitForURL(new RegExp(`#/ws/${workspace.id}/team/${team.id}`));
    await expect
      .poll(async () => (await apiB.get<Team>(pathOf(teamEndpoints.get, { id: team.id }))).isMember)
      .toBe(true);
    await pageB.goto(`/#/ws/${workspace.id}`);
    await pageB.locator(`[data-testid="team-card"][data-team-id="${team.id}"]`).waitFor();

    // A bans B from the members tab.
    const meB = await apiB.get<{ id: number }>(pathOf(userEndpoints.me));
    await pageA.reload();
    const members = await openSettingsTab(pageA, 'members');
    const rowB = members.locator(`[data-testid="settings-member-row"][data-user-id="${meB.id}"]`);
    await rowB.getByTestId('member-ban').click();
    await pageA.getByTestId('confirm-action').click();
    await rowB.waitFor({ state: 'detached' });
    await screenshot(pageA, 'settings-members-after-ban-1280');
    await expectAccessible(pageA, 'settings-members-after-ban-1280');

    // B's next action is refused, and B cannot come back through the invite.
    await expect(apiB.get(pathOf(workspaceEndpoints.get, { id: workspace.id }))).rejects.toThrow(
      /403/,
    );
    await pageB.goto(`/#/ws/${workspace.id}/team/${team.id}`);
    await pageB.reload();
    // B's tab heard the ban live: the page says so by name, even after the reload.
    const removedB = pageB.getByTestId('workspace-removed');
    await removedB.getByText('졸업 프로젝트에서 내보내졌습니다').waitFor();
    await removedB.getByText(/차단이 풀리기 전에는/).waitFor();
    await screenshot(pageB, 'banned-member-page-1280');
    await expectAccessible(pageB, 'banned-member-page-1280');
    await openInvite(pageB, workspace.inviteCode, workspacePassword);
    await pageB
      .getByText('이 워크스페이스에서 차단된 사용자입니다. 참여할 수 없습니다.')
      .first()
      .waitFor();
    // With no workspace left, B lands on the onboarding page rather than a blank screen.
    await pageB.getByTestId('empty-workspace-page').waitFor();
    await screenshot(pageB, 'banned-user-refused-1280');
    await expectAccessible(pageB, 'banned-user-refused-1280');
    expect(await apiB.get<Workspace[]>(pathOf(workspaceEndpoints.my))).toEqual([]);

    // A unbans B from the blacklist.
    await pageA.keyboard.press('Escape');
    await pageA.getByTestId('workspace-settings-modal').waitFor({ state: 'detached' });
    const blacklist = await openSettingsTab(pageA, 'blacklist');
    await blacklist.getByTestId('blacklist-row').getByTestId('unban-button').click();
    await pageA.getByTestId('confirm-action').click();
    await blacklist.getByTestId('blacklist-row').waitFor({ state: 'detached' });

    // B rejoins with the link and the password.
    await openInvite(pageB, workspace.inviteCode, workspacePassword);
    await pageB.getByTestId('workspace-home').waitFor();
    expect((await apiB.get<Workspace[]>(pathOf(workspaceEndpoints.my))).map((w) => w.id)).toEqual([
      workspace.id,
    ]);
    // The ban took B out of the team; rejoining the workspace does not put them back.
    expect((await apiB.get<Team>(pathOf(teamEndpoints.get, { id: team.id }))).isMember).toBe(false);

    // B joins the team again; A, its leader, renames the team and removes B from the team page.
    await apiB.send('POST', pathOf(teamEndpoints.join, { id: team.id }), {});
    await pageA.keyboard.press('Escape');
    await pageA.goto(`/#/ws/${workspace.id}/team/${team.id}`);
    await pageA.getByTestId('team-settings-menu').click();
    await pageA.getByTestId('team-edit').click();
    const edit = pageA.getByTestId('team-edit-modal');
    await edit.getByTestId('team-edit-name').fill('브랜딩팀');
    await edit.getByTestId('team-edit-submit').click();
    await pageA.getByTestId('team-name').getByText('브랜딩팀').waitFor();
    // The team's room (decision 0041) took the new name; the header's link opens it.
    await pageA.getByTestId('team-chat-link').click();
    await pageA.getByTestId('chat-room').waitFor();
    await pageA.getByTestId('chat-room').getByText('브랜딩팀').first().waitFor();
    await screenshot(pageA, 'team-room-from-team-page-1280');
    await pageA.goBack();
    const memberRows = pageA.getByTestId('team-members');
    await memberRows.locator(`[data-user-id="${meB.id}"]`).waitFor();
    await memberRows.getByTestId('team-remove-member').click();
    await pageA.getByTestId('team-remove-member-submit').click();
    await memberRows.locator(`[data-user-id="${meB.id}"]`).waitFor({ state: 'detached' });
    const after = await apiB.get<Team>(pathOf(teamEndpoints.get, { id: team.id }));
    expect(after).toMatchObject({ name: '브랜딩팀', isMember: false });
  });

  it('a logged-out invitee signs up from the link and joins, names themself in the profile prompt; settings keep their height; sent out, they are told so', async () => {
    const stamp = Date.now();
    const hostEmail = `host${stamp}@example.com`;
    const guestEmail = `invitee${stamp}@example.com`;
    await signUp(stack, hostEmail);
    const apiHost = stack.api(hostEmail, password);
    const { data: workspace } = await apiHost.send<Workspace>(
      'POST',
      pathOf(workspaceEndpoints.create),
      {
        name: '알고리즘 스터디',
      },
    );
    // The workspace has an uploaded icon image.
    const iconForm = new FormData();
    const iconPng = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#f59f00' },
    })
      .png()
      .toBuffer();
    iconForm.append('file', new Blob([new Uint8Array(iconPng)], { type: 'image/png' }), 'i.png');
    const icon = await apiHost.sendForm<{ iconUrl: string }>(
      pathOf(workspaceEndpoints.uploadIcon, { id: workspace.id }),
      iconForm,
    );
    expect(icon.status).toBe(200);

    // Logged out, the invite link lands on the login page, which names the workspace and shows
    // its own icon (issue 41).
    const { page: guest } = await newPage(browser, stack.baseUrl);
    await guest.goto(`/#/ws/${workspace.inviteCode}`);
    const banner = guest.getByTestId('invite-banner');
    await banner.getByText('초대받은 워크스페이스: 알고리즘 스터디').waitFor();
    await banner.getByText('멤버 1명').waitFor();
    expect(await banner.locator('img').getAttribute('src')).toBe(icon.data.iconUrl);
    await expect
      .poll(() => banner.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await screenshot(guest, 'invite-login-1280');
    await expectAccessible(guest, 'invite-login-1280');

    // Sign-up keeps the invite: code from the real mail, then back to login with it.
    await banner.getByTestId('invite-signup').click();
    await guest.waitForURL(new RegExp(`#/signup\\?inviteCode=${workspace.inviteCode}`));
    await guest
      .getByTestId('invite-banner')
      .getByText('초대받은 워크스페이스: 알고리즘 스터디')
      .waitFor();
    await guest.getByTestId('signup-email').fill(guestEmail);
    await guest.getByTestId('signup-request-code').click();
    const mail = await stack.sink.waitForMail(
      guestEmail,
      (m) => m.subject.includes('회원가입'),
      15_000,
    );
    await guest.getByTestId('signup-code').fill(/(\d{6})/.exec(mail.text)?.[1] ?? '');
    await guest.getByTestId('signup-verify').click();
    await guest.getByTestId('signup-password').fill(password);
    await guest.getByTestId('signup-password-confirm').fill(password);
    await screenshot(guest, 'invite-signup-1280');
    await expectAccessible(guest, 'invite-signup-1280');
    await guest.getByTestId('signup-submit').click();
    await guest.waitForURL(new RegExp(`#/login\\?inviteCode=${workspace.inviteCode}`));
    await guest
      .getByTestId('invite-banner')
      .getByText('초대받은 워크스페이스: 알고리즘 스터디')
      .waitFor();
    // Just signed up: the spec's success message, and no offer to sign up again.
    await guest.getByText('회원가입이 완료되었습니다. 로그인해주세요.').waitFor();
    expect(await guest.getByTestId('invite-signup').count()).toBe(0);
    expect(await guest.getByRole('link', { name: '회원가입' }).count()).toBe(0);
    await screenshot(guest, 'invite-signed-up-login-1280');
    await expect.poll(() => guest.getByTestId('login-email').inputValue()).toBe(guestEmail);
    await guest.getByTestId('login-password').fill(password);
    await guest.getByTestId('login-submit').click();

    // Logged in, the invite is followed: the newcomer is in the workspace.
    await guest.getByTestId('workspace-home').waitFor();
    await guest.waitForURL(new RegExp(`#/ws/${workspace.id}$`));
    const apiGuest = stack.api(guestEmail, password);
    expect(
      (await apiGuest.get<Workspace[]>(pathOf(workspaceEndpoints.my))).map((w) => w.id),
    ).toEqual([workspace.id]);

    // Then, on the workspace, the profile prompt: the e-mail handle prefilled, a new name saved
    // shows in the header.
    const prompt = guest.getByTestId('profile-prompt');
    await prompt.waitFor();
    const nameInput = prompt.getByTestId('profile-prompt-name');
    expect(await nameInput.inputValue()).toBe(guestEmail.split('@')[0]);
    // The modal's opening transition over, for the picture.
    await expect.poll(() => prompt.evaluate((box) => getComputedStyle(box).opacity)).toBe('1');
    await screenshot(guest, 'profile-prompt-1280');
    await expectAccessible(guest, 'profile-prompt-1280');
    await nameInput.fill('박초대');
    await prompt.getByTestId('profile-prompt-save').click();
    await prompt.waitFor({ state: 'detached' });
    await guest.getByTestId('profile-menu').click();
    await guest.getByRole('menu').getByText('박초대').waitFor();
    await guest.keyboard.press('Escape');
    expect(await apiGuest.get(pathOf(userEndpoints.me))).toMatchObject({
      name: '박초대',
      profilePromptPending: false,
    });

    // A second login (another device) is not asked again.
    const { page: again } = await newPage(browser, stack.baseUrl);
    await login(again, guestEmail);
    await again.getByTestId('workspace-home').waitFor();
    expect(await again.getByTestId('profile-prompt').count()).toBe(0);
    await again.close();

    // The host's settings modal keeps one height on every tab.
    const { page: host } = await newPage(browser, stack.baseUrl);
    await login(host, hostEmail);
    await host.goto(`/#/ws/${workspace.id}`);
    await host.getByTestId('workspace-home').waitFor();
    const modal = await openSettingsTab(host, 'invite');
    const heights = new Set<number>();
    for (const tab of ['invite', 'profile', 'members', 'blacklist', 'security', 'danger']) {
      await modal.getByTestId(`settings-tab-${tab}`).click();
      await modal
        .getByTestId(`settings-tab-${tab}`)
        .and(host.locator('[aria-selected="true"]'))
        .waitFor();
      await host.waitForTimeout(250);
      const box = await modal.boundingBox();
      heights.add(Math.round(box?.height ?? 0));
      if (tab === 'invite' || tab === 'members') await screenshot(host, `settings-${tab}-1280`);
      await expectAccessible(host, `settings-${tab}-1280`);
    }
    expect([...heights]).toHaveLength(1);

    // A toast from the modal comes up clear of its title.
    await modal.getByTestId('settings-tab-invite').click();
    await modal.getByRole('button', { name: '초대 코드 복사' }).click();
    const toast = host.locator('.mantine-Notification-root').first();
    await toast.waitFor();
    const [toastBox, modalBox] = [await toast.boundingBox(), await modal.boundingBox()];
    expect((toastBox?.y ?? 0) > (modalBox?.y ?? 0) + 80).toBe(true);
    await screenshot(host, 'settings-toast-1280');
    await expectAccessible(host, 'settings-toast-1280');

    // The host sends the newcomer out while the newcomer's page is open.
    const guestMe = await apiGuest.get<{ id: number }>(pathOf(userEndpoints.me));
    await modal.getByTestId('settings-tab-members').click();
    const row = modal.locator(`[data-testid="settings-member-row"][data-user-id="${guestMe.id}"]`);
    await row.getByTestId('member-kick').click();
    await host.getByTestId('confirm-action').click();
    await row.waitFor({ state: 'detached' });
    const removed = guest.getByTestId('workspace-removed');
    await removed.getByText('알고리즘 스터디에서 내보내졌습니다').waitFor();
    await screenshot(guest, 'kicked-member-1280');
    await expectAccessible(guest, 'kicked-member-1280');
    await removed.getByTestId('workspace-removed-home').click();
    await guest.getByTestId('empty-workspace-page').waitFor();

    // At 360 px: the invite on the login page, and the settings sections in a select.
    const { page: narrowGuest } = await newPage(browser, stack.baseUrl, {
      width: 360,
      height: 740,
    });
    await narrowGuest.goto(`/#/ws/${workspace.inviteCode}`);
    await narrowGuest
      .getByTestId('invite-banner')
      .getByText('초대받은 워크스페이스: 알고리즘 스터디')
      .waitFor();
    await screenshot(narrowGuest, 'invite-login-360');
    await expectAccessible(narrowGuest, 'invite-login-360');
    const { page: narrowHost } = await newPage(browser, stack.baseUrl, { width: 360, height: 740 });
    await login(narrowHost, hostEmail);
    await narrowHost.goto(`/#/ws/${workspace.id}`);
    await narrowHost.getByTestId('workspace-home').waitFor();
    await narrowHost.getByRole('button', { name: '메뉴 열기' }).click();
    await narrowHost.getByTestId('side-panel-settings').click();
    const narrowModal = narrowHost.getByTestId('workspace-settings-modal');
    const select = narrowModal.getByTestId('settings-section-select');
    await select.waitFor();
    expect(await select.locator('option').allTextContents()).toEqual([
      '초대',
      '서버 프로필',
      '멤버 관리',
      '블랙리스트',
      '웹훅',
      '보안',
      '위험 구역',
    ]);
    await narrowHost.waitForTimeout(400); // the modal's opening transition
    await screenshot(narrowHost, 'settings-invite-360');
    await expectAccessible(narrowHost, 'settings-invite-360');
    await select.selectOption('members');
    await narrowModal.getByRole('region', { name: '멤버 관리' }).waitFor();
    await screenshot(narrowHost, 'settings-members-360');
    await expectAccessible(narrowHost, 'settings-members-360');
    const overflow = await narrowHost.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('fits a 360 px wide screen: home, team page and settings', async () => {
    const email = `narrow${Date.now()}@example.com`;
    await signUp(stack, email);
    const { page } = await newPage(browser, stack.baseUrl, { width: 360, height: 740 });
    await login(page, email);
    await page.waitForURL(/#\/empty-workspace/);
    await screenshot(page, 'empty-workspace-360');
    await expectAccessible(page, 'empty-workspace-360');
    await page.getByTestId('empty-create-card').getByRole('button').click();
    const create = page.getByTestId('create-workspace-dialog');
    await create.getByTestId('workspace-name-input').fill('모바일 팀');
    await create.getByTestId('create-workspace-submit').click();
    await page.getByTestId('workspace-home').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'workspace-home-360');
    await expectAccessible(page, 'workspace-home-360');
  });
});
