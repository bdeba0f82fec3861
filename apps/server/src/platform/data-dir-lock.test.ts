import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serverDir } from '../../test/server-process';
import {
  acquireDataDirLock,
  DataDirLockedError,
  isProcessAlive,
  LOCK_FILE_NAME,
} from './data-dir-lock';

type HolderLine = { status: 'locked' | 'refused'; pid: number; holder?: number };
type Holder = { child: ChildProcess; line: Promise<HolderLine>; exited: Promise<number | null> };

const children: ChildProcess[] = [];

/** A separate process that takes the lock through the real module (test/fixtures). */
function spawnHolder(dir: string): Holder {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/fixtures/hold-data-dir-lock.ts', dir],
    { cwd: serverDir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let out = '';
  let err = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = new Promise<HolderLine>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const newline = out.indexOf('\n');
      if (newline >= 0) resolve(JSON.parse(out.slice(0, newline)) as HolderLine);
    });
    void exited.then((code) => reject(new Error(`holder exited ${code} silently: ${err}`)));
  });
  return { child, line, exited };
}

/** The pid of a process that has already exited (and been reaped). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.once('exit', resolve));
  const pid = child.pid;
  if (pid === undefined || isProcessAlive(pid)) throw new Error('expected a dead pid');
  return pid;
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamup-lock-'));
});
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

const lockFile = () => path.join(dir, LOCK_FILE_NAME);
const lockPid = () => Number(fs.readFileSync(lockFile(), 'utf8').split('\n')[0]);

describe('DATA_DIR lock', () => {
  it('refuses a second lock while the holder lives, then takes over once it is killed', async () => {
    const holder = spawnHolder(dir);
    const { status, pid } = await holder.line;
    expect(status).toBe('locked');
    expect(lockPid()).toBe(pid);

    const refusal = await acquireDataDirLock(dir).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as DataDirLockedError).pid).toBe(pid);
    expect((refusal as Error).message).toBe(
      `DATA_DIR ${dir} is in use by another process (pid ${pid}). Stop it or choose another DATA_DIR.`,
    );
    expect(lockPid()).toBe(pid); // the refusal left the holder's lock alone

    holder.child.kill('SIGKILL');
    await holder.exited;
    const lock = await acquireDataDirLock(dir);
    expect(lockPid()).toBe(process.pid);
    await lock.release();
    expect(fs.existsSync(lockFile())).toBe(false);
  });

  it('lets a holder release on SIGTERM so the next one takes it cleanly', async () => {
    const holder = spawnHolder(dir);
    expect((await holder.line).status).toBe('locked');
    holder.child.kill('SIGTERM');
    expect(await holder.exited).toBe(0);
    expect(fs.existsSync(lockFile())).toBe(false);
  });

  it('takes over a stale lock left by a dead pid, by our own pid, or unreadable', async () => {
    for (const content of [`${await deadPid()}\n`, `${process.pid}\nold\n`, 'garbage']) {
      fs.writeFileSync(lockFile(), content);
      const lock = await acquireDataDirLock(dir);
      expect(lockPid()).toBe(process.pid);
      expect(fs.readFileSync(lockFile(), 'utf8')).not.toBe(content);
      lock.releaseSync();
      expect(fs.existsSync(lockFile())).toBe(false);
    }
    // Nothing else is left behind in the directory.
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('release leaves alone a lock that is no longer ours, and is idempotent', async () => {
    const lock = await acquireDataDirLock(dir);
    fs.writeFileSync(lockFile(), '1\nsomeone-else\n');
    await lock.release();
    await lock.release();
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe('1\nsomeone-else\n');
  });

  it('creates a missing DATA_DIR', async () => {
    const nested = path.join(dir, 'a', 'b');
    const lock = await acquireDataDirLock(nested);
    expect(fs.existsSync(path.join(nested, LOCK_FILE_NAME))).toBe(true);
    await lock.release();
  });

  it('gives a stale lock to exactly one of many processes racing for it', async () => {
    fs.writeFileSync(lockFile(), `${await deadPid()}\n`);
    const holders = Array.from({ length: 6 }, () => spawnHolder(dir));
    const lines = await Promise.all(holders.map((holder) => holder.line));
    const winners = lines.filter((line) => line.status === 'locked');
    expect(winners).toHaveLength(1);
    expect(lockPid()).toBe(winners[0]?.pid);
    for (const line of lines.filter((l) => l.status === 'refused')) {
      expect(line.holder).toBe(winners[0]?.pid);
    }
  });
});
