/**
 * The report of the ratios bench (bench/ratios.bench.ts): its rows, the markdown block with the
 * machine and the method, and the writing of that block between the bench:ratios markers of
 * docs/performance.md.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SseResult } from './live-delivery';
import { ms, rpsText, type Figure } from './request-figures';

const docPath = path.join(path.resolve(import.meta.dirname, '..'), 'docs/performance.md');
const START_MARKER = '<!-- bench:ratios:start -->';
const END_MARKER = '<!-- bench:ratios:end -->';

export type EngineName = 'PGlite' | 'PostgreSQL';

export type Row = {
  figure: string;
  product: string;
  productLatency: string;
  baseline: string;
  baselineLatency: string;
  ratio: string;
  target: string;
  /** undefined: no target (shown for reference). */
  met: boolean | undefined;
};

export type EngineReport = {
  engine: EngineName;
  rows: Row[];
  loadStart: number;
  loadEnd: number;
  loadMax: number;
  minutes: number;
};

export const metText = (met: boolean | undefined) =>
  met === undefined ? 'reference' : met ? 'met' : '**NOT met**';

/** The machine a block's figures were taken on (the same words in every bench's block). */
export function machineLine() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}, ${os.type()} ${os.release()}`;
}

/** How the figures were taken, for the block's method lines. */
/** The live load the SSE rows tell of (the ratios bench's settings). */
export type LiveLoad = {
  rate: number;
  members: number;
  rateSeconds: number;
  probe: { connections: number; rate: number };
  fanOutSubscribers: number;
  fanOutMessages: number;
};

export type Method = {
  connections: number;
  roundSeconds: number;
  rounds: number;
  sseRounds: number;
  /** Seconds of the sustained load each side takes, unrecorded, before the rounds. */
  sseWarmUpSeconds: number;
  rate: number;
  probe: { connections: number; rate: number };
  /** How long the product is idle before its idle memory is read. */
  idleSeconds: number;
};

/** The run as a whole: when it began, the load then, how long it took, and what went wrong. */
export type Run = { started: Date; loadStart: number; minutes: number; notes: string[] };

/** The markdown block written between the markers: the machine, the method, the table. */
export function block(reports: EngineReport[], run: Run, method: Method) {
  const { started, loadStart, minutes, notes } = run;
  const {
    connections,
    roundSeconds,
    rounds,
    sseRounds,
    sseWarmUpSeconds,
    rate,
    probe,
    idleSeconds,
  } = method;
  const loadEnd = os.loadavg()[0] ?? 0;
  const lines = [
    START_MARKER,
    `Run of ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, \`npm run bench -- ratios\`, ${minutes.toFixed(1)} min in all.`,
    '',
    `Machine: ${machineLine()}. Load average (1 min) ${loadStart.toFixed(2)} at the start, ${loadEnd.toFixed(2)} at the end${reports
      .map(
        (report) =>
          `; ${report.engine}: ${report.loadStart.toFixed(2)} → ${report.loadEnd.toFixed(2)}, highest ${report.loadMax.toFixed(2)}`,
      )
      .join(
        '',
      )}. The client (autocannon, SSE readers and senders) runs on the same cores. The product runs from its bundle (\`dist/main.mjs\`, as \`npm start\` runs it), the baselines from an esbuild bundle of bench/bare-servers.ts, both by plain node.`,
    '',
    `Request figures: autocannon, ${connections} connections, ${roundSeconds} s a round, median of ${rounds} rounds (product and baselines alternate within each round, after a 1 s warm-up of each). p50 / p99 are latencies.`,
    '',
    `SSE figures: readers (node:http, frames read as bytes) and senders (node:http, connections kept alive) in the bench process, the same code for the product and the broadcasters, which carry the product's own NEW_CHAT_MESSAGE event (the same bytes a frame); latency from just before a send to the event read by a reader; median of ${sseRounds} rounds, the in-memory broadcaster, the durable broadcaster and the product alternating within each (each round's p99 in brackets), after ${sseWarmUpSeconds} unrecorded ${sseWarmUpSeconds === 1 ? 'second' : 'seconds'} of the ${rate} msg/s load on each. The durable broadcaster answers a message and writes it to the streams only once its row is INSERTed: one INSERT at a time of every body that arrived while the previous one ran (PGlite in a worker thread, or one pg connection), the next one started before a finished one's events go out. ${rate} msg/s: open loop on schedule with at most 64 sends in flight; "msg/s sent" is messages over the time until the last was sent (a server that keeps up: ${rate}; met needs ≥ 99 %). Fan-out: one message at a time, each awaited by all readers before the next. Health probe: autocannon in a process of its own, ${probe.connections} connections, ${probe.rate} req/s, beside each side's ${rate} msg/s run.`,
    '',
    `Memory: resident set (VmRSS), the median of 3 samples a second apart from 3 s after the start, and of 5 samples once the product has been idle ${idleSeconds} s (the bare process, started first, longer); the target is on the idle figure.`,
    '',
    '| engine | figure | product | p50 / p99 | baseline | p50 / p99 | ratio | target | result |',
    '|---|---|---|---|---|---|---|---|---|',
    ...reports.flatMap((report) =>
      report.rows.map(
        (row) =>
          `| ${report.engine} | ${row.figure} | ${row.product} | ${row.productLatency} | ${row.baseline} | ${row.baselineLatency} | ${row.ratio} | ${row.target} | ${metText(row.met)} |`,
      ),
    ),
    ...(notes.length > 0 ? ['', ...notes] : []),
    END_MARKER,
  ];
  return lines.join('\n');
}

