/**
 * `npm run bench -- meeting-mesh`: the built-in discussion mode (issue 47), four browsers in a
 * full WebRTC mesh signalled over the product's STOMP socket, beside a bare mesh in the same run.
 *
 * Each round: four fresh users (seeded through the services) open a new DISCUSSION channel in
 * Chromium with fake media, the pre-join screen ready, and click `meeting-prejoin-join` at once;
 * then the bare mesh: the same four Chromium contexts' worth of pages on bench/bare-mesh.ts (a
 * page and an in-memory `ws` relay, its own process), clicked at once too. In each page the click
 * and every remote tile's first presented frame are timed with `performance.now()` (a capture
 * click listener and requestVideoFrameCallback, with a 50 ms poll of videoWidth/currentTime as a
 * fallback), so a round gives 12 join → first remote frame figures a side. The server's and the
 * relay's CPU (/proc/<pid>/stat utime + stime over CLK_TCK) is read before the clicks, once every
 * page shows its three others (the connect phase), and after 20 s more (the steady phase).
 *
 * The product is its bundle (`dist/main.mjs`, NODE_ENV=production, built first when its sources
 * are newer) serving a web build of the current sources (BENCH_WEB_DIST: use that build instead).
 * Results go to stdout and between the bench:meeting-mesh markers of docs/performance.md.
 * BENCH_QUICK=1: one short round, and docs/performance.md is left alone.
 * BENCH_MESH_CPU_PROF=<dir>: the server runs with V8's CPU profiler, its profile written there.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { pathOf } from '@teamup/contracts/endpoint';
import { userEndpoints } from '@teamup/contracts/users';
import { videoEndpoints } from '@teamup/contracts/video';
import { freePort, startServer, type ServerProcess } from '../apps/server/test/server-process';
import { ensureProductBundle, startBare, type Bare } from './processes';
import {
  opensOnly,
  replaySignalling,
  type RecordedSocket,
  type ReplayResult,
} from './mesh-signal-replay';
import { probeScript, readProbe, remoteClocks, type Probe } from './mesh-probe';
import {
  percent,
  report,
  sectionIntro,
  seconds,
  type Phase,
  type RoundResult,
  type Side,
} from './mesh-report';
import { writeMarkedBlock } from './ratios-report';
import { JWT_SECRET, percentile, post, seed, sleep } from './support';
import { buildWeb, chromeFlags, chromePath } from './web.bench';

const quick = process.env.BENCH_QUICK === '1';
const ROUNDS = quick ? 1 : 5;
const PARTICIPANTS = 4;
const STEADY_SECONDS = quick ? 5 : 20;
/** How long the connect phase may last before the round goes on without the missing frames. */
const CONNECT_TIMEOUT_MS = 30_000;
/** The server's CPU with no browser open, read once before the rounds (a reference). */
const IDLE_SECONDS = quick ? 3 : 10;
/** Quiet between the pages being ready and the clicks, and between the sides. */
const SETTLE_MS = 2000;
/**
 * Rounds run first and left out of the figures: the server's first meeting after it started runs
 * code the JIT has not compiled and statements PGlite has not prepared (it took 0.2–0.5 s longer
 * in every step). Their figures are reported apart, as the cold server's.
 */
const WARMUP_ROUNDS = 1;

/** Chromium's fake camera and microphone, accepted without a prompt (as the e2e journey). */
const fakeMedia = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];

// --- CPU ----------------------------------------------------------------------------------------

/** The commit the product was built from, and whether its sources had changes not committed. */
function productVersion() {
  try {
    const git = (args: string[]) =>
      execFileSync('git', args, { cwd: path.resolve(import.meta.dirname, '..'), encoding: 'utf8' });
    const head = git(['rev-parse', '--short', 'HEAD']).trim();
    const dirty = git(['status', '--porcelain', '--', 'apps', 'packages']).trim() !== '';
    return `${head}${dirty ? ' with changes not committed in apps/ or packages/' : ''}`;
  } catch {
    return 'an unknown commit';
  }
}

const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system, all threads) the process has used so far. */
async function cpuSeconds(pid: number) {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces): utime and stime are the 12th
  // and 13th from there (the 14th and 15th of the line).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
}

