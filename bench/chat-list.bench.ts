/**
 * The chat room's message list at scale, in Chromium (issue 19): how long a room of 100,000
 * messages takes to show its newest message beside a room of 100, and how long each 'load
 * older' takes while scrolling back through 10,000 messages (the first pages beside the last),
 * with the rows in the page and the JavaScript heap at the end.
 */
/// <reference lib="dom" />
// The page functions below run in Chromium: they use the DOM's types.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { fillRoom } from './chat-list.repo';
import { startSession } from '../apps/server/src/modules/auth/auth.service';
import { createGroup } from '../apps/server/src/modules/chat/chat.service';
import { createLocalUser } from '../apps/server/src/modules/users/users.service';
import { joinByInvite } from '../apps/server/src/modules/workspaces/invites.service';
import { createWorkspace } from '../apps/server/src/modules/workspaces/workspaces.service';
import { startServer } from '../apps/server/test/server-process';
import { JWT_SECRET, median, percentile } from './support';
import { buildWeb, chromeFlags, chromePath } from './web.bench';

const BIG = 100_000;
const SMALL = 100;
/** Pages of 50 older messages: 200 × 50 = 10,000 scrolled back through. */
const OLDER_PAGES = 200;
const SWITCHES = 7;

type Seeded = {
  workspaceId: number;
  rooms: { small: number; big: number };
  newest: { small: number; big: number };
  storage: Record<string, string>;
};

/**
 * Two members, one workspace, two rooms; the messages written straight into the database in one
 * statement a room (the services would take minutes for 100,000), in time order, a minute apart.
 */
async function seedRooms(env: Record<string, string>): Promise<Seeded> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent', JWT_SECRET });
  const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
  try {
    const ctx = app.context;
    const passwordHash = await ctx.passwords.hash('Bench1234');
    const stamp = Date.now();
    const [me, other] = await Promise.all(
      ['김민지', '이서연'].map(async (name, i) => {
        const user = await createLocalUser(
          ctx,
          {
            email: `list${stamp}-${i}@bench.local`,
            name,
            passwordHash,
          },
          null,
        );
        if (!user) throw new Error('user');
        return user;
      }),
    );
    if (!me || !other) throw new Error('users');
    const workspace = await createWorkspace(ctx, me.id, { name: '벤치', iconUrl: null });
    await joinByInvite(ctx, other.id, { inviteCode: workspace.inviteCode });
    const rooms = { small: 0, big: 0 };
    const newest = { small: 0, big: 0 };
    for (const [name, count] of [
      ['small', SMALL],
      ['big', BIG],
    ] as const) {
      const room = await createGroup(ctx, me.id, workspace.id, {
        name: `${name} ${count}`,
        chatMemberIdList: [other.id],
      });
      rooms[name] = room.id;
      newest[name] = await fillRoom(ctx.database.db, room.id, [me.id, other.id], count);
    }
    const session = await startSession(ctx, me.id, {}, { ip: '127.0.0.1' }, 'PASSWORD');
    return {
      workspaceId: workspace.id,
      rooms,
      newest,
      storage: {
        'teamup.accessToken': session.token,
        'teamup.refreshToken': session.refreshToken,
        'teamup.userId': String(session.user.id),
      },
    };
  } finally {
    await app.close();
  }
}

/** Milliseconds from the address changing to the room's newest message being on the page. */
async function switchTo(page: Page, hash: string, newestId: number): Promise<number> {
  return page.evaluate(
    async ({ hash, newestId }) => {
      const started = performance.now();
      location.hash = hash;
      const selector = `[data-message-id="${newestId}"]`;
      await new Promise<void>((resolve) => {
        const look = () => {
          if (document.querySelector(selector)) resolve();
          else requestAnimationFrame(look);
        };
        look();
      });
      return performance.now() - started;
    },
    { hash, newestId },
  );
}

/**
 * One 'load older': milliseconds from the press to the older page's first message on the page
 * and a frame painted after it.
 */
async function loadOlderOnce(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const first = () =>
      document.querySelector('[data-message-id]')?.getAttribute('data-message-id');
    const before = first();
    const button = document.querySelector<HTMLButtonElement>('[data-testid="chat-load-older"]');
    if (!button) throw new Error('no load-older button');
    const started = performance.now();
    button.click();
    await new Promise<void>((resolve, reject) => {
      const deadline = started + 15_000;
      const look = () => {
        if (first() !== before) requestAnimationFrame(() => resolve());
        else if (performance.now() > deadline) reject(new Error('older page did not show'));
        else requestAnimationFrame(look);
      };
      look();
    });
    return performance.now() - started;
  });
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

