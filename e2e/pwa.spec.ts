import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { GET_VERSION } from '../apps/web/src/service-worker/messages';
import { expectAccessible } from './support/a11y';
import { login, signUp } from './support/accounts';
import { launchProfileContext, screenshot } from './support/browser';
import { startStack, webDist, type Stack } from './support/stack';

/**
 * The installed app (issue 43, decision 0043): Chromium's installability checks, the manifest
 * and its icons, the service worker serving the shell offline while never answering the API,
 * and a new build offered and taken. The server serves a copy of the web build, whose worker the
 * update test changes as a new deployment would.
 */

type Manifest = {
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
  shortcuts: Array<{ name: string; url: string }>;
};

/** Width and height from a PNG's IHDR chunk (after the 8-byte signature and the chunk head). */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** The build version of the worker that controls the page, asked over a message port. */
function controllerVersion(page: Page): Promise<string> {
  return page.evaluate(
    (type) =>
      new Promise<string>((resolve, reject) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return reject(new Error('no service worker controls the page'));
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        controller.postMessage({ type }, [channel.port2]);
      }),
    GET_VERSION,
  );
}

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

/** Screenshots of what the page shows now, wide and on a phone, then back to wide. */
async function wideAndNarrow(page: Page, name: string) {
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 360, height: 740 });
  // The frame's navigation column slides into its phone drawer when the width crosses the
  // breakpoint: the picture is taken once it has.
  await page.waitForTimeout(600);
  await screenshot(page, `${name}-360`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(600);
}

