/**
 * The processes the ratios bench (and chat-scale) measure beside the product: the bare baselines
 * (bench/bare-servers.ts, bundled by esbuild and run by plain node), the product's bundle, their
 * settled memory, and a scratch PostgreSQL database made and dropped around a run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { median, rssOf, sleep } from './support';

const root = path.resolve(import.meta.dirname, '..');

export type Bare = { pid: number; url: string; stop(): Promise<void> };

let bareBundle: Promise<string> | undefined;

/**
 * bench/bare-servers.ts bundled by esbuild once per bench process, to run by plain node as the
 * product's bundle runs (tsx's loader and its transpiled sources would weigh on one side only).
 * Written under node_modules, so its packages resolve from the repository's.
 */
function bareServersBundle(): Promise<string> {
  bareBundle ??= (async () => {
    const { build } = await import('esbuild');
    const outfile = path.join(root, 'node_modules/.cache/teamup-bench/bare-servers.mjs');
    await build({
      entryPoints: [path.join(root, 'bench/bare-servers.ts')],
      outfile,
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
    });
    // The durable broadcaster runs the product's PGlite worker, which the bundle starts by its
    // path beside itself (as scripts/build-server.mjs places it beside the product's bundle).
    for (const file of ['pglite-worker.mjs', 'pglite-statements.mjs']) {
      await fs.copyFile(
        path.join(root, 'apps/server/src/db', file),
        path.join(path.dirname(outfile), file),
      );
    }
    return outfile;
  })();
  return bareBundle;
}

/** The server's bundle (what `npm start` and the image run), built when its sources are newer. */
export function ensureProductBundle() {
  const built = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "await (await import('./scripts/build-server.mjs')).ensureServerBuild();",
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('the server build failed');
}

/** Starts one bare baseline (bench/bare-servers.ts) and waits for it to say its port. */
export async function startBare(mode: string, env: Record<string, string>): Promise<Bare> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'PORT']) delete childEnv[name];
  const child: ChildProcess = spawn(process.execPath, [await bareServersBundle(), mode], {
    cwd: root,
    env: { ...childEnv, NODE_ENV: 'production', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bare ${mode}: no port\n${output}`)), 120_000);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const match = /listening (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`bare ${mode} exited:\n${output}`));
    });
  });
  return {
    pid: child.pid ?? 0,
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resident memory of a process: the median of `count` samples a second apart. */
export async function sampledRss(pid: number, count: number) {
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    if (i > 0) await sleep(1000);
    samples.push(await rssOf(pid));
  }
  return median(samples);
}

/** Resident memory just after start: three samples from 3 s on (what the start left behind). */
export async function rssAfterStart(pid: number) {
  await sleep(3000);
  return sampledRss(pid, 3);
}

export async function withScratchDatabase<T>(url: string, run: (scratchUrl: string) => Promise<T>) {
  const name = `teamup_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const scratch = new URL(url);
    scratch.pathname = `/${name}`;
    try {
      return await run(scratch.toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
