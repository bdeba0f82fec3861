/**
 * When is a build out of date? A build writes a stamp holding the time it started; it is due again
 * when its output is missing, its stamp unreadable, or a source changed after that time. Shared by
 * the web build (scripts/ensure-web-build.mjs) and the server build (scripts/build-server.mjs).
 */
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/** The newest modification time under `file` (a file or a folder), and which file it is. */
function newest(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return { mtime: 0, file };
  }
  if (!stat.isDirectory()) return { mtime: stat.mtimeMs, file };
  let found = { mtime: stat.mtimeMs, file };
  for (const entry of fs.readdirSync(file)) {
    const inner = newest(path.join(file, entry));
    if (inner.mtime > found.mtime) found = inner;
  }
  return found;
}

/** The time the build recorded in `stampFile` started, or undefined when there is no build. */
export function builtAt(output, stampFile) {
  if (!fs.existsSync(output)) return undefined;
  try {
    const stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
    return typeof stamp.startedAt === 'number' ? stamp.startedAt : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why a build is due ("no … build yet", "<file> changed after the last … build"), or undefined
 * when it is up to date. `sources` are paths relative to the repository root.
 */
export function reasonToBuild({ name, output, stampFile, sources }) {
  const startedAt = builtAt(output, stampFile);
  if (startedAt === undefined) return `no ${name} build yet`;
  const latest = sources
    .map((source) => newest(path.join(root, source)))
    .reduce((a, b) => (b.mtime > a.mtime ? b : a));
  if (latest.mtime > startedAt) {
    return `${path.relative(root, latest.file)} changed after the last ${name} build`;
  }
  return undefined;
}

export function writeStamp(stampFile, startedAt) {
  fs.writeFileSync(stampFile, JSON.stringify({ startedAt }));
}
