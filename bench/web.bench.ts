import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { startServer, type ServerProcess } from '../apps/server/test/server-process';
import { startSmtpSink, type SmtpSink } from '../apps/server/test/smtp-sink';

const webDir = path.join(import.meta.dirname, '../apps/web');
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The flags of a quiet headless Chromium (no background fetches that would blur the figures). */
export const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const password = 'Bench1234';

/**
 * The web app built from the current sources into a folder of its own (BENCH_WEB_DIST: use that
 * build instead).
 */
export async function buildWeb(): Promise<{ dist: string; built: boolean }> {
  const given = process.env.BENCH_WEB_DIST;
  if (given) return { dist: path.resolve(given), built: false };
  const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-bench-web-'));
  await promisify(execFile)('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
    cwd: webDir,
    maxBuffer: 16 * 2 ** 20,
  });
  return { dist, built: true };
}

type Stack = { server: ServerProcess; sink: SmtpSink; dataDir: string; stop(): Promise<void> };

export async function startStack(dist: string): Promise<Stack> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-bench-web-data-'));
  const sink = await startSmtpSink();
  const server = await startServer({
    dataDir,
    env: { SMTP_URL: sink.url, WEB_DIST_DIR: dist, NODE_ENV: 'production' },
  });
  return {
    server,
    sink,
    dataDir,
    async stop() {
      await server.stop();
      await sink.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function send(base: string, url: string, body: object, token?: string) {
  const response = await fetch(`${base}/api${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text}`);
  return (JSON.parse(text) as { data: Record<string, unknown> }).data;
}

/**
 * A user signed up through the API (the code read from the SMTP sink), logged in, with one
 * workspace: the tokens as the web's token store keeps them, and the workspace id.
 */
export async function signedInWorkspace(stack: Stack) {
  const base = stack.server.url;
  const email = `lighthouse${Date.now()}@bench.local`;
  await send(base, '/auth/email/request', { email });
  const mail = await stack.sink.waitForMail(email, () => true, 15_000);
  const code = /(\d{6})/.exec(mail.text)?.[1] ?? '';
  await send(base, '/auth/email/verify', { email, verificationCode: code });
  await send(base, '/users/register', { email, password, confirmPassword: password });
  const login = (await send(base, '/auth/login', { email, password })) as {
    token: string;
    refreshToken: string;
    user: { id: number };
  };
  const workspace = (await send(
    base,
    '/workspaces',
    { name: '캡스톤 디자인', iconUrl: null },
    login.token,
  )) as { id: number };
  return {
    storage: {
      'teamup.accessToken': login.token,
      'teamup.refreshToken': login.refreshToken,
      'teamup.userId': String(login.user.id),
    },
    workspaceId: workspace.id,
  };
}

type Context = { context: BrowserContext; port: number; close(): Promise<void> };

/** The system Chromium with a debugging port Lighthouse connects to (one profile: one storage). */
export async function launchChromium(): Promise<Context> {
  const userDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-bench-chromium-'));
  const port = 9300 + Math.floor(Math.random() * 500);
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromePath,
    headless: true,
    args: [...chromeFlags, `--remote-debugging-port=${port}`],
  });
  return {
    context,
    port,
    async close() {
      await context.close();
      await fs.rm(userDataDir, { recursive: true, force: true });
    },
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

type FirstLoad = {
  /** Gzip'd bytes of the scripts requested before the first contentful paint. */
  beforePaint: number;
  /** Gzip'd bytes of every script the page had loaded once the login form showed. */
  total: number;
  scripts: { name: string; gzip: number; beforePaint: boolean }[];
  css: number;
};

/**
 * The login page in Chromium: the scripts it loads (before the first contentful paint, and until
 * the form shows), each counted at its gzip size (level 9, as precompressed files are).
 */
async function measureFirstLoad(browser: Context, base: string, dist: string): Promise<FirstLoad> {
  const page = await browser.context.newPage();
  await page.goto(`${base}/#/login`);
  await page.getByTestId('login-submit').waitFor();
  await page.waitForLoadState('networkidle');
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
    const resources = performance
      .getEntriesByType('resource')
      .map((entry) => ({ name: entry.name, start: entry.startTime }));
    return { paint, resources };
  });
  await page.close();
  const gzipOf = async (name: string) => {
    const file = path.join(dist, new URL(name).pathname);
    return zlib.gzipSync(await fs.readFile(file), { level: 9 }).length;
  };
  const scripts: FirstLoad['scripts'] = [];
  let css = 0;
  for (const resource of timing.resources) {
    const pathname = new URL(resource.name).pathname;
    if (pathname.endsWith('.css')) css += await gzipOf(resource.name);
    if (!pathname.endsWith('.js')) continue;
    scripts.push({
      name: path.basename(pathname),
      gzip: await gzipOf(resource.name),
      beforePaint: resource.start < timing.paint,
    });
  }
  const sum = (list: typeof scripts) => list.reduce((total, script) => total + script.gzip, 0);
  return {
    beforePaint: sum(scripts.filter((script) => script.beforePaint)),
    total: sum(scripts),
    scripts,
    css,
  };
}