/** Starts a phase; the returned function ends it. */
async function phase(pid: number) {
  const cpuBefore = await cpuSeconds(pid);
  const wallBefore = performance.now();
  return async (): Promise<Phase> => ({
    cpu: (await cpuSeconds(pid)) - cpuBefore,
    wall: (performance.now() - wallBefore) / 1000,
  });
}

// --- one side of a round -----------------------------------------------------------------------

/** What the round is doing, for the notes (the rounds and their sides run one at a time). */
let stage = 'opening';

type Participant = {
  context: BrowserContext;
  page: Page;
  label: string;
  /** When (the bench's performance.now()) each HTTP request of the page went out. */
  requests: number[];
};

/** What the mesh's watchdog logs when it starts a pair afresh (lib/mesh-media.ts). */
const WATCHDOG_RESTART = 'mesh: starting the connection';

/** Opens a fresh context with the probe, collecting its warnings and errors into `notes`. */
async function openParticipant(
  browser: Browser,
  label: string,
  notes: string[],
  storage?: Record<string, string>,
): Promise<Participant> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
  });
  await context.grantPermissions(['camera', 'microphone']);
  if (storage) {
    await context.addInitScript((entries: Record<string, string>) => {
      try {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      } catch {
        // about:blank has no storage
      }
    }, storage);
  }
  await context.addInitScript({ content: probeScript });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const requests: number[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith('http')) requests.push(performance.now());
  });
  page.on('console', (message) => {
    const repair = message.text().startsWith(WATCHDOG_RESTART);
    if (message.type() === 'warning' || message.type() === 'error' || repair) {
      notes.push(`${label} console ${message.type()} (${stage}): ${message.text().slice(0, 200)}`);
    }
  });
  page.on('pageerror', (error) => notes.push(`${label} page error (${stage}): ${error.message}`));
  return { context, page, label, requests };
}

/**
 * Clicks join in every page at once and times the rest: the connect phase until every page has
 * shown a frame from each of the others (or CONNECT_TIMEOUT_MS), then STEADY_SECONDS more.
 */
