/**
 * Builds the web app only when apps/web/dist has no build, or when a source is newer than the time
 * the last build started (the `.build-stamp` written by the build, apps/web/vite.config.ts), so a
 * plain restart builds nothing. `npm run build` always builds. Run directly, `--check` prints the
 * decision and exits 1 when a build is due.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { builtAt, reasonToBuild, root } from './lib/build-stamp.mjs';

const dist = path.join(root, 'apps/web/dist');
const web = {
  name: 'web',
  output: path.join(dist, 'index.html'),
  stampFile: path.join(dist, '.build-stamp'),
  /** What the web build is made from. */
  sources: [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/vite-prerender.ts',
    'apps/web/vite-service-worker.ts',
    'apps/web/postcss.config.cjs',
    'apps/web/package.json',
    'packages/contracts/src',
    'packages/contracts/package.json',
    'package-lock.json',
  ],
};

export function webBuildReason() {
  return reasonToBuild(web);
}

function viteInstalled() {
  try {
    createRequire(path.join(root, 'apps/web/package.json')).resolve('vite/package.json');
    return true;
  } catch {
    return false;
  }
}

/** Builds the web app when it is due; throws when it is due and cannot be built. */
export function ensureWebBuild() {
  const reason = webBuildReason();
  if (!reason) return;
  if (!viteInstalled()) {
    // An install without dev dependencies cannot build: serve what is there, or say what to do.
    if (builtAt(web.output, web.stampFile) === undefined) {
      throw new Error(
        'No web build in apps/web/dist, and the build tools (dev dependencies) are not installed: ' +
          'run `npm ci && npm run build` first.',
      );
    }
    console.warn(`${reason}, but the build tools are not installed: serving the existing build.`);
    return;
  }
  console.log(`Building the web app: ${reason}.`);
  const result = spawnSync('npm', ['run', 'build', '-w', '@teamup/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the web build failed');
}

if (import.meta.filename === process.argv[1]) {
  const reason = webBuildReason();
  if (process.argv.includes('--check')) {
    console.log(reason ?? 'web build is up to date');
    process.exit(reason ? 1 : 0);
  }
  try {
    ensureWebBuild();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
