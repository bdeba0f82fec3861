import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { migrationsFolder, pgliteTemplateDir } from '../src/platform/server-root';
import { freePort, serverDir, spawnServer, startServer } from './server-process';
import { testDbKind } from './test-app';

/**
 * What `npm start` runs (decision 0015): the server bundled by scripts/build-server.mjs, and a
 * fresh DATA_DIR started from the build's migrated database template instead of an initdb.
 */
const runs = testDbKind === 'pglite';
if (!runs) {
  console.log(
    'start test skipped on PostgreSQL: the bundle and the template are the embedded default’s',
  );
}

const repoRoot = path.resolve(serverDir, '../..');
let scratch: string;

/** The "database ready" line's origin field, from the server's JSON log. */
function originLogged(stdout: string): unknown {
  const line = stdout.split('\n').find((text) => text.includes('"database ready"'));
  return line ? (JSON.parse(line) as { origin?: unknown }).origin : undefined;
}

async function migrationCount(dataDir: string) {
  const client = new PGlite(dataDir);
  try {
    const result = await client.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations',
    );
    return result.rows[0]!.count;
  } finally {
    await client.close();
  }
}

async function journalEntries() {
  const journal = JSON.parse(
    await fs.readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

async function openModes(root: string): Promise<string[]> {
  const open: string[] = [];
  const walk = async (dir: string) => {
    if (((await fs.stat(dir)).mode & 0o077) !== 0) open.push(dir);
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && ((await fs.stat(full)).mode & 0o077) !== 0) open.push(full);
    }
  };
  await walk(root);
  return open;
}

/** The processes below `pid` (Linux /proc), deepest last. */
function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent pid is the 2nd field after the command name, which may hold spaces.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

