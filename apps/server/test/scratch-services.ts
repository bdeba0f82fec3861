import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process';

/*
 * A PostgreSQL cluster and a redis-server of a test's own, in temp folders on free ports, for
 * tests that stop and restart them (the machine's shared ones are never touched).
 */

/** The newest installed PostgreSQL's bin folder (Debian's layout first, then PATH). */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    const versions = fs
      .readdirSync(root)
      .filter((name) => fs.existsSync(path.join(root, name, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], 'bin');
  }
  return onPath('pg_ctl');
}

function onPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, command))) return dir;
  }
  return undefined;
}

/** initdb and postgres refuse to run as root: as root they run as this user. */
const unprivilegedUser = 'postgres';

function userExists(name: string): boolean {
  try {
    execFileSync('id', ['-u', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Why these services cannot be had here, or undefined when they can. */
export function scratchServicesMissing(): string | undefined {
  const bin = postgresBin();
  if (!bin) return 'no PostgreSQL binaries (initdb, pg_ctl) found';
  if (!fs.existsSync(path.join(bin, 'initdb'))) return `no initdb beside ${bin}/pg_ctl`;
  if (!redisServer()) return 'no redis-server found';
  if (process.getuid?.() === 0 && !(userExists(unprivilegedUser) && onPath('runuser'))) {
    return `running as root, and PostgreSQL refuses root: needs a '${unprivilegedUser}' user and runuser`;
  }
  return undefined;
}

function redisServer(): string | undefined {
  if (fs.existsSync('/usr/bin/redis-server')) return '/usr/bin/redis-server';
  const dir = onPath('redis-server');
  return dir && path.join(dir, 'redis-server');
}

export type ScratchPostgres = {
  /** postgres://postgres@127.0.0.1:<port>/teamup */
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: every session is terminated, the cluster shuts down. */
  stop(): void;
  start(): void;
  /** `pg_ctl restart -m fast`. */
  restart(): void;
  /** Stops it (immediately) and removes its folder. */
  remove(): void;
};

/** initdb into a temp folder and start it on a free port, with database `teamup`. */
export async function startScratchPostgres(): Promise<ScratchPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL binaries');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamup-faults-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', [unprivilegedUser, dir]);
  const run = (command: string, args: string[]) => {
    const [file, fileArgs] = asRoot
      ? ['runuser', ['-u', unprivilegedUser, '--', path.join(bin, command), ...args]]
      : [path.join(bin, command), args];
    execFileSync(file, fileArgs, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  // Durability is not what this cluster is for: fsync off makes its start and stop quick.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtl = (...args: string[]) =>
    run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', options, ...args]);
  pgCtl('start');
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'teamup']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/teamup`,
    port,
    stop: () => pgCtl('stop', '-m', 'fast'),
    start: () => pgCtl('start'),
    restart: () => pgCtl('restart', '-m', 'fast'),
    remove: () => {
      try {
        pgCtl('stop', '-m', 'immediate');
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type ScratchRedis = {
  /** redis://127.0.0.1:<port> */
  url: string;
  /** SIGTERM, and resolves once it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port, resolving once it accepts connections. */
  start(): Promise<void>;
  /** SIGSTOP: connections stay open, nothing is answered (a frozen server, a dropped link). */
  freeze(): void;
  /** SIGCONT after `freeze`. */
  thaw(): void;
  remove(): Promise<void>;
};

/** A redis-server without persistence on a free port, as a child process. */
export async function startScratchRedis(): Promise<ScratchRedis> {
  const server = redisServer();
  if (!server) throw new Error('no redis-server');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamup-faults-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const spawned = spawn(
      server,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = spawned;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`redis-server did not start:\n${output}`)),
        10_000,
      );
      spawned.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      spawned.once('exit', () => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited:\n${output}`));
      });
    });
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    running.kill('SIGCONT'); // a frozen one cannot act on SIGTERM
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    freeze: () => child?.kill('SIGSTOP'),
    thaw: () => child?.kill('SIGCONT'),
    remove: async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