async function measure(
  participants: Participant[],
  pid: number,
  notes: string[],
): Promise<Omit<RoundResult, 'notes'>> {
  await sleep(SETTLE_MS);
  stage = 'connect phase';
  const clickedAt = performance.now();
  const endConnect = await phase(pid);
  await Promise.all(
    participants.map(({ page }) => page.getByTestId('meeting-prejoin-join').click()),
  );
  const others = PARTICIPANTS - 1;
  const deadline = performance.now() + CONNECT_TIMEOUT_MS;
  for (;;) {
    const probes = await Promise.all(participants.map(({ page }) => readProbe(page)));
    if (probes.every((probe) => Object.keys(probe?.frames ?? {}).length >= others)) break;
    if (performance.now() > deadline) {
      notes.push(`connect phase cut at ${CONNECT_TIMEOUT_MS / 1000} s with frames missing`);
      break;
    }
    await sleep(100);
  }
  const connect = await endConnect();
  const connectedAt = performance.now();
  stage = 'steady phase';
  const endSteady = await phase(pid);
  await sleep(STEADY_SECONDS * 1000);
  const steady = await endSteady();
  const steadyEnd = performance.now();
  stage = 'after the phases';
  const requestsWithin = (from: number, to: number) =>
    participants.reduce(
      (sum, { requests }) => sum + requests.filter((at) => at >= from && at < to).length,
      0,
    );
  const requests = {
    connect: requestsWithin(clickedAt, connectedAt),
    steady: requestsWithin(connectedAt, steadyEnd),
  };
  const signals: Record<string, number> = {};
  const marks: Array<Record<string, number>> = [];
  let connections = 0;
  let iceFailed = 0;
  const probes: Probe[] = [];

  const figures: number[] = [];
  let missing = 0;
  const frozen: string[] = [];
  for (const { page, label } of participants) {
    const probe = await readProbe(page);
    const values = Object.entries(probe?.frames ?? {});
    if (probe) probes.push(probe);
    marks.push(probe?.marks ?? {});
    connections += probe?.connections ?? 0;
    iceFailed += probe?.iceFailed ?? 0;
    for (const [kind, count] of Object.entries(probe?.signals ?? {})) {
      signals[kind] = (signals[kind] ?? 0) + count;
    }
    const steps = Object.entries(probe?.marks ?? {})
      .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
      .join(', ');
    console.log(
      `    ${label}: ${values.map(([key, ms]) => `${key} ${ms.toFixed(0)} ms`).join(', ')} [${steps}]`,
    );
    if (!probe || probe.joinAt === null) notes.push(`${label}: the click was not seen`);
    figures.push(...values.map(([, ms]) => ms));
    if (values.length < others) {
      missing += others - values.length;
      notes.push(
        `${label}: a frame from only ${values.length} of ${others} others by the end (${values
          .map(([key, ms]) => `${key} at ${ms.toFixed(0)} ms`)
          .join(', ')})`,
      );
    }
    if (values.length > others) notes.push(`${label}: frames from ${values.length} tiles`);
  }
  // Still playing at the end: each remote clock moves over a second.
  const before = await Promise.all(participants.map(({ page }) => remoteClocks(page)));
  await sleep(1000);
  const after = await Promise.all(participants.map(({ page }) => remoteClocks(page)));
  participants.forEach(({ label }, index) => {
    for (const tile of after[index] ?? []) {
      const earlier = before[index]?.find((one) => one.key === tile.key);
      if (!earlier || tile.width === 0 || tile.time <= earlier.time) {
        frozen.push(`${label} ← ${tile.key}`);
      }
    }
  });
  // BENCH_MESH_DUMP=<file>: each page's raw probe, a JSON line a page, to look into afterwards.
  const dump = process.env.BENCH_MESH_DUMP;
  if (dump) {
    const lines = probes.map((probe, index) =>
      JSON.stringify({ page: participants[index]?.label, ...probe }),
    );
    await fs.appendFile(dump, `${lines.join('\n')}\n`);
  }
  const sentAt = new Map<string, number>();
  for (const probe of probes) {
    for (const [key, at] of Object.entries(probe.sent)) {
      sentAt.set(key, Math.min(sentAt.get(key) ?? Infinity, at));
    }
  }
  const relay = probes.flatMap((probe) =>
    Object.entries(probe.received).flatMap(([key, at]) => {
      const sent = sentAt.get(key);
      return sent === undefined ? [] : [at - sent];
    }),
  );
  return {
    figures,
    missing,
    frozen,
    connect,
    steady,
    signals,
    requests,
    marks,
    connections,
    iceFailed,
    relay,
    sockets: probes.flatMap((probe) => probe.sockets ?? []),
  };
}

async function closeAll(participants: Participant[]) {
  await Promise.all(participants.map(({ context }) => context.close().catch(() => undefined)));
}

/** The product: a new DISCUSSION channel, four users who have not been in a meeting yet. */
async function productRound(
  browser: Browser,
  server: ServerProcess,
  workspaceId: number,
  users: Array<{ token: string; refreshToken: string; userId: number }>,
  ownerToken: string,
  round: number,
): Promise<RoundResult> {
  const notes: string[] = [];
  const channel = (await post(
    server.url,
    ownerToken,
    `/api${pathOf(videoEndpoints.createChannel, { workspaceId })}`,
    { name: `토론 ${round + 1}-${Date.now()}`, mode: 'DISCUSSION' },
  )) as { id: number; name: string };
  stage = 'opening the pre-join screen';
  const meetingUrl = `${server.url}/#/ws/${workspaceId}/video/live?roomId=${channel.id}&roomName=${encodeURIComponent(channel.name)}`;
  const participants = await Promise.all(
    users.map((user) =>
      openParticipant(browser, `user ${user.userId}`, notes, {
        'teamup.accessToken': user.token,
        'teamup.refreshToken': user.refreshToken,
        'teamup.userId': String(user.userId),
      }),
    ),
  );
  try {
    await Promise.all(
      participants.map(async ({ page, label }) => {
        await page.goto(meetingUrl);
        // The pre-join screen knows the mode, and in discussion mode starts with the camera on.
        await page.getByTestId('meeting-prejoin-mode').getByText('회의 모드').waitFor();
        const camera = await page.getByTestId('meeting-prejoin-with-camera').isChecked();
        if (!camera) throw new Error(`${label}: the pre-join screen has the camera off`);
      }),
    );
    const measured = await measure(participants, server.pid, notes);
    // Leave as a person does (the others hear it at once), then close.
    stage = 'leaving';
    await Promise.all(
      participants.map(({ page }) =>
        page
          .getByTestId('meeting-leave')
          .click({ timeout: 5000 })
          .catch(() => undefined),
      ),
    );
    await sleep(500);
    await closeAll(participants);
    stage = 'replaying the signalling';
    const signalling = await replayRound(server, workspaceId, channel.id, users, measured);
    if (signalling.errors > 0) {
      notes.push(`signalling replay: the server answered ${signalling.errors} frames with ERROR`);
    }
    return { ...measured, signalling, notes };
  } finally {
    await closeAll(participants);
  }
}