/** Alive: a process that exited and waits to be reaped (a zombie) is not. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2)[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe.skipIf(!runs)('the built server, as npm start runs it', () => {
  beforeAll(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-start-'));
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it('a fresh DATA_DIR starts from the template, private and fully migrated; a restart opens it', async () => {
    const dataDir = path.join(scratch, 'data');
    // Started where an admin keeps a `.env` (copied from .env.example): it is read, under the
    // environment's own values, and the start log says so by name.
    const cwd = path.join(scratch, 'install');
    await fs.mkdir(cwd);
    await fs.writeFile(
      path.join(cwd, '.env'),
      'SMTP_FROM="TeamUp <noreply@school.example>"\nLOG_LEVEL=debug\n',
    );
    const metricsToken = 'metrics-token-for-the-start-test-0123';
    const first = await startServer({
      dataDir,
      entry: 'bundle',
      logLevel: 'info',
      cwd,
      env: { METRICS_TOKEN: metricsToken },
    });
    try {
      expect(originLogged(first.stdout())).toBe('from-template');
      const envLine = first
        .stdout()
        .split('\n')
        .find((line) => line.includes('settings read from'));
      expect(JSON.parse(envLine ?? '{}')).toMatchObject({
        envFile: path.join(cwd, '.env'),
        set: ['SMTP_FROM'],
        environmentWon: ['LOG_LEVEL'],
      });
      const ready = await fetch(`${first.url}/api/health/ready`);
      expect(ready.status).toBe(200);
      // The bundle carries what it was built from: the version and the checkout's commit.
      const head = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], {
        cwd: repoRoot,
        encoding: 'utf8',
      }).stdout.trim();
      const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
        version: string;
      };
      const { data } = (await ready.json()) as { data: { version: string; commit: string } };
      expect(data).toMatchObject({ version, commit: head || 'unknown' });
      const metrics = await (
        await fetch(`${first.url}/metrics`, {
          headers: { authorization: `Bearer ${metricsToken}` },
        })
      ).text();
      expect(metrics).toContain(
        `teamup_build_info{version="${version}",commit="${data.commit}"} 1`,
      );
    } finally {
      expect((await first.stop()).code).toBe(0);
    }
    // The copy is the server's user's only, like a database it made itself.
    expect(await openModes(path.join(dataDir, 'db'))).toEqual([]);
    expect(await migrationCount(path.join(dataDir, 'db'))).toBe(await journalEntries());
    // No staging copy is left beside it.
    expect((await fs.readdir(dataDir)).filter((name) => name.includes('template'))).toEqual([]);

    const second = await startServer({ dataDir, entry: 'bundle', logLevel: 'info' });
    try {
      expect(originLogged(second.stdout())).toBe('opened');
      expect(second.stdout()).toContain(`no .env in ${serverDir}`);
    } finally {
      await second.stop();
    }
  });

  it('a template made by another PGlite version is not used: the database is created instead', async () => {
    const otherTemplate = path.join(scratch, 'other-template');
    await fs.cp(pgliteTemplateDir, otherTemplate, { recursive: true });
    await fs.writeFile(
      path.join(otherTemplate, 'teamup-template.json'),
      JSON.stringify({ pglite: '0.0.1' }),
    );
    const dataDir = path.join(scratch, 'other-db');
    const database = await openDatabase({ kind: 'pglite', dataDir, template: otherTemplate });
    try {
      expect(database.origin).toBe('created');
    } finally {
      await database.close();
    }
    expect(await migrationCount(dataDir)).toBe(await journalEntries());
  });
  it('an older build on a DATA_DIR a newer one migrated refuses to start, in one line (0031)', async () => {
    const dataDir = path.join(scratch, 'newer');
    await (await startServer({ dataDir, entry: 'bundle' })).stop();
    const client = new PGlite(path.join(dataDir, 'db'));
    try {
      await client.exec(
        `INSERT INTO drizzle.__drizzle_migrations (hash, created_at)
         SELECT 'made-by-a-newer-build', max(created_at) + 1000 FROM drizzle.__drizzle_migrations`,
      );
    } finally {
      await client.close();
    }
    const refused = await spawnServer({ dataDir, entry: 'bundle' });
    expect((await refused.exited).code).toBe(1);
    const known = await journalEntries();
    expect(refused.stderr()).toBe(
      `The database was migrated by a newer version of TeamUp: it has ${known + 1} migrations applied, ` +
        `1 of them unknown to this build, which has ${known}. Start the newer version (or restore ` +
        'a backup made for this one); this build does not run against a schema it does not know.\n',
    );
    // The refusal let go of DATA_DIR.
    await expect(fs.access(path.join(dataDir, '.lock'))).rejects.toThrow();
  });

  it('SIGTERM to the npm process of `npm start` stops the server, and npm exits with it', async () => {
    const dataDir = path.join(scratch, 'npm-start');
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'JWT_SECRET']) delete env[name];
    const npm = spawn('npm', ['start'], {
      cwd: repoRoot,
      env: {
        ...env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // Served from elsewhere: npm start then leaves apps/web's build alone (no web build here).
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    npm.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exited = new Promise<number | null>((resolve) =>
      npm.once('exit', (code) => resolve(code)),
    );
    const npmPid = npm.pid as number;
    let tree: number[] = [];
    try {
      await expect
        .poll(
          async () => {
            const answer = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
            return answer?.status;
          },
          { timeout: 90_000, interval: 200 },
        )
        .toBe(200);
      tree = descendantsOf(npmPid);
      expect(tree.length, output).toBeGreaterThan(0);

      // As a supervisor does: the signal to npm's process alone, not to its group.
      process.kill(npmPid, 'SIGTERM');
      const code = await Promise.race([
        exited,
        new Promise<'still running'>((resolve) =>
          setTimeout(() => resolve('still running'), 30_000),
        ),
      ]);
      expect(code, output).toBe(0);
      expect(await accepts(port)).toBe(false);
      // A child that npm saw go may still be finishing its exit on a loaded machine: a few
      // seconds, never an orphan left running.
      await expect.poll(() => tree.filter(running), { timeout: 5_000 }).toEqual([]);
    } finally {
      for (const pid of [...tree, npmPid].filter(running)) process.kill(pid, 'SIGKILL');
    }
  }, 120_000);
});