const sectionIntro = `## Ratios to bare baselines

\`npm run bench -- ratios\` (bench/ratios.bench.ts) measures each product figure beside a bare
baseline in the same run, on the same machine and the same engine (embedded PGlite, and
PostgreSQL when TEST_DATABASE_URL is set): bare Fastify answering GET /api/health; bare Fastify +
the engine answering one primary-key SELECT of a users-like row (the bare SELECT) or one INSERT of
a chat-message-like row (the bare INSERT); a minimal node:http SSE broadcaster, in memory and
durable (each message INSERTed into a one-table database before it goes out); and bare Fastify +
the engine, idle after one query, for memory (bench/bare-servers.ts, each its own process). The
product runs from its bundle, as \`npm start\` and the image run it, and the baselines from an
esbuild bundle of theirs, both by plain node. The
targets are ratios to those baselines because absolute figures on this shared two-core machine
move with whatever else runs on it. The block below is rewritten by every run.
`;

/** Replaces what is between the markers (adding the section once), leaving the rest alone. */
export async function writeBlock(text: string, file = docPath) {
  await writeMarkedBlock('ratios', text, { section: sectionIntro, at: 'first-section' }, file);
}

/**
 * Replaces what is between `<!-- bench:<name>:start -->` and `<!-- bench:<name>:end -->` in
 * docs/performance.md with `text` (which holds both markers), leaving the rest alone. When the
 * markers are not there yet, `section` (its heading and paragraph) and the block are added once:
 * before the first section, or at the end of the file.
 */
