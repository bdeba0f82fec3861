import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { login, password, signUp } from './support/accounts';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { startStack, type Stack } from './support/stack';

/*
 * The instance admin (issue 46, decision 0050) in a real browser against a real server: the
 * first account of a fresh instance finds the 관리자 page in its menu, deactivates a person whose
 * tab is open, that tab is signed out at once and the person cannot sign in again; the audit log
 * shows it; the page holds at 360 px.
 */
describe('instance admin journey', () => {
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

  it('deactivates a person: their open tab is signed out, their sign-in refused, the log tells it', async () => {
    const adminEmail = `admin${Date.now()}@school.ac.kr`;
    const memberEmail = `student${Date.now()}@school.ac.kr`;
    await signUp(stack, adminEmail);
    await signUp(stack, memberEmail);

    const member = await newPage(browser, stack.baseUrl, { width: 360, height: 760 });
    await login(member.page, memberEmail);
    // A member's menu has no admin page.
    await member.page.getByTestId('profile-menu').click();
    await member.page.getByRole('menuitem', { name: '마이페이지' }).waitFor();
    expect(await member.page.getByTestId('admin-page-link').count()).toBe(0);
    await member.page.keyboard.press('Escape');

    const admin = await newPage(browser, stack.baseUrl);
    await login(admin.page, adminEmail);
    await admin.page.getByTestId('profile-menu').click();
    await admin.page.getByTestId('admin-page-link').click();
    await admin.page.waitForURL(/#\/admin/);
    await admin.page.getByRole('tab', { name: /사용자/ }).click();
    const row = admin.page.getByTestId('admin-user').filter({ hasText: memberEmail });
    await row.waitFor();
    await screenshot(admin.page, 'admin-users-1280');
    await expectAccessible(admin.page, 'admin-users-1280');

    await row.getByTestId('admin-user-actions').click();
    await admin.page.getByTestId('admin-user-deactivate').click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByRole('button', { name: '비활성화' }).click();
    await row.getByText('비활성', { exact: true }).waitFor();

    // The member's open tab: its session ended on the server, the app goes back to the login.
    // It is told why: the notice names the deactivation, not an expired login.
    await member.page.waitForURL(/#\/login/, { timeout: 10_000 });
    const told = '비활성화된 계정입니다. 관리자에게 문의해주세요.';
    await member.page.locator('.mantine-Notification-root').filter({ hasText: told }).waitFor();
    await member.page.getByTestId('login-email').fill(memberEmail);
    await member.page.getByTestId('login-password').fill(password);
    await member.page.getByTestId('login-submit').click();
    await member.page.locator('form').getByText(told).waitFor();
    await screenshot(member.page, 'admin-deactivated-login-360');

    // The audit log names who did it to whom.
    await admin.page.getByRole('tab', { name: /감사 로그/ }).click();
    const entry = admin.page
      .getByTestId('admin-audit-event')
      .filter({ hasText: '계정 비활성화' })
      .first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain(memberEmail);
    expect(await entry.textContent()).toContain(adminEmail);

    // At 360 px every tab and the filters stay on screen.
    await admin.page.setViewportSize({ width: 360, height: 760 });
    for (const name of ['개요', '사용자', '가입 정책', '감사 로그']) {
      const box = await admin.page.getByRole('tab', { name: new RegExp(name) }).boundingBox();
      expect(box, name).not.toBeNull();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 360, name).toBe(true);
    }
    await screenshot(admin.page, 'admin-audit-360');
    await expectAccessible(admin.page, 'admin-audit-360');
  });
});
