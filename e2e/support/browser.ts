import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** The flags this machine needs: no sandbox as root, no background traffic to the internet. */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The browsers this test file launched and has not closed: what a failed test shows. */
export const launchedBrowsers = new Set<Browser>();

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const browser = await chromium.launch({ executablePath, args: [...chromiumArgs, ...extraArgs] });
  launchedBrowsers.add(browser);
  browser.on('disconnected', () => launchedBrowsers.delete(browser));
  return browser;
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** E2E_SHOTS_DIR sends the screenshots elsewhere (parallel runs on one checkout). */
const artifacts = process.env.E2E_SHOTS_DIR ?? path.resolve(import.meta.dirname, '..', 'artifacts');

/** Saves a screenshot under e2e/artifacts (kept out of git) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await fs.mkdir(artifacts, { recursive: true });
  const file = path.join(artifacts, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