type Scores = { performance: number; accessibility: number; fcp: string; lcp: string; tbt: string };

/** One Lighthouse run (its default: a mobile device, simulated slow 4G and a 4× slower CPU). */
async function lighthouseScores(port: number, url: string, attempt = 1): Promise<Scores> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // The signed-in page needs the tokens put in localStorage before the run.
    disableStorageReset: true,
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  // BENCH_LIGHTHOUSE_JSON=<folder>: keep each report, to read where the time went.
  const keep = process.env.BENCH_LIGHTHOUSE_JSON;
  if (keep) {
    await fs.mkdir(keep, { recursive: true });
    const name = new URL(url).hash.replace(/\W+/g, '-') || 'root';
    await fs.writeFile(path.join(keep, `${name}.json`), JSON.stringify(result.lhr));
  }
  const { categories, audits, runtimeError } = result.lhr;
  // On a loaded machine Chromium's trace now and then misses the navigation's start: run again.
  if (runtimeError?.code === 'NO_NAVSTART' && attempt < 3) {
    return lighthouseScores(port, url, attempt + 1);
  }
  if (runtimeError)
    throw new Error(`lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);
  return {
    performance: score(categories.performance?.score),
    accessibility: score(categories.accessibility?.score),
    fcp: audits['first-contentful-paint']?.displayValue ?? '?',
    lcp: audits['largest-contentful-paint']?.displayValue ?? '?',
    tbt: audits['total-blocking-time']?.displayValue ?? '?',
  };
}

/** `npm run bench -- first-load`: what the login page loads, without Lighthouse. */
export async function benchFirstLoad() {
  const { dist, built } = await buildWeb();
  const stack = await startStack(dist);
  const browser = await launchChromium();
  try {
    const load = await measureFirstLoad(browser, stack.server.url, dist);
    console.log(
      `first load (login page): ${kb(load.beforePaint)} of gzip'd JavaScript before the first contentful paint, ${kb(load.total)} once the form shows, ${load.scripts.length} scripts; CSS ${kb(load.css)} gzip'd`,
    );
    for (const script of load.scripts) {
      console.log(`  ${script.beforePaint ? '*' : ' '} ${script.name} ${kb(script.gzip)}`);
    }
  } finally {
    await browser.close();
    await stack.stop();
    if (built) await fs.rm(dist, { recursive: true, force: true });
  }
}

/** `npm run bench -- lighthouse`: mobile scores of the login page and a signed-in workspace home. */
export async function benchLighthouse() {
  const { dist, built } = await buildWeb();
  const stack = await startStack(dist);
  const browser = await launchChromium();
  try {
    const base = stack.server.url;
    const login = await lighthouseScores(browser.port, `${base}/#/login`);
    const signedIn = await signedInWorkspace(stack);
    const page = await browser.context.newPage();
    await page.goto(`${base}/#/login`);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, signedIn.storage);
    await page.close();
    const home = await lighthouseScores(browser.port, `${base}/#/ws/${signedIn.workspaceId}`);
    const line = (name: string, scores: Scores) =>
      `lighthouse (mobile) ${name}: performance ${scores.performance}, accessibility ${scores.accessibility} (FCP ${scores.fcp}, LCP ${scores.lcp}, TBT ${scores.tbt})`;
    console.log(line('login page', login));
    console.log(line('workspace home', home));
  } finally {
    await browser.close();
    await stack.stop();
    if (built) await fs.rm(dist, { recursive: true, force: true });
  }
}
