import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const runs = 3;

/**
 * Starts `command` in its own process group, and answers the seconds until GET /api/health
 * answers 200 on `port`; then stops the whole group (SIGTERM) and waits for it to exit.
 */
async function secondsToHealthy(
  command: string,
  args: string[],
  port: number,
  env: Record<string, string> = {},
): Promise<{ wall: number; cpu: number }> {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), ...env },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let healthyAt: number | undefined;
  let cpu = 0;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        await response.arrayBuffer();
        if (response.ok) {
          healthyAt = performance.now();
          if (child.pid !== undefined) cpu = await cpuSecondsOfGroup(child.pid);
          break;
        }
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 180_000) throw new Error('not healthy within 3 minutes');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
  return { wall: (healthyAt - started) / 1000, cpu };
}

/**
 * CPU seconds (user + system) spent so far by the processes of a group, with the children they
 * have already reaped (npm, the build check, the server): a figure the machine's load leaves
 * alone, unlike the wall time.
 */
async function cpuSecondsOfGroup(group: number) {
  const ticksPerSecond = 100; // USER_HZ on Linux
  let ticks = 0;
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Fields after the command name "(…)": state ppid pgrp … utime(14) stime cutime cstime.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== group) continue;
    ticks += [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
  }
  return ticks / ticksPerSecond;
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const stampFiles = ['apps/web/dist/.build-stamp', 'apps/server/dist/.build-stamp'].map((file) =>
  path.join(root, file),
);
const readStamps = () => Promise.all(stampFiles.map((file) => fs.readFile(file, 'utf8')));

/**
 * `npm start` with the web and server builds up to date: they are brought up to date first
 * (`scripts/start.mjs --prepare`), outside the figure, and a run during which a build was redone
 * anyway (a source changed meanwhile, as happens in a working tree others edit) is discarded and
 * run again.
 */
async function npmStart(port: number, dataDir: string) {
  for (let attempt = 0; ; attempt += 1) {
    const ensured = spawnSync(process.execPath, ['scripts/start.mjs', '--prepare'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (ensured.status !== 0) throw new Error('build failed');
    const before = (await readStamps()).join();
    const figure = await secondsToHealthy('npm', ['start'], port, { DATA_DIR: dataDir });
    if ((await readStamps()).join() === before) return figure;
    if (attempt >= 4) throw new Error('the web sources keep changing: no start without a build');
    console.log('(a build was redone during that start: run again)');
  }
}

/** A bare Fastify answering /api/health, started the same way: what any Node server costs here. */
function bareFastify(port: number) {
  const fastify = createRequire(path.join(root, 'apps/server/package.json')).resolve('fastify');
  const script = `const app = require(${JSON.stringify(fastify)})();
app.get('/api/health', async () => ({ data: { status: 'ok' } }));
app.listen({ port: ${port}, host: '0.0.0.0' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));`;
  return secondsToHealthy(process.execPath, ['-e', script], port);
}

/**
 * Time from `npm start` to a healthy server, with the web build present (so nothing is built):
 * warm (a restart on the same DATA_DIR) and cold (a fresh DATA_DIR: the embedded database is
 * created and migrated, the JWT secret generated). Each beside a bare Fastify started in the same
 * run. Medians of three.
 */
export async function benchStart() {
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-bench-start-'));
  try {
    const warmDir = path.join(scratch, 'warm');
    await npmStart(port, warmDir); // creates the data
    const figures: Record<string, Array<{ wall: number; cpu: number }>> = {
      bare: [],
      warm: [],
      cold: [],
    };
    for (let run = 0; run < runs; run += 1) {
      figures.bare!.push(await bareFastify(port));
      figures.warm!.push(await npmStart(port, warmDir));
      const coldDir = path.join(scratch, `cold-${run}`);
      figures.cold!.push(await npmStart(port, coldDir));
    }
    const bare = median(figures.bare!.map((run) => run.wall));
    const bareCpu = median(figures.bare!.map((run) => run.cpu));
    const line = (name: string, runs: Array<{ wall: number; cpu: number }>, target?: number) => {
      const wall = median(runs.map((run) => run.wall));
      const cpu = median(runs.map((run) => run.cpu));
      console.log(
        `${name.padEnd(44)} median ${wall.toFixed(2)} s (${runs.map((run) => run.wall.toFixed(2)).join(', ')}) ×${(wall / bare).toFixed(1)} bare;` +
          ` CPU ${cpu.toFixed(2)} s ×${(cpu / bareCpu).toFixed(1)} bare` +
          (target === undefined
            ? ''
            : `; target < ${target} s: ${wall < target ? 'met' : 'NOT met'}`),
      );
    };
    line('bare Fastify (node -e), listening + health', figures.bare!);
    line('npm start, warm restart (same DATA_DIR)', figures.warm!, 2);
    line('npm start, cold (fresh DATA_DIR)', figures.cold!, 5);
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}
