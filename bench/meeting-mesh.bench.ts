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
import { machineLine, metText, writeMarkedBlock } from './ratios-report';
import { JWT_SECRET, median, percentile, post, seed, sleep } from './support';
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
const TARGET_P95_MS = 3000;
const TARGET_CPU_PERCENT = 5;

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

type Phase = { cpu: number; wall: number };

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

type RoundResult = {
  /** Join → first remote frame, ms, one per (page, remote peer) that showed one. */
  figures: number[];
  /** Remote peers that never showed a frame, by the end of the steady phase. */
  missing: number;
  /** Pages whose remote pictures did not move over a second at the end (by tile). */
  frozen: string[];
  connect: Phase;
  steady: Phase;
  /** Signals the four pages sent, by kind (offer, answer, candidate; the product's ready, bye). */
  signals: Record<string, number>;
  /** Each page's steps on the way (Probe.marks). */
  marks: Array<Record<string, number>>;
  /** RTCPeerConnections the four pages made, and ICE failures they saw. */
  connections: number;
  iceFailed: number;
  /** Signal relay latencies, ms: one page's send to another page's socket receiving it. */
  relay: number[];
  /** HTTP requests the four pages made to the server during each phase. */
  requests: { connect: number; steady: number };
  /** The pages' meeting sockets as recorded (the product's are replayed: `signalling`). */
  sockets: RecordedSocket[];
  /**
   * The product only: the connect phase's socket frames sent again, no HTTP, no browser; and
   * their CONNECT and SUBSCRIBE frames alone (`opening`).
   */
  signalling?: ReplayResult & { opening: ReplayResult };
  notes: string[];
};

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

// --- the report --------------------------------------------------------------------------------

const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'never');
const percent = (value: Phase) => (value.wall > 0 ? (value.cpu / value.wall) * 100 : 0);
const sumPhases = (phases: Phase[]): Phase => ({
  cpu: phases.reduce((sum, one) => sum + one.cpu, 0),
  wall: phases.reduce((sum, one) => sum + one.wall, 0),
});

type Side = { rounds: RoundResult[]; idle: Phase };

/** Join → first frame over all rounds: the peers that never showed one count as never (∞). */
function frameFigures(side: Side) {
  const values = side.rounds.flatMap((round) => [
    ...round.figures,
    ...Array.from({ length: round.missing }, () => Infinity),
  ]);
  return {
    count: values.length,
    missing: side.rounds.reduce((sum, round) => sum + round.missing, 0),
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    max: Math.max(...values),
    /** Over the peers that did show a frame only. */
    seenP95: percentile(
      side.rounds.flatMap((round) => round.figures),
      95,
    ),
    roundP95: side.rounds.map((round) =>
      percentile([...round.figures, ...Array.from({ length: round.missing }, () => Infinity)], 95),
    ),
  };
}

/**
 * A phase's CPU as % of one core: all rounds together (CPU seconds over wall seconds), and the
 * median of the rounds' (a round whose connect phase ran into the timeout, mostly waiting, weighs
 * less there). The target is held to the higher of the two.
 */
const cpuPercent = (phases: Phase[]) =>
  Math.max(percent(sumPhases(phases)), median(phases.map(percent)));

const cpuText = (phases: Phase[]) => {
  const all = sumPhases(phases);
  return `${percent(all).toFixed(1)} % (${all.cpu.toFixed(2)} s CPU in ${all.wall.toFixed(1)} s), median of the rounds ${median(
    phases.map(percent),
  ).toFixed(1)} % (rounds ${phases.map((one) => percent(one).toFixed(1)).join(', ')})`;
};

/** Signals by kind, the mean of the rounds, e.g. "offer 6.0, answer 6.0, candidate 24.0". */
function signalsText(side: Side) {
  const kinds = new Map<string, number>();
  for (const round of side.rounds) {
    for (const [kind, count] of Object.entries(round.signals)) {
      kinds.set(kind, (kinds.get(kind) ?? 0) + count);
    }
  }
  const rounds = Math.max(side.rounds.length, 1);
  const total = [...kinds.values()].reduce((sum, count) => sum + count, 0);
  return `${(total / rounds).toFixed(1)}: ${[...kinds]
    .sort(([, a], [, b]) => b - a)
    .map(([kind, count]) => `${kind} ${(count / rounds).toFixed(1)}`)
    .join(', ')}`;
}

