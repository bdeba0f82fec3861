/**
 * The report of the meeting-mesh bench (bench/meeting-mesh.bench.ts): what a round gives, the
 * figures over the rounds, the markdown block with the machine and the method, and the section's
 * introduction in docs/performance.md.
 */
import os from 'node:os';
import type { RecordedSocket, ReplayResult } from './mesh-signal-replay';
import { machineLine, metText } from './ratios-report';
import { median, percentile } from './support';
import { chromePath } from './web.bench';

export const TARGET_P95_MS = 3000;
export const TARGET_CPU_PERCENT = 5;

/** CPU seconds used and wall seconds taken over a phase (of the server or the relay process). */
export type Phase = { cpu: number; wall: number };

export type RoundResult = {
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

/** How the bench ran: its rounds, pages and phases, for the report's words. */
export type RunSettings = {
  rounds: number;
  participants: number;
  warmupRounds: number;
  steadySeconds: number;
  idleSeconds: number;
  /** CLK_TCK, the /proc/<pid>/stat CPU times' unit. */
  clockTicks: number;
  /** What the mesh's watchdog logs when it starts a pair afresh (counted from the notes). */
  watchdogRestart: string;
};

export const seconds = (ms: number) =>
  Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'never';
export const percent = (value: Phase) => (value.wall > 0 ? (value.cpu / value.wall) * 100 : 0);
const sumPhases = (phases: Phase[]): Phase => ({
  cpu: phases.reduce((sum, one) => sum + one.cpu, 0),
  wall: phases.reduce((sum, one) => sum + one.wall, 0),
});

export type Side = { rounds: RoundResult[]; idle: Phase };

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

export function report(
  product: Side,
  baseline: Side,
  run: {
    started: Date;
    loads: number[];
    version: string;
    warmup: { product: RoundResult[]; baseline: RoundResult[] };
  },
  settings: RunSettings,
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
    side.rounds
      .flatMap((round) => round.notes)
      .filter((note) => note.includes(settings.watchdogRestart)).length;
  const rows = [
    [
      `join → first remote frame, p50 / p95 (${pf.count} = ${settings.rounds} rounds × ${settings.participants} pages × ${settings.participants - 1} peers)`,
      `${seconds(pf.p50)} / ${seconds(pf.p95)} (max ${seconds(pf.max)}${pf.missing > 0 ? `; p95 of the ${pf.count - pf.missing} seen ${seconds(pf.seenP95)}` : ''}; rounds' p95 ${pf.roundP95.map(seconds).join(', ')})`,
      `${seconds(bf.p50)} / ${seconds(bf.p95)} (max ${seconds(bf.max)}${bf.missing > 0 ? `; p95 of the ${bf.count - bf.missing} seen ${seconds(bf.seenP95)}` : ''}; rounds' p95 ${bf.roundP95.map(seconds).join(', ')})`,
      `${ratioText(pf.p50, bf.p50)} / ${ratioText(pf.p95, bf.p95)}`,
      `p95 ≤ ${TARGET_P95_MS / 1000} s, every peer seen`,
      metText(framesMet),
    ],
    [
      `the warm-up round (${settings.warmupRounds}, first after the server started; not in the figures above): join → first remote frame, p50 / p95 (${cold.count})`,
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
      `server CPU, steady phase (the ${settings.steadySeconds} s after), % of one core`,
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
      `server CPU idle, no browser open (${settings.idleSeconds} s just after the start, before the rounds), % of one core`,
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
    `${settings.warmupRounds} warm-up round (its figures apart, below), then ${settings.rounds} rounds, each the product then the bare mesh, ${settings.participants} fresh pages a side; the connect phase lasted ${connectWalls(product)} s (product) and ${connectWalls(baseline)} s (bare mesh), the steady phase ${settings.steadySeconds} s. CPU: /proc/<pid>/stat utime + stime (CLK_TCK ${settings.clockTicks}) of the server process (all its threads, PGlite's included) and of the relay process; the percentages are CPU seconds over wall seconds, of all rounds together and the median of the rounds' (each round's in brackets); a target is held to the higher of the two. Signal relay latency: each offer, answer and candidate is known by its SDP origin line or candidate line in the frame a page sends and the frame another page receives (WebSocket send and message, Date.now(), one clock for all pages), from its first send to its first arrival.`,
    '',
    '| figure | product (built-in mesh over STOMP) | bare mesh (`ws` relay) | ratio | target | result |',
    '|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    ...(noteLines.length > 0 ? ['', 'What the pages said or lacked:', '', ...noteLines] : []),
    '<!-- bench:meeting-mesh:end -->',
  ].join('\n');
}

export const sectionIntro = `## Discussion mode: four browsers in the built-in mesh (issue 47, \`npm run bench -- meeting-mesh\`)

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