/**
 * The round's people back in its meeting (off the clock), the pages' connect-phase socket frames
 * sent again with the server's CPU read over the same span, then everyone out again.
 */
async function replayRound(
  server: ServerProcess,
  workspaceId: number,
  channelId: number,
  users: Array<{ token: string; userId: number }>,
  measured: { sockets: RecordedSocket[]; connect: Phase },
): Promise<ReplayResult & { opening: ReplayResult }> {
  const params = { workspaceId, channelId };
  for (const user of users) {
    await post(server.url, user.token, `/api${pathOf(videoEndpoints.join, params)}`);
  }
  await sleep(SETTLE_MS);
  const replay = (keep?: (frame: string) => boolean) =>
    replaySignalling(
      measured.sockets,
      measured.connect.wall * 1000,
      () => cpuSeconds(server.pid),
      keep,
    );
  // The sockets' opening alone first (CONNECT, the subscriptions), then everything.
  const opening = await replay(opensOnly);
  await sleep(SETTLE_MS);
  const result = { ...(await replay()), opening };
  for (const user of users) {
    const url = `${server.url}/api${pathOf(videoEndpoints.removeMember, { ...params, userId: user.userId })}`;
    await fetch(url, { method: 'DELETE', headers: { authorization: `Bearer ${user.token}` } });
  }
  return result;
}

/** The bare mesh: a new room on the relay. */
async function baselineRound(browser: Browser, relay: Bare, round: number): Promise<RoundResult> {
  const notes: string[] = [];
  stage = 'opening the page';
  const url = `${relay.url}/?room=round-${round}-${Date.now()}`;
  const participants = await Promise.all(
    Array.from({ length: PARTICIPANTS }, (_, index) =>
      openParticipant(browser, `bare page ${index + 1}`, notes),
    ),
  );
  try {
    await Promise.all(
      participants.map(async ({ page }) => {
        await page.goto(url);
        await page.getByTestId('meeting-prejoin-join').waitFor();
      }),
    );
    return { ...(await measure(participants, relay.pid, notes)), notes };
  } finally {
    await closeAll(participants);
  }
}

// --- the bench ---------------------------------------------------------------------------------

