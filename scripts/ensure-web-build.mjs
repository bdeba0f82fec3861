/**
 * `npm start` runs this before the server: it builds the web app only when apps/web/dist has no
 * build, or when a source is newer than the time the last build started (the `.build-stamp`
 * written by the build, apps/web/vite.config.ts). A plain restart builds nothing.
 * `npm run build` always builds. `--check` prints the decision and exits 1 when a build is due.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const stampFile = path.join(dist, '.build-stamp');

/** What the web build is made from. */
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'package-lock.json',
].map((source) => path.join(root, source));

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

function builtAt() {
  if (!fs.existsSync(path.join(dist, 'index.html'))) return undefined;
  try {
    const stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
    return typeof stamp.startedAt === 'number' ? stamp.startedAt : undefined;
  } catch {
    return undefined;
  }
}

function reasonToBuild() {
  const startedAt = builtAt();
  if (startedAt === undefined) return 'no web build yet';
  const latest = sources.map(newest).reduce((a, b) => (b.mtime > a.mtime ? b : a));
  if (latest.mtime > startedAt) {
    return `${path.relative(root, latest.file)} changed after the last web build`;
  }
  return undefined;
}

function viteInstalled() {
  try {
    createRequire(path.join(root, 'apps/web/package.json')).resolve('vite/package.json');
    return true;
  } catch {
    return false;
  }
}

const reason = reasonToBuild();
if (process.argv.includes('--check')) {
  console.log(reason ?? 'web build is up to date');
  process.exit(reason ? 1 : 0);
}
if (reason) {
  if (!viteInstalled()) {
    // An install without dev dependencies cannot build: serve what is there, or say what to do.
    if (builtAt() === undefined) {
      console.error(
        'No web build in apps/web/dist, and the build tools (dev dependencies) are not installed: ' +
          'run `npm ci && npm run build` first.',
      );
      process.exit(1);
    }
    console.warn(`${reason}, but the build tools are not installed: serving the existing build.`);
  } else {
    console.log(`Building the web app: ${reason}.`);
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