const MARKS = [
  'camera sent',
  'socket open',
  'first signal sent',
  'first offer sent',
  'first peer connected',
];

function marksText(side: Side) {
  const pages = side.rounds.flatMap((round) => round.marks);
  return MARKS.map((name) => {
    const values = pages.map((marks) => marks[name] ?? Infinity);
    return `${name} ${seconds(percentile(values, 50))}`;
  }).join(', ');
}

const relayAll = (side: Side) => side.rounds.flatMap((round) => round.relay);

function relayText(side: Side) {
  const values = relayAll(side);
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  return `${ms(percentile(values, 50))} / ${ms(percentile(values, 95))} / ${ms(Math.max(0, ...values))} (${values.length} signals)`;
}

function connectionsText(side: Side) {
  const rounds = Math.max(side.rounds.length, 1);
  const made = side.rounds.reduce((sum, round) => sum + round.connections, 0);
  const failed = side.rounds.reduce((sum, round) => sum + round.iceFailed, 0);
  return `${(made / rounds).toFixed(1)} (rounds ${side.rounds.map((round) => round.connections).join(', ')}); ${failed} ICE failures`;
}

function requestsText(side: Side) {
  const rounds = Math.max(side.rounds.length, 1);
  const mean = (pick: (round: RoundResult) => number) =>
    (side.rounds.reduce((sum, round) => sum + pick(round), 0) / rounds).toFixed(1);
  return `${mean((round) => round.requests.connect)} / ${mean((round) => round.requests.steady)}`;
}

const ratioText = (product: number, baseline: number) =>
  Number.isFinite(product) && Number.isFinite(baseline) && baseline > 0
    ? `${(product / baseline).toFixed(2)}×`
    : '—';