export async function benchMeetingMesh() {
  const started = new Date();
  const loads = [os.loadavg()[0] ?? 0];
  const loadTimer = setInterval(() => loads.push(os.loadavg()[0] ?? 0), 5000);
  const version = productVersion();
  ensureProductBundle();
  const { dist, built } = await buildWeb();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-bench-mesh-'));
  let server: ServerProcess | undefined;
  let relay: Bare | undefined;
  let browser: Browser | undefined;
  try {
    const ttl = { ACCESS_TOKEN_TTL_SECONDS: '7200' };
    const people = (ROUNDS + WARMUP_ROUNDS) * PARTICIPANTS;
    console.log(`meeting-mesh: seeding ${people} users in one workspace`);
    const seeded = await seed({ DATA_DIR: dataDir, ...ttl }, people, {});
    const port = await freePort();
    server = await startServer({
      dataDir,
      port,
      entry: 'bundle',
      readyTimeoutMs: 180_000,
      // BENCH_MESH_CPU_PROF=<dir>: the server's V8 CPU profile, written there as it stops.
      nodeArgs: process.env.BENCH_MESH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_MESH_CPU_PROF}`]
        : [],
      env: {
        ...ttl,
        NODE_ENV: 'production',
        JWT_SECRET,
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: dist,
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      },
    });
    const base = server.url;
    // The after-login profile prompt (issue 41) would cover the pre-join screen: skipped.
    for (const token of seeded.tokens) {
      await post(base, token, `/api${pathOf(userEndpoints.dismissProfilePrompt)}`);
    }
    relay = await startBare('mesh', {});
    browser = await chromium.launch({
      executablePath: chromePath,
      args: [...chromeFlags, '--disable-quic', ...fakeMedia],
    });

    const [idleProduct, idleRelay] = await Promise.all([phase(server.pid), phase(relay.pid)]);
    await sleep(IDLE_SECONDS * 1000);
    const product: Side = { rounds: [], idle: await idleProduct() };
    const baseline: Side = { rounds: [], idle: await idleRelay() };

    const ownerToken = seeded.tokens[0] ?? '';
    const warmup: { product: RoundResult[]; baseline: RoundResult[] } = {
      product: [],
      baseline: [],
    };
    for (let round = -WARMUP_ROUNDS; round < ROUNDS; round += 1) {
      const first = (round + WARMUP_ROUNDS) * PARTICIPANTS;
      const users = seeded.tokens
        .map((token, index) => ({
          token,
          refreshToken: seeded.refreshTokens[index] ?? '',
          userId: seeded.userIds[index] ?? 0,
        }))
        .slice(first, first + PARTICIPANTS);
      const one = await productRound(browser, server, seeded.workspaceId, users, ownerToken, round);
      await sleep(SETTLE_MS);
      const bare = await baselineRound(browser, relay, round);
      (round < 0 ? warmup.product : product.rounds).push(one);
      (round < 0 ? warmup.baseline : baseline.rounds).push(bare);
      const line = (name: string, result: RoundResult) =>
        `  ${name}: join → first frame p50 ${seconds(percentile(result.figures, 50))}, max ${seconds(Math.max(...result.figures))}, ${result.missing} missing; CPU connect ${percent(result.connect).toFixed(1)} % (${result.connect.wall.toFixed(1)} s), steady ${percent(result.steady).toFixed(1)} %; signals ${JSON.stringify(result.signals)}; connections ${result.connections}; relay p50 ${percentile(result.relay, 50)} ms, p95 ${percentile(result.relay, 95)} ms (${result.relay.length}); requests ${result.requests.connect} / ${result.requests.steady}${result.signalling ? `; signalling replayed ${percent(result.signalling).toFixed(1)} % (${result.signalling.frames} frames, ${result.signalling.errors} ERROR), its opening alone ${percent(result.signalling.opening).toFixed(1)} %` : ''}`;
      console.log(round < 0 ? 'warm-up round (not counted)' : `round ${round + 1}/${ROUNDS}`);
      console.log(line('product ', one));
      console.log(line('baseline', bare));
      await sleep(SETTLE_MS);
    }

    const text = report(
      product,
      baseline,
      { started, loads, version, warmup },
      {
        rounds: ROUNDS,
        participants: PARTICIPANTS,
        warmupRounds: WARMUP_ROUNDS,
        steadySeconds: STEADY_SECONDS,
        idleSeconds: IDLE_SECONDS,
        clockTicks,
        watchdogRestart: WATCHDOG_RESTART,
      },
    );
    console.log(text);
    if (quick) {
      console.log('BENCH_QUICK=1: docs/performance.md left alone');
    } else {
      await writeMarkedBlock('meeting-mesh', text, { section: sectionIntro, at: 'end' });
      console.log('written to docs/performance.md');
    }
  } finally {
    clearInterval(loadTimer);
    await browser?.close();
    await relay?.stop();
    await server?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
    if (built) await fs.rm(dist, { recursive: true, force: true });
  }
}