describe('the installable app', () => {
  let stack: Stack;
  let webDir: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-e2e-web-'));
    await fs.cp(webDist, webDir, { recursive: true });
    stack = await startStack({ WEB_DIST_DIR: webDir });
    ({ context, page } = await launchProfileContext(stack.baseUrl));
  });

  afterAll(async () => {
    await context?.close();
    await stack?.stop();
    if (webDir) await fs.rm(webDir, { recursive: true, force: true });
  });

  it("passes Chromium's installability checks, with the manifest's fields and icons", async () => {
    await page.goto('/#/login');
    await page.getByTestId('login-email').waitFor();
    // Registered once the page has loaded and the browser is idle (main.tsx).
    const scriptURL = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL;
    });
    expect(scriptURL).toBe(`${stack.baseUrl}/sw.js`);

    const manifestResponse = await fetch(`${stack.baseUrl}/manifest.webmanifest`);
    expect(manifestResponse.status).toBe(200);
    expect(manifestResponse.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await manifestResponse.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'TeamUp',
      short_name: 'TeamUp',
      lang: 'ko',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#4263eb',
      background_color: '#ffffff',
    });
    expect(manifest.description).toMatch(/[가-힣]/);
    expect(manifest.shortcuts.map((shortcut) => shortcut.url)).toEqual([
      '/#/chat',
      '/#/notifications',
    ]);
    const head = await page.evaluate(() => ({
      manifest: document.querySelector('link[rel="manifest"]')?.getAttribute('href'),
      themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
      appleIcon: document.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href'),
      appleCapable: document
        .querySelector('meta[name="apple-mobile-web-app-capable"]')
        ?.getAttribute('content'),
    }));
    expect(head).toEqual({
      manifest: '/manifest.webmanifest',
      themeColor: manifest.theme_color,
      appleIcon: '/icons/apple-touch-icon-180.png',
      appleCapable: 'yes',
    });

    const icons = [
      ...manifest.icons.map(({ src, sizes, purpose }) => ({ src, sizes, purpose })),
      { src: head.appleIcon ?? '', sizes: '180x180', purpose: 'apple-touch-icon' },
    ];
    expect(icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
      '180x180 apple-touch-icon',
    ]);
    for (const icon of icons) {
      const response = await fetch(new URL(icon.src, stack.baseUrl));
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get('content-type'), icon.src).toBe('image/png');
      expect(pngSize(Buffer.from(await response.arrayBuffer())), icon.src).toBe(icon.sizes);
    }

    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
      .toEqual([]);
    await cdp.detach();
  });

  it('offline: the shell from the cache, a Korean offline screen, never the API from the cache', async () => {
    const email = `pwa-${Date.now()}@example.com`;
    await signUp(stack, email);
    await login(page, email);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // Online and controlled: the document and the build's files pass through the worker, no API
    // answer does (SSE, JSON, the session) — the worker does not call respondWith for them.
    const responses: Response[] = [];
    const listen = (response: Response) => responses.push(response);
    page.on('response', listen);
    await page.reload();
    await page.getByTestId('profile-menu').waitFor();
    // The menu shows once the session is read; on a loaded machine the home's other calls come
    // after it.
    const apiAnswers = () =>
      responses.filter((response) => new URL(response.url()).pathname.startsWith('/api/')).length;
    await expect.poll(apiAnswers).toBeGreaterThan(1);
    page.off('response', listen);
    const through = (test: (pathname: string) => boolean) =>
      responses
        .filter((response) => test(new URL(response.url()).pathname))
        .map((response) => response.fromServiceWorker());
    const api = through((pathname) => pathname.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(1);
    expect(api.every((fromWorker) => !fromWorker)).toBe(true);
    expect(through((pathname) => pathname === '/')).toEqual([true]);
    const assets = through((pathname) => pathname.startsWith('/assets/'));
    expect(assets.length).toBeGreaterThan(3);
    expect(assets.every((fromWorker) => fromWorker)).toBe(true);

    await context.setOffline(true);
    const shell = await page.reload();
    expect(shell?.status()).toBe(200);
    expect(shell?.fromServiceWorker()).toBe(true);
    const offline = page.getByTestId('offline-screen');
    await offline.getByRole('heading', { name: '오프라인 상태입니다' }).waitFor();
    expect(await offline.innerText()).toContain('다시 시도');
    // An API call fails as the network does: nothing answers it from a cache.
    const health = await page.evaluate(() =>
      fetch('/api/health').then(
        (response) => `answered ${response.status}`,
        () => 'failed',
      ),
    );
    expect(health).toBe('failed');
    await wideAndNarrow(page, 'pwa-offline');
    await expectAccessible(page, 'pwa-offline');

    // Back online, the screen tries again by itself and the signed-in app comes back.
    await context.setOffline(false);
    await page.getByTestId('profile-menu').waitFor();
    await offline.waitFor({ state: 'detached' });
  });

  it('a new build is offered ("새 버전이 있습니다") and its button reloads onto the new worker', async () => {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const before = await controllerVersion(page);
    expect(await cacheNames(page)).toEqual([`teamup-shell-${before}`]);

    // A new deployment: a worker whose build version differs (a real build changes its file list
    // and hashes, and with them this version). The compressed copies go, so the server sends it.
    const after = `e2e${Date.now().toString(16)}`.slice(0, 16);
    const workerFile = path.join(webDir, 'sw.js');
    const worker = await fs.readFile(workerFile, 'utf8');
    expect(worker).toContain(before);
    await fs.writeFile(workerFile, worker.replaceAll(before, after));
    await fs.rm(`${workerFile}.br`, { force: true });
    await fs.rm(`${workerFile}.gz`, { force: true });

    // The app checks for a new worker when the tab is shown again (and hourly).
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const prompt = page.getByTestId('app-update');
    await page.getByText('새 버전이 있습니다').waitFor();
    await prompt.getByRole('button', { name: '새로고침' }).waitFor();
    await wideAndNarrow(page, 'pwa-update-prompt');
    await expectAccessible(page, 'pwa-update-prompt');
    // Still the old worker until the user accepts.
    expect(await controllerVersion(page)).toBe(before);

    await Promise.all([
      page.waitForEvent('load'),
      prompt.getByRole('button', { name: '새로고침' }).click(),
    ]);
    await page.getByTestId('profile-menu').waitFor();
    expect(await controllerVersion(page)).toBe(after);
    // The old build's cache is gone with its worker.
    expect(await cacheNames(page)).toEqual([`teamup-shell-${after}`]);
    await expect(page.getByText('새 버전이 있습니다').count()).resolves.toBe(0);
  });

  it("online, the page is the server's current one, never the worker's cached copy", async () => {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The server's index.html changes (a deployment) while the worker keeps its cached copy.
    const indexFile = path.join(webDir, 'index.html');
    const index = await fs.readFile(indexFile, 'utf8');
    await fs.writeFile(
      indexFile,
      index.replace('<head>', '<head><meta name="e2e-deployed" content="yes" />'),
    );
    await fs.rm(`${indexFile}.br`, { force: true });
    await fs.rm(`${indexFile}.gz`, { force: true });
    const shell = await page.reload();
    expect(shell?.fromServiceWorker()).toBe(true);
    await page.getByTestId('profile-menu').waitFor();
    expect(
      await page.evaluate(() => document.querySelector('meta[name="e2e-deployed"]') !== null),
    ).toBe(true);
  });
});
