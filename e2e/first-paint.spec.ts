import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { pathOf } from '@teamup/contracts/endpoint';
import { workspaceEndpoints } from '@teamup/contracts/workspaces';
import { login, signUp } from './support/accounts';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { startStack, type Stack } from './support/stack';

/**
 * The login page rendered at build time into index.html (apps/web/vite-prerender.ts), shown
 * before any script only to a signed-out visitor at the login address (public/boot.js) and then
 * taken over by the app as it is (hydrated, main.tsx).
 */
/** The app's scripts: everything under assets/ but boot.js, which runs before the first paint. */
const appScript = (url: URL) => /^\/assets\/(?!boot-)[\w.-]+\.js$/.test(url.pathname);

describe('first paint: the prerendered login page', () => {
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

  it('shows the login form with no script run at all', async () => {
    const context = await browser.newContext({ baseURL: stack.baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/#/login');
    await expect(page.getByRole('heading', { level: 1, name: '로그인' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByTestId('login-email').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('login-submit').isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('paints the form before the scripts arrive, then the app takes the same elements over', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl, { width: 360, height: 740 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(appScript, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    // The bare address: a signed-out visitor is sent to the login address before the first paint.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    expect(new URL(page.url()).hash).toBe('#/login');
    await page.getByTestId('login-email').waitFor();
    await expect(page.getByTestId('login-submit').isVisible()).resolves.toBe(true);
    await screenshot(page, 'first-paint-login-before-scripts-360');
    // Marks the prerendered input: hydration keeps the element, a fresh render would replace it.
    await page.getByTestId('login-email').evaluate((input) => {
      input.setAttribute('data-prerendered-element', 'kept');
    });
    releaseScripts();
    // The app's own behaviour, which only the scripts give: the form's validation message.
    await page.getByTestId('login-submit').click();
    await page.getByText('올바른 이메일 주소를 입력해주세요.').waitFor();
    await expect(
      page.getByTestId('login-email').getAttribute('data-prerendered-element'),
    ).resolves.toBe('kept');
    await page.getByTestId('login-email').fill('someone@example.com');
    await expect(page.getByTestId('login-email').inputValue()).resolves.toBe('someone@example.com');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('never shows the login form to a signed-in visitor', async () => {
    const email = `first-paint-${Date.now()}@example.com`;
    await signUp(stack, email);
    // Without the service worker: once it controls the page it answers the scripts from its
    // cache, where page.route cannot hold them.
    const { context, page } = await newPage(browser, stack.baseUrl, undefined, {
      serviceWorkers: 'block',
    });
    await login(page, email);
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(appScript, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    // Before any script of the app: the prerendered page is there but hidden.
    await expect(page.getByTestId('login-submit').isVisible()).resolves.toBe(false);
    await expect(
      page.evaluate(() => document.documentElement.getAttribute('data-prerendered-login')),
    ).resolves.toBe('hidden');
    releaseScripts();
    await page.getByTestId('profile-menu').waitFor();
    await expect(page.getByTestId('login-submit').count()).resolves.toBe(0);
    await context.close();
  });

  it('draws a signed-in workspace home without zod', async () => {
    const email = `first-screen-${Date.now()}@example.com`;
    await signUp(stack, email);
    const { context, page } = await newPage(browser, stack.baseUrl);
    await login(page, email);
    const token = await page.evaluate(() => localStorage.getItem('teamup.accessToken'));
    const created = await fetch(stack.apiUrl(pathOf(workspaceEndpoints.create)), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: '첫 화면' }),
    });
    expect(created.status).toBe(201);
    const { data: workspace } = (await created.json()) as { data: { id: number } };
    // The page itself notes when the greeting first appears: what the reloaded document fetched
    // before then is the first screen's. Responses heard from here would also count what the
    // hash navigation before the reload, or the work let in after the first screen, loads.
    await page.addInitScript(() => {
      const seen = window as Window & { greetingAt?: number };
      new MutationObserver((_records, observer) => {
        if (document.querySelector('[data-testid="home-greeting"]')) {
          seen.greetingAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`/#/ws/${workspace.id}`);
    await page.reload();
    await page.getByTestId('home-greeting').waitFor();
    const requested = await page.evaluate(() => {
      const greetingAt = (window as Window & { greetingAt?: number }).greetingAt ?? Infinity;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= greetingAt)
        .map((entry) => entry.name);
    });
    const scripts = requested.filter((url) => appScript(new URL(url)));
    // The contracts' schemas (zod, about 25 KB gzip'd) come with the pages and forms that
    // validate, not with the first screen: its requests use zod-free paths.
    const withZod: string[] = [];
    for (const url of scripts) {
      const text = await (await fetch(url)).text();
      if (text.includes('$ZodObject')) withZod.push(url);
    }
    expect(scripts.length).toBeGreaterThan(3);
    expect(withZod).toEqual([]);
    await context.close();
  });
});