export async function writeMarkedBlock(
  name: string,
  text: string,
  where: { section: string; at: 'first-section' | 'end' },
  file = docPath,
) {
  const startMarker = `<!-- bench:${name}:start -->`;
  const endMarker = `<!-- bench:${name}:end -->`;
  const current = await fs.readFile(file, 'utf8');
  const start = current.indexOf(startMarker);
  const end = current.indexOf(endMarker);
  let next: string;
  if (start >= 0 && end > start) {
    next = current.slice(0, start) + text + current.slice(end + endMarker.length);
  } else if (where.at === 'end') {
    next = `${current.trimEnd()}\n\n${where.section}\n${text}\n`;
  } else {
    const firstSection = current.search(/^## /m);
    const at = firstSection >= 0 ? firstSection : current.length;
    next = `${current.slice(0, at)}${where.section}\n${text}\n\n${current.slice(at)}`;
  }
  await fs.writeFile(file, next);
}

/** A request figure beside its baseline: the throughput ratio and whether its target is met. */
export function ratioRow(
  figure: string,
  product: Figure,
  baseline: Figure,
  baselineName: string,
  minimum: number | undefined,
  p99Limit?: number,
): Row {
  const ratio = product.rps / baseline.rps;
  const clean = product.bad === 0;
  const met =
    minimum === undefined
      ? undefined
      : clean && ratio >= minimum && (p99Limit === undefined || product.p99 < p99Limit);
  return {
    figure,
    product: rpsText(product),
    productLatency: `${ms(product.p50)} / ${ms(product.p99)}`,
    baseline: `${baselineName}: ${rpsText(baseline)}`,
    baselineLatency: `${ms(baseline.p50)} / ${ms(baseline.p99)}`,
    ratio: `${ratio.toFixed(2)}×`,
    target:
      minimum === undefined
        ? '— (reference)'
        : `≥ ${minimum.toFixed(2)}×${p99Limit === undefined ? '' : `, p99 < ${p99Limit} ms`}${clean ? '' : ', no failures'}`,
    met,
  };
}

const p99RoundsText = (result: SseResult) =>
  result.p99Rounds ? ` (rounds ${result.p99Rounds.map(ms).join(', ')})` : '';

const deliveredText = (result: SseResult) =>
  `${result.expected - result.missing}/${result.expected} delivered, ${result.duplicates} twice, ${result.missing} missing${result.failed > 0 ? `, ${result.failed} sends failed` : ''}`;

/** A sustained run of one side with the health probe that ran beside it (rounds together). */
export type Loaded = { result: SseResult; health: Figure; healthP99Rounds: number[] };

const healthText = (loaded: Loaded) =>
  `${ms(loaded.health.p50)} / ${ms(loaded.health.p99)}${loaded.healthP99Rounds.length > 1 ? ` (rounds ${loaded.healthP99Rounds.map(ms).join(', ')})` : ''}`;

/**
 * The live rows. The product's sustained delivery and its health probe are held to the durable
 * broadcaster (issue 42: a durable chat's fair limit writes each message to a database first);
 * the in-memory broadcaster stays beside them for reference.
 */
export function sseRows(
  load: LiveLoad,
  sides: {
    product: Loaded;
    durable: Loaded;
    /** What the durable broadcaster writes to, e.g. "PGlite in a thread". */
    durableStore: string;
    memory: Loaded;
    fanProduct: SseResult;
    fanBase: SseResult;
  },
): Row[] {
  const { rate: RATE, members: MEMBERS, rateSeconds: RATE_SECONDS, probe: PROBE } = load;
  const { fanOutSubscribers: FAN_OUT_SUBSCRIBERS, fanOutMessages: FAN_OUT_MESSAGES } = load;
  const { product, durable, memory, fanProduct, fanBase } = sides;
  const once = (result: SseResult) =>
    result.failed === 0 && result.duplicates === 0 && result.missing === 0;
  const fanRatio = fanProduct.p99 / fanBase.p99;
  const sustainedFigure = `SSE: ${RATE} msg/s offered to a ${MEMBERS}-member room for ${RATE_SECONDS} s`;
  const sustainedRow = (baseName: string, base: SseResult) => {
    const p50Ratio = product.result.p50 / base.p50;
    const p99Ratio = product.result.p99 / base.p99;
    return {
      product: `${product.result.achieved.toFixed(0)} msg/s sent; ${deliveredText(product.result)}`,
      productLatency: `${ms(product.result.p50)} / ${ms(product.result.p99)}${p99RoundsText(product.result)}`,
      baseline: `${baseName}: ${base.achieved.toFixed(0)} msg/s; ${deliveredText(base)}`,
      baselineLatency: `${ms(base.p50)} / ${ms(base.p99)}${p99RoundsText(base)}`,
      ratio: `p50 ${p50Ratio.toFixed(2)}×, p99 ${p99Ratio.toFixed(2)}×`,
      p50Ratio,
      p99Ratio,
    };
  };
  const { p50Ratio, p99Ratio, ...againstDurable } = sustainedRow(
    `durable broadcaster (${sides.durableStore})`,
    durable.result,
  );
  const {
    p50Ratio: _p50,
    p99Ratio: _p99,
    ...againstMemory
  } = sustainedRow('in-memory broadcaster', memory.result);
  const healthFigure = `GET /api/health during the ${RATE} msg/s run (${PROBE.rate} req/s for the first ${RATE_SECONDS} s of sending)`;
  const healthRow = (baseName: string, base: Loaded) => ({
    product: rpsText(product.health),
    productLatency: healthText(product),
    baseline: `${baseName}: ${rpsText(base.health)}`,
    baselineLatency: healthText(base),
    ratio: `p99 ${(product.health.p99 / base.health.p99).toFixed(2)}×`,
  });
  const healthRatio = product.health.p99 / durable.health.p99;
  return [
    {
      figure: sustainedFigure,
      ...againstDurable,
      target: `all ${RATE}/s, each event once, p50 ≤ 2×, p99 ≤ 1.5×`,
      met:
        product.result.achieved >= RATE * 0.99 &&
        once(product.result) &&
        p50Ratio <= 2 &&
        p99Ratio <= 1.5,
    },
    { figure: sustainedFigure, ...againstMemory, target: '— (reference)', met: undefined },
    {
      figure: `SSE fan-out: 1 message at a time to ${FAN_OUT_SUBSCRIBERS} subscribers (${FAN_OUT_MESSAGES} messages)`,
      product: deliveredText(fanProduct),
      productLatency: `${ms(fanProduct.p50)} / ${ms(fanProduct.p99)}${p99RoundsText(fanProduct)}`,
      baseline: `in-memory broadcaster: ${deliveredText(fanBase)}`,
      baselineLatency: `${ms(fanBase.p50)} / ${ms(fanBase.p99)}${p99RoundsText(fanBase)}`,
      ratio: `p99 ${fanRatio.toFixed(2)}×`,
      target: 'each event once, p99 ≤ 1.2×',
      met: once(fanProduct) && fanRatio <= 1.2,
    },
    {
      figure: healthFigure,
      ...healthRow('beside the durable broadcaster', durable),
      target: 'p99 ≤ 1.5×',
      met: product.health.bad === 0 && healthRatio <= 1.5,
    },
    {
      figure: healthFigure,
      ...healthRow('beside the in-memory broadcaster', memory),
      target: '— (reference)',
      met: undefined,
    },
  ];
}
