import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  startFakeOauthProvider,
  type FakeOauthProvider,
} from '../apps/server/test/fake-oauth-provider';
import { workspaceEndpoints, type Workspace } from '@teamup/contracts/workspaces';
import { pathOf } from '@teamup/contracts/endpoint';
import { login, password, signUp } from './support/accounts';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { startStack, type Stack } from './support/stack';
import { expectAccessible } from './support/a11y';

describe('social login journey', () => {
  let stack: Stack;
  let browser: Browser;
  let fake: FakeOauthProvider;

  beforeAll(async () => {
    fake = await startFakeOauthProvider();
    stack = await startStack({
      GOOGLE_CLIENT_ID: fake.clients.google.id,
      GOOGLE_CLIENT_SECRET: fake.clients.google.secret,
      KAKAO_CLIENT_ID: fake.clients.kakao.id,
      KAKAO_CLIENT_SECRET: fake.clients.kakao.secret,
      OAUTH_TEST_PROVIDER_URL: fake.url,
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await fake?.close();
  });

  it('signs in with the Google button, turns on two-step verification, and needs the code next time', async () => {
    const stamp = Date.now();
    fake.signInAs('google', {
      id: `e2e-${stamp}`,
      name: '구글 김민지',
      email: `google${stamp}@example.com`,
      emailVerified: true,
    });
    const { page } = await newPage(browser, stack.baseUrl);
    await page.goto('/#/login');
    await page.getByRole('link', { name: 'Google로 계속하기' }).click();
    // Provider, callback, the callback page, then the app: logged in as the new account.
    await page.waitForURL(/#\/oauth\/success/);
    await page.getByText('로그인되었습니다').waitFor();
    await page.getByTestId('profile-menu').waitFor();
    await page.waitForURL(/#\/empty-workspace/);
    await screenshot(page, 'social-login-done-1280');
    await expectAccessible(page, 'social-login-done-1280');

    // Two-step verification from account settings: QR, first code, recovery codes.
    await page.goto('/#/my-page/account-settings');
    await page.getByTestId('two-factor-turn-on').click();
    const secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    await screenshot(page, 'two-factor-enrol-1280');
    await expectAccessible(page, 'two-factor-enrol-1280');
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    await page.getByTestId('two-factor-enable-code').fill(totp.generate());
    await page.getByTestId('two-factor-enable').click();
    await page.getByTestId('two-factor-recovery').waitFor();
    expect(await page.getByTestId('two-factor-recovery-code').count()).toBe(10);
    await screenshot(page, 'two-factor-recovery-1280');
    await expectAccessible(page, 'two-factor-recovery-1280');
    await page.getByTestId('two-factor-recovery-done').click();
    await page.getByTestId('two-factor-status').getByText('켜짐').waitFor();

    // Sign out, then in again with Google: the code is asked after the provider.
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/#\/login/);
    fake.signInAs('google', {
      id: `e2e-${stamp}`,
      name: '구글 김민지',
      email: `google${stamp}@example.com`,
      emailVerified: true,
    });
    await page.getByRole('link', { name: 'Google로 계속하기' }).click();
    const step = page.getByTestId('two-factor-step');
    try {
      await step.waitFor();
    } catch (error) {
      await screenshot(page, 'two-factor-step-missing');
      console.log('url at failure:', page.url());
      throw error;
    }
    await screenshot(page, 'two-factor-step-1280');
    await expectAccessible(page, 'two-factor-step-1280');
    // A fresh code: the one used to turn it on may not be reused within its 30 s step.
    await page.waitForTimeout(Math.max(0, 30_000 - (Date.now() % 30_000)) + 200);
    await step.getByTestId('two-factor-code').fill(totp.generate());
    await step.getByTestId('two-factor-submit').click();
    await page.getByTestId('profile-menu').waitFor();
    await page.waitForURL(/#\/empty-workspace/);

    // The same pages on a phone.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/#/my-page/account-settings');
    await page.getByTestId('two-factor-settings').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'account-settings-360');
    await expectAccessible(page, 'account-settings-360');
  });

  it('shows the provider’s refusal on the callback page and returns to login', async () => {
    fake.refuseNext('kakao', 'access_denied');
    const { page } = await newPage(browser, stack.baseUrl);
    await page.goto('/#/login');
    await page.getByRole('link', { name: '카카오로 계속하기' }).click();
    await page.getByTestId('oauth-error').getByText('소셜 로그인이 취소되었습니다.').waitFor();
    await screenshot(page, 'social-login-refused-1280');
    await expectAccessible(page, 'social-login-refused-1280');
    await page.waitForURL(/#\/login/, { timeout: 6000 });
  });

  it('keeps an invite through a social login and joins after it', async () => {
    const stamp = Date.now();
    const hostEmail = `socialhost${stamp}@example.com`;
    await signUp(stack, hostEmail);
    const { data: workspace } = await stack
      .api(hostEmail, password)
      .send<Workspace>('POST', pathOf(workspaceEndpoints.create), { name: '디자인 동아리' });

    // Logged out, the invite link shows the workspace; the Google button leaves the app.
    const { page } = await newPage(browser, stack.baseUrl);
    await page.goto(`/#/ws/${workspace.inviteCode}`);
    await page
      .getByTestId('invite-banner')
      .getByText('초대받은 워크스페이스: 디자인 동아리')
      .waitFor();
    fake.signInAs('google', {
      id: `invitee-${stamp}`,
      name: '구글 초대',
      email: `googleinvitee${stamp}@example.com`,
      emailVerified: true,
    });
    await page.getByRole('link', { name: 'Google로 계속하기' }).click();
    await page.waitForURL(/#\/oauth\/success/);

    // Back from the provider, the invite is followed: in the workspace, not on onboarding.
    await page.getByTestId('workspace-home').waitFor();
    await page.waitForURL(new RegExp(`#/ws/${workspace.id}$`));
    await screenshot(page, 'social-login-invite-joined-1280');
    await expectAccessible(page, 'social-login-invite-joined-1280');
  });

  it('links Google to a password account from account settings', async () => {
    const email = `linker${Date.now()}@example.com`;
    await signUp(stack, email);
    const { page } = await newPage(browser, stack.baseUrl);
    await login(page, email);
    await page.goto('/#/my-page/account-settings');
    fake.signInAs('google', { id: `link-${Date.now()}`, name: '연결', email, emailVerified: true });
    await page.getByTestId('link-google').click();
    await page.getByText('Google 계정을 연결했습니다.').waitFor();
    await page.getByTestId('linked-google').getByText('연결됨').waitFor();
    await screenshot(page, 'linked-google-1280');
    await expectAccessible(page, 'linked-google-1280');
  });
});