function report(
  product: Side,
  baseline: Side,
  run: {
    started: Date;
    loads: number[];
    version: string;
    warmup: { product: RoundResult[]; baseline: RoundResult[] };
  },
) {
  const pf = frameFigures(product);
  const bf = frameFigures(baseline);
  const cold = frameFigures({ rounds: run.warmup.product, idle: product.idle });
  const coldBare = frameFigures({ rounds: run.warmup.baseline, idle: baseline.idle });
  const connect = (side: Side) => side.rounds.map((round) => round.connect);
  const steady = (side: Side) => side.rounds.map((round) => round.steady);
  const framesMet = pf.missing === 0 && pf.p95 <= TARGET_P95_MS;
  const connectPercent = cpuPercent(connect(product));
  const steadyPercent = cpuPercent(steady(product));
  const replays = product.rounds.flatMap((round) => (round.signalling ? [round.signalling] : []));
  const signallingPercent = cpuPercent(replays);
  const openings = product.rounds.flatMap((round) =>
    round.signalling ? [round.signalling.opening] : [],
  );
  const frozen = (side: Side) => side.rounds.flatMap((round) => round.frozen);
  const restarts = (side: Side) =>
    side.rounds.flatMap((round) => round.notes).filter((note) => note.includes(WATCHDOG_RESTART))
      .length;
  const rows = [
    [
      `join → first remote frame, p50 / p95 (${pf.count} = ${ROUNDS} rounds × ${PARTICIPANTS} pages × ${PARTICIPANTS - 1} peers)`,
      `${seconds(pf.p50)} / ${seconds(pf.p95)} (max ${seconds(pf.max)}${pf.missing > 0 ? `; p95 of the ${pf.count - pf.missing} seen ${seconds(pf.seenP95)}` : ''}; rounds' p95 ${pf.roundP95.map(seconds).join(', ')})`,
      `${seconds(bf.p50)} / ${seconds(bf.p95)} (max ${seconds(bf.max)}${bf.missing > 0 ? `; p95 of the ${bf.count - bf.missing} seen ${seconds(bf.seenP95)}` : ''}; rounds' p95 ${bf.roundP95.map(seconds).join(', ')})`,
      `${ratioText(pf.p50, bf.p50)} / ${ratioText(pf.p95, bf.p95)}`,
      `p95 ≤ ${TARGET_P95_MS / 1000} s, every peer seen`,
      metText(framesMet),
    ],
    [
      `the warm-up round (${WARMUP_ROUNDS}, first after the server started; not in the figures above): join → first remote frame, p50 / p95 (${cold.count})`,
      `${seconds(cold.p50)} / ${seconds(cold.p95)} (max ${seconds(cold.max)}; ${cold.missing} never seen)`,
      `${seconds(coldBare.p50)} / ${seconds(coldBare.p95)} (max ${seconds(coldBare.max)}; ${coldBare.missing} never seen)`,
      `${ratioText(cold.p50, coldBare.p50)} / ${ratioText(cold.p95, coldBare.p95)}`,
      '—',
      'reference',
    ],
    [
      'remote peers never seen (by the end of the steady phase)',
      `${pf.missing} of ${pf.count}`,
      `${bf.missing} of ${bf.count}`,
      '—',
      '0',
      metText(pf.missing === 0),
    ],
    [
      "pairs the mesh's watchdog started afresh (a connection it saw stuck: see the notes)",
      String(restarts(product)),
      String(restarts(baseline)),
      '—',
      '—',
      'reference',
    ],
    [
      'remote tiles not playing at the end (no picture, or its clock still over 1 s): page ← tile',
      `${frozen(product).length}${frozen(product).length > 0 ? ` (${frozen(product).join('; ')})` : ''}`,
      `${frozen(baseline).length}${frozen(baseline).length > 0 ? ` (${frozen(baseline).join('; ')})` : ''}`,
      '—',
      '—',
      metText(undefined),
    ],
    [
      "server CPU for signalling, connect phase: the pages' meeting-socket frames of the phase (CONNECT, subscriptions, every signal) sent again at their moments by plain sockets of the same people, no HTTP, no browser; % of one core over the phase's span",
      `${cpuText(replays)}; ${replays.reduce((sum, one) => sum + one.frames, 0)} frames, ${replays.reduce((sum, one) => sum + one.errors, 0)} answered with ERROR`,
      `relay (its connect phase): ${cpuText(connect(baseline))}`,
      ratioText(signallingPercent, cpuPercent(connect(baseline))),
      `< ${TARGET_CPU_PERCENT} %`,
      metText(replays.length > 0 && signallingPercent < TARGET_CPU_PERCENT),
    ],
    [
      "of which the sockets' opening: their CONNECT and SUBSCRIBE frames alone, replayed the same way",
      `${cpuText(openings)}; ${openings.reduce((sum, one) => sum + one.frames, 0)} frames`,
      '—',
      '—',
      '—',
      'reference',
    ],
    [
      "server CPU, connect phase (clicks → every page shows its 3 others; the join's HTTP calls and the pages' sockets together), % of one core",
      cpuText(connect(product)),
      `relay: ${cpuText(connect(baseline))}`,
      ratioText(connectPercent, cpuPercent(connect(baseline))),
      '—',
      'reference',
    ],
    [
      `server CPU, steady phase (the ${STEADY_SECONDS} s after), % of one core`,
      cpuText(steady(product)),
      `relay: ${cpuText(steady(baseline))}`,
      ratioText(steadyPercent, cpuPercent(steady(baseline))),
      `< ${TARGET_CPU_PERCENT} %`,
      metText(steadyPercent < TARGET_CPU_PERCENT),
    ],
    [
      'signals the four pages sent, a round (mean of the rounds)',
      signalsText(product),
      signalsText(baseline),
      '—',
      '—',
      metText(undefined),
    ],
    [
      'steps after the click, p50 over pages (first time each): camera sent (its track first added to a connection), socket open, first signal sent, first offer sent, first peer connected',
      marksText(product),
      marksText(baseline),
      '—',
      '—',
      metText(undefined),
    ],
    [
      'signal relay latency, p50 / p95 / max (a page sends an offer, answer or candidate → the other page’s socket has it; Date.now())',
      relayText(product),
      relayText(baseline),
      `${ratioText(percentile(relayAll(product), 95), percentile(relayAll(baseline), 95))} (p95)`,
      '—',
      metText(undefined),
    ],
    [
      'RTCPeerConnections the four pages made, a round (a full mesh needs 12; the product adds one ICE-candidate probe a page); ICE failures',
      connectionsText(product),
      connectionsText(baseline),
      '—',
      '—',
      metText(undefined),
    ],
    [
      'HTTP requests of the four pages, a round: connect phase / steady phase',
      requestsText(product),
      requestsText(baseline),
      '—',
      '—',
      metText(undefined),
    ],
    [
      `server CPU idle, no browser open (${IDLE_SECONDS} s just after the start, before the rounds), % of one core`,
      `${percent(product.idle).toFixed(1)} %`,
      `relay: ${percent(baseline.idle).toFixed(1)} %`,
      '—',
      '—',
      metText(undefined),
    ],
  ];
  const connectWalls = (side: Side) =>
    side.rounds.map((round) => round.connect.wall.toFixed(1)).join(', ');
  const notes = [
    ...product.rounds.flatMap((round, index) =>
      round.notes.map((note) => `product round ${index + 1}: ${note}`),
    ),
    ...baseline.rounds.flatMap((round, index) =>
      round.notes.map((note) => `baseline round ${index + 1}: ${note}`),
    ),
  ];
  // The same line many times (a warning each page logs) is told once, with its count.
  const counted = new Map<string, number>();
  for (const note of notes) counted.set(note, (counted.get(note) ?? 0) + 1);
  const noteLines = [...counted].map(([note, count]) =>
    `- ${note}${count > 1 ? ` (×${count})` : ''}`.replace(/\|/g, '\\|'),
  );
  const minutes = (Date.now() - run.started.getTime()) / 60_000;
  const [loadStart = 0, ...rest] = run.loads;
  const loadEnd = os.loadavg()[0] ?? 0;
  const loadMax = Math.max(loadStart, loadEnd, ...rest);
  return [
    '<!-- bench:meeting-mesh:start -->',
    `Run of ${run.started.toISOString().slice(0, 16).replace('T', ' ')} UTC, \`npm run bench -- meeting-mesh\`, ${minutes.toFixed(1)} min in all; the product built from ${run.version}.`,
    '',
    `Machine: ${machineLine()}. Load average (1 min) ${loadStart.toFixed(2)} at the start, ${loadEnd.toFixed(2)} at the end, highest ${loadMax.toFixed(2)}. Chromium (${chromePath}, headless, fake camera and microphone; four contexts of one browser, each sending to and receiving from three) runs on the same two cores as the server and the bench.`,
    '',
    `${WARMUP_ROUNDS} warm-up round (its figures apart, below), then ${ROUNDS} rounds, each the product then the bare mesh, ${PARTICIPANTS} fresh pages a side; the connect phase lasted ${connectWalls(product)} s (product) and ${connectWalls(baseline)} s (bare mesh), the steady phase ${STEADY_SECONDS} s. CPU: /proc/<pid>/stat utime + stime (CLK_TCK ${clockTicks}) of the server process (all its threads, PGlite's included) and of the relay process; the percentages are CPU seconds over wall seconds, of all rounds together and the median of the rounds' (each round's in brackets); a target is held to the higher of the two. Signal relay latency: each offer, answer and candidate is known by its SDP origin line or candidate line in the frame a page sends and the frame another page receives (WebSocket send and message, Date.now(), one clock for all pages), from its first send to its first arrival.`,
    '',
    '| figure | product (built-in mesh over STOMP) | bare mesh (`ws` relay) | ratio | target | result |',
    '|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    ...(noteLines.length > 0 ? ['', 'What the pages said or lacked:', '', ...noteLines] : []),
    '<!-- bench:meeting-mesh:end -->',
  ].join('\n');
}

