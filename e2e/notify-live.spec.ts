import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { postEndpoints, type Post } from '@teamup/contracts/board';
import { pathOf } from '@teamup/contracts/endpoint';
import { notificationEndpoints } from '@teamup/contracts/notifications';
import { teamEndpoints, type Team } from '@teamup/contracts/teams';
import { workspaceEndpoints } from '@teamup/contracts/workspaces';
import { login, sharedWorkspace, signUpAll } from './support/accounts';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { startStack, type Stack } from './support/stack';

/* Issue 41: a join and a comment reach the owner's open screens live, with a bell item each. */
describe('live joins and comments journey', () => {
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

  const badgeOf = (page: Page) => page.getByTestId('notification-badge');

  it("the owner's open home counts a new member, and the board counts a new comment", async () => {
    const stamp = Date.now();
    const ownerEmail = `live-owner${stamp}@example.com`;
    const joinerEmail = `live-joiner${stamp}@example.com`;
    const [ownerApi, joinerApi] = await signUpAll(stack, [ownerEmail, joinerEmail]);
    const workspace = await sharedWorkspace(ownerApi, '실시간 수업', []);

    const pages: Page[] = [];
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 360, height: 740 },
    ]) {
      const { page } = await newPage(browser, stack.baseUrl, viewport);
      await login(page, ownerEmail);
      await page.waitForURL(new RegExp(`#/ws/${workspace.id}`));
      await page.locator('[data-testid="live-status"][data-state="open"]').waitFor();
      await page.getByTestId('home-invite-cta').waitFor();
      expect(await page.getByTestId('member-total').innerText()).toBe('총 1명');
      pages.push(page);
    }
    const [wide, narrow] = pages as [Page, Page];
    await expect.poll(() => badgeOf(wide).getAttribute('data-count')).toBe('0');

    const joined = await joinerApi.send('POST', pathOf(workspaceEndpoints.join), {
      inviteCode: workspace.inviteCode,
    });
    expect(joined.status).toBe(200);
    for (const page of pages) {
      await expect
        .poll(() => page.getByTestId('member-total').innerText(), { timeout: 10_000 })
        .toBe('총 2명');
      expect(await page.getByTestId('home-invite-cta').count()).toBe(0);
      await expect
        .poll(() => badgeOf(page).getAttribute('data-count'), { timeout: 10_000 })
        .toBe('1');
    }
    // The tab's number is the bell's.
    expect(await wide.title()).toBe('(1) 실시간 수업');
    await screenshot(wide, 'live-join-home-1280');
    await screenshot(narrow, 'live-join-home-360');
    await narrow.close();

    await wide.getByTestId('notification-bell').click();
    const joinItem = wide
      .getByTestId('notification-popover')
      .getByTestId('notification-popover-item')
      .filter({ hasText: '워크스페이스에 참여했습니다' });
    await joinItem.waitFor();
    await wide.keyboard.press('Escape');
    await ownerApi.send('PATCH', pathOf(notificationEndpoints.readAll));
    await expect.poll(() => badgeOf(wide).getAttribute('data-count')).toBe('0');

    // A post of the owner's on the open board: a comment on it counts up there, live.
    const team = (
      await ownerApi.send<Team>('POST', pathOf(teamEndpoints.create), {
        name: '실시간팀',
        workspaceId: workspace.id,
      })
    ).data;
    await joinerApi.send('POST', pathOf(teamEndpoints.join, { id: team.id }), {});
    // The team's leader hears of the join first; read it so the count starts at 0.
    await expect
      .poll(() => badgeOf(wide).getAttribute('data-count'), { timeout: 10_000 })
      .toBe('1');
    await ownerApi.send('PATCH', pathOf(notificationEndpoints.readAll));
    const post = (
      await ownerApi.send<Post>('POST', pathOf(postEndpoints.create, { teamId: team.id }), {
        title: '주간 회의록',
        content: '안건 정리',
      })
    ).data;
    await wide.goto(`/#/ws/${workspace.id}/team/${team.id}?tab=bulletin`);
    const count = wide.locator(
      `[data-testid="post-item"][data-post-id="${post.id}"] [data-testid="post-comment-count"]`,
    );
    expect(await count.getAttribute('data-count')).toBe('0');
    await expect.poll(() => badgeOf(wide).getAttribute('data-count')).toBe('0');

    const commented = await joinerApi.send('POST', `/posts/${post.id}/comments`, {
      content: '확인했습니다',
    });
    expect(commented.status).toBe(201);
    await expect.poll(() => count.getAttribute('data-count'), { timeout: 10_000 }).toBe('1');
    await expect
      .poll(() => badgeOf(wide).getAttribute('data-count'), { timeout: 10_000 })
      .toBe('1');
    await screenshot(wide, 'live-comment-board-1280');

    // The bell's item opens the post.
    await wide.getByTestId('notification-bell').click();
    const item = wide
      .getByTestId('notification-popover')
      .getByTestId('notification-popover-item')
      .filter({ hasText: '주간 회의록' });
    await item.waitFor();
    expect(await item.innerText()).toContain('댓글을 남겼습니다');
    await item.click();
    await wide.waitForURL(new RegExp(`post=${post.id}`));
    await wide.getByText('확인했습니다').waitFor();
    await screenshot(wide, 'live-comment-opened-1280');
  });
});
