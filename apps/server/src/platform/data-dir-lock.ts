import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDirSync, PRIVATE_FILE_MODE } from './private-files';

/**
 * One process per DATA_DIR: the embedded database (PGlite) is a single-writer store, and two
 * servers opening the same directory would corrupt it. The lock is a file `DATA_DIR/.lock` whose
 * first line is the holder's pid (the second line is a random nonce naming this very lock). It is
 * created atomically: the content is written to a temporary file first, then hard-linked to the
 * lock name, which fails when the name exists, so a lock file is never seen half-written.
 *
 * A lock whose pid is no longer alive (the holder crashed or was killed) is stale and is taken
 * over, as is one holding our own pid (a container restarted with the same pid). A live holder
 * makes `acquireDataDirLock` throw `DataDirLockedError`.
 */
export const LOCK_FILE_NAME = '.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another process (pid ${pid}). Stop it or choose another DATA_DIR.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export type DataDirLock = {
  readonly dataDir: string;
  /** The lock file's path. */
  readonly file: string;
  readonly pid: number;
  /** Removes the lock file if it is still ours; safe to call more than once. */
  release(): Promise<void>;
  /** The same, synchronously: for `process.on('exit')` and fatal-error paths. */
  releaseSync(): void;
};

type LockContent = { pid: number; nonce: string };

function parse(text: string): LockContent | undefined {
  const [pidLine, nonce = ''] = text.split('\n');
  const pid = Number(pidLine?.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? { pid, nonce: nonce.trim() } : undefined;
}

function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** Whether `pid` names a running process (a zombie awaiting its parent counts as dead). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return errnoOf(error) === 'EPERM';
  }
  if (process.platform === 'linux') {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Field 3, after the parenthesised command name (which may itself hold spaces or ')').
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      if (state === 'Z' || state === 'X') return false;
    } catch {
      // No /proc entry readable: trust kill(0).
    }
  }
  return true;
}

function readLock(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Takes the lock on `dataDir` (created if missing) for process `pid`, or throws
 * `DataDirLockedError` naming the live holder.
 */
export async function acquireDataDirLock(
  dataDir: string,
  pid: number = process.pid,
): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  ensurePrivateDirSync(dir);
  const file = path.join(dir, LOCK_FILE_NAME);
  const nonce = randomBytes(8).toString('hex');
  const content = `${pid}\n${nonce}\n`;

  for (let attempt = 0; attempt < 20; attempt += 1) {
    const temp = path.join(dir, `${LOCK_FILE_NAME}.${pid}.${nonce}.tmp`);
    fs.writeFileSync(temp, content, { mode: PRIVATE_FILE_MODE });
    try {
      fs.linkSync(temp, file);
      return makeLock(dir, file, pid, content);
    } catch (error) {
      if (errnoOf(error) !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temp, { force: true });
    }

    const existing = readLock(file);
    if (existing === undefined) continue; // released meanwhile: try again
    const holder = parse(existing);
    if (holder && holder.pid !== pid && isProcessAlive(holder.pid)) {
      throw new DataDirLockedError(dir, holder.pid);
    }
    takeOverStale(dir, file, existing);
  }
  throw new Error(`Could not take the lock on DATA_DIR ${dir}: it keeps changing hands.`);
}

/**
 * Removes a stale lock whose content was `stale`, without ever removing a fresh lock another
 * process created in the meantime: the file is renamed away (atomic, so only one contender gets
 * it), then checked; a fresh lock renamed by mistake is linked back.
 */
function takeOverStale(dir: string, file: string, stale: string) {
  const aside = path.join(dir, `${LOCK_FILE_NAME}.stale.${randomBytes(8).toString('hex')}`);
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return; // another contender took it over first
    throw error;
  }
  const moved = readLock(aside);
  if (moved !== undefined && moved !== stale) {
    // Someone else's fresh lock: put it back (if a third process got in first, it keeps that).
    try {
      fs.linkSync(aside, file);
    } catch (error) {
      if (errnoOf(error) !== 'EEXIST') throw error;
    }
  }
  fs.rmSync(aside, { force: true });
}

function makeLock(dir: string, file: string, pid: number, content: string): DataDirLock {
  let released = false;
  const releaseSync = () => {
    if (released) return;
    released = true;
    try {
      if (readLock(file) === content) fs.rmSync(file, { force: true });
    } catch {
      // Best effort: a lock left behind is stale once we are gone and will be taken over.
    }
  };
  return {
    dataDir: dir,
    file,
    pid,
    release: async () => releaseSync(),
    releaseSync,
  };
}
