import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * DATA_DIR holds the embedded database, uploaded files and the generated signing key: nothing in
 * it is for other users of the machine. Directories are created 0700 and files 0600; a directory
 * that already exists with wider rights is tightened at start.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

const OTHERS = 0o077;

/** Creates `dir` (and missing parents) 0700, or takes group and other rights off an existing one. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await fsp.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const stat = await fsp.stat(dir);
  if ((stat.mode & OTHERS) !== 0) await fsp.chmod(dir, stat.mode & ~OTHERS & 0o7777);
}

/** The same, synchronously (for the DATA_DIR lock, taken before anything else). */
export function ensurePrivateDirSync(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const stat = fs.statSync(dir);
  if ((stat.mode & OTHERS) !== 0) fs.chmodSync(dir, stat.mode & ~OTHERS & 0o7777);
}

/**
 * Takes group and other rights off everything under `root` (not following symbolic links): for
 * trees written by code that picks its own modes, such as the embedded database's files.
 */
export async function makeTreePrivate(root: string): Promise<void> {
  const visit = async (target: string, isDirectory: boolean) => {
    const stat = await fsp.lstat(target).catch(() => undefined);
    if (!stat || stat.isSymbolicLink()) return;
    if ((stat.mode & OTHERS) !== 0) {
      await fsp.chmod(target, stat.mode & ~OTHERS & 0o7777).catch(() => undefined);
    }
    if (!isDirectory) return;
    const entries = await fsp.readdir(target, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.isDirectory() || entry.isFile()) {
        await visit(path.join(target, entry.name), entry.isDirectory());
      }
    }
  };
  await visit(root, true);
}
