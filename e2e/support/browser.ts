import fs from 'node:fs/promises';
import os from 'node:os';
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

/** The last lines each page wrote to its console: what a failed test shows beside its text. */
const consoleLines = new WeakMap<Page, string[]>();
const CONSOLE_KEPT = 40;

/** What this page wrote to its console (warnings, errors, info) and uncaught errors, oldest first. */
export function consoleOf(page: Page): string[] {
  return consoleLines.get(page) ?? [];
}

function keepConsole(page: Page): void {
  const lines: string[] = [];
  consoleLines.set(page, lines);
  const keep = (line: string) => {
    const time = new Date().toISOString().slice(11, 23);
    lines.push(`${time} ${line.slice(0, 300)}`);
    if (lines.length > CONSOLE_KEPT) lines.shift();
  };
  // Debug and log lines are left out: a journey's failure is told by what the app warns about.
  page.on('console', (message) => {
    const type = message.type();
    if (type === 'warning' || type === 'error' || type === 'info')
      keep(`${type}: ${message.text()}`);
  });
  page.on('pageerror', (error) => keep(`uncaught: ${error.message}`));
}

/** Every page of the context, the ones open now and the ones opened later, keeps its console. */
function keepConsoleOf(context: BrowserContext): void {
  context.pages().forEach(keepConsole);
  context.on('page', keepConsole);
}

/** The browsers this test file launched and has not closed: what a failed test shows. */
export const launchedBrowsers = new Set<Browser>();

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const browser = await chromium.launch({ executablePath, args: [...chromiumArgs, ...extraArgs] });
  launchedBrowsers.add(browser);
  browser.on('disconnected', () => launchedBrowsers.delete(browser));
  return browser;
}

/** Persistent contexts launched by this test file and not closed: what a failed test shows. */
export const launchedContexts = new Set<BrowserContext>();

/**
 * A browser on a profile of its own in a temporary folder, as a person's browser is: Chromium
 * judges every context made by `newContext` incognito, and an incognito window installs no app
 * (`Page.getInstallabilityErrors` answers "in-incognito"). Closing it removes the profile.
 */
export async function launchProfileContext(
  baseURL: string,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
    baseURL,
    viewport,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
  });
  launchedContexts.add(context);
  keepConsoleOf(context);
  context.on('close', () => {
    launchedContexts.delete(context);
    // Chromium may still be writing its session files as it closes: retry, never fail the run.
    void fs.rm(profile, { recursive: true, force: true, maxRetries: 5 }).catch(() => undefined);
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 800 },
  options: {
    /**
     * `block` for a journey that holds requests with `page.route`, which never sees what the
     * app's service worker answers from its cache.
     */
    serviceWorkers?: 'allow' | 'block';
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  keepConsoleOf(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** E2E_SHOTS_DIR sends the screenshots elsewhere (parallel runs on one checkout). */
const artifacts = process.env.E2E_SHOTS_DIR ?? path.resolve(import.meta.dirname, '..', 'artifacts');

/**
 * `E2E_SCREENSHOTS=failures` (npm test sets it) keeps only what a failed journey showed: a
 * full-page picture costs a loaded CI machine up to a second, and nobody looks at a passing run's.
 */
const onlyFailures = process.env.E2E_SCREENSHOTS === 'failures';

/**
 * Saves a screenshot under e2e/artifacts (kept out of git) for a person to look at; `always`
 * for the picture of a failure. Answers the file, or nothing when the run keeps none.
 */
export async function screenshot(
  page: Page,
  name: string,
  when: 'always' | 'for-a-person' = 'for-a-person',
): Promise<string | undefined> {
  if (onlyFailures && when === 'for-a-person') return undefined;
  await fs.mkdir(artifacts, { recursive: true });
  const file = path.join(artifacts, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