const sectionIntro = `## Discussion mode: four browsers in the built-in mesh (issue 47, \`npm run bench -- meeting-mesh\`)

bench/meeting-mesh.bench.ts puts four Chromium pages with fake camera and microphone in a new
DISCUSSION channel of the real server (its bundle, serving a web build of the current sources,
embedded PGlite) and has them click its join button at once, as the e2e journey does; then,
in the same round, four pages of a bare mesh (bench/bare-mesh.ts: a node:http page and an
in-memory \`ws\` relay of offers, answers and candidates, the newcomer offering to those already
there, the same camera constraints, no auth, no database). In each page the click and each remote tile's first
presented frame are timed with \`performance.now()\` (requestVideoFrameCallback, a 50 ms poll of
videoWidth and currentTime behind it), which gives 12 join → first remote frame figures a round
and side. The server's and the relay's CPU is read from /proc before the clicks, once every page
shows its three others (the connect phase), and 20 s later (the steady phase). Targets: p95 ≤ 3 s,
and the server's signalling under 5 % of a core. Reference rows beside them: the signals each side
sent, how long each took from one page to another, when each page first added its camera to a connection, opened its socket, first
signal and first connected peer, and the connections made. The block below is rewritten by every
run.
`;

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

    const text = report(product, baseline, { started, loads, version, warmup });
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