/** BENCH_SHOTS=<folder>: screenshots of the long room, to look at what the figures describe. */
async function shoot(page: Page, name: string) {
  const folder = process.env.BENCH_SHOTS;
  if (!folder) return;
  await fs.mkdir(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`) });
}

export async function benchChatList() {
  const { dist, built } = await buildWeb();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-bench-list-'));
  const userDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-bench-list-chromium-'));
  const seedStarted = Date.now();
  const seeded = await seedRooms({ DATA_DIR: dataDir });
  console.log(
    `chat list: seeded rooms of ${SMALL} and ${BIG.toLocaleString('en')} messages (PGlite) in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`,
  );
  const server = await startServer({
    dataDir,
    env: {
      JWT_SECRET,
      WEB_DIST_DIR: dist,
      NODE_ENV: 'production',
      RATE_LIMIT_PER_MINUTE: '100000000',
    },
    logLevel: 'warn',
  });
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromePath,
    headless: true,
    args: chromeFlags,
    viewport: { width: 1280, height: 800 },
  });
  try {
    // tsx (esbuild, keeping names) wraps the page functions' inner functions in `__name(...)`,
    // which exists only in Node: the page gets a no-op of it.
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    await context.addInitScript((entries: Record<string, string>) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, seeded.storage);
    const page = await context.newPage();
    const roomHash = (id: number) => `#/ws/${seeded.workspaceId}/chat/${id}`;
    await page.goto(`${server.url}/${roomHash(seeded.rooms.small)}`);
    await page.locator(`[data-message-id="${seeded.newest.small}"]`).waitFor({ timeout: 30_000 });

    // Room to room inside the app, alternating, so both see the same warm page.
    const times = { small: [] as number[], big: [] as number[] };
    for (let i = 0; i < SWITCHES; i += 1) {
      times.big.push(await switchTo(page, roomHash(seeded.rooms.big), seeded.newest.big));
      times.small.push(await switchTo(page, roomHash(seeded.rooms.small), seeded.newest.small));
    }
    const [smallMedian, bigMedian] = [median(times.small), median(times.big)];
    console.log(
      `chat list: open a room to its newest message, ${SWITCHES} times each: ${SMALL} messages median ${ms(smallMedian)} p95 ${ms(percentile(times.small, 95))}; ` +
        `${BIG.toLocaleString('en')} messages median ${ms(bigMedian)} p95 ${ms(percentile(times.big, 95))} (${(bigMedian / smallMedian).toFixed(2)}× the small room; target ≤ 1.2×)`,
    );

    // Back through 10,000 messages of the big room, 50 at a time.
    await switchTo(page, roomHash(seeded.rooms.big), seeded.newest.big);
    await shoot(page, 'chat-list-long-room-1280');
    const steps: number[] = [];
    for (let i = 0; i < OLDER_PAGES; i += 1) steps.push(await loadOlderOnce(page));
    const end = await page.evaluate(() => ({
      rows: document.querySelectorAll('[data-message-id]').length,
      nodes: document.getElementsByTagName('*').length,
      // Chromium's non-standard heap figure.
      heap: (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory
        ?.usedJSHeapSize,
    }));
    await shoot(page, 'chat-list-scrolled-back-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await shoot(page, 'chat-list-scrolled-back-360');
    const firstSteps = steps.slice(0, 20);
    const lastSteps = steps.slice(-20);
    console.log(
      `chat list: ${OLDER_PAGES} × 'load older' (${(OLDER_PAGES * 50).toLocaleString('en')} messages back): pages 1-20 median ${ms(median(firstSteps))} p95 ${ms(percentile(firstSteps, 95))}; ` +
        `pages ${OLDER_PAGES - 19}-${OLDER_PAGES} median ${ms(median(lastSteps))} p95 ${ms(percentile(lastSteps, 95))} (${(median(lastSteps) / median(firstSteps)).toFixed(2)}×); ` +
        `at the end ${end.rows} message rows, ${end.nodes} elements, JS heap ${end.heap === undefined ? 'n/a' : `${(end.heap / 2 ** 20).toFixed(0)} MB`}`,
    );
  } finally {
    await context.close();
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(userDataDir, { recursive: true, force: true });
    if (built) await fs.rm(dist, { recursive: true, force: true });
  }
}
