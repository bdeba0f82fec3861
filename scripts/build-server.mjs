/**
 * The server, bundled for running: apps/server/src (with the contracts) compiled by esbuild into
 * apps/server/dist/{main,demo}.mjs, its npm dependencies left as imports, so a start loads one
 * JavaScript file instead of compiling hundreds of TypeScript modules under tsx. Beside it, a
 * migrated empty embedded database (dist/pglite-template) that a fresh DATA_DIR starts from
 * instead of creating one in WASM (decision 0015). `npm start` builds only when a source is newer
 * than the last build (`.build-stamp`); run directly, this always builds.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { reasonToBuild, root, writeStamp } from './lib/build-stamp.mjs';

const serverDir = path.join(root, 'apps/server');
export const serverDist = path.join(serverDir, 'dist');

const server = {
  name: 'server',
  output: path.join(serverDist, 'main.mjs'),
  stampFile: path.join(serverDist, '.build-stamp'),
  sources: [
    'apps/server/src',
    'apps/server/drizzle',
    'apps/server/package.json',
    'packages/contracts/src',
    'packages/contracts/package.json',
    'package-lock.json',
    'package.json',
    'scripts/build-server.mjs',
  ],
};

/**
 * The version (the root package.json's) and the commit the bundle is built from, for the
 * readiness answer and /metrics: TEAMUP_COMMIT when given (a Docker build has no .git: `docker
 * build --build-arg TEAMUP_COMMIT=$(git rev-parse --short=12 HEAD)`), else git's, else unknown.
 */
function buildInfo() {
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const git = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
  });
  const commit =
    process.env.TEAMUP_COMMIT || (git.status === 0 ? git.stdout.trim() : '') || 'unknown';
  return { version, commit };
}

export function serverBuildReason() {
  return reasonToBuild(server);
}

/** Every npm dependency of the server stays an import; only our own code is bundled. */
function externals() {
  const manifest = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  return Object.keys(manifest.dependencies)
    .filter((name) => !name.startsWith('@teamup/'))
    .flatMap((name) => [name, `${name}/*`]);
}

export async function buildServer() {
  const startedAt = Date.now();
  const { build } = await import('esbuild');
  // Old chunks go; the template stays until the new one replaces it (a server may be copying it).
  for (const entry of fs.existsSync(serverDist) ? fs.readdirSync(serverDist) : []) {
    if (entry !== 'pglite-template') fs.rmSync(path.join(serverDist, entry), { recursive: true });
  }
  await build({
    absWorkingDir: serverDir,
    entryPoints: {
      main: 'src/main.ts',
      demo: 'src/demo.ts',
      'make-pglite-template': 'src/db/make-pglite-template.ts',
    },
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: externals(),
    sourcemap: true,
    logLevel: 'warning',
    define: { __TEAMUP_BUILD__: JSON.stringify(buildInfo()) },
  });
  // The embedded database's worker is started by path, beside whichever file starts it, and
  // imports its prepared statements from beside itself.
  for (const file of ['pglite-worker.mjs', 'pglite-statements.mjs']) {
    fs.copyFileSync(path.join(serverDir, 'src/db', file), path.join(serverDist, file));
  }
  // The web push thread, likewise (platform/push/push-sender.ts starts it by path).
  fs.copyFileSync(
    path.join(serverDir, 'src/platform/push/push-worker.mjs'),
    path.join(serverDist, 'push-worker.mjs'),
  );
  const template = spawnSync(
    process.execPath,
    [path.join(serverDist, 'make-pglite-template.mjs'), path.join(serverDist, 'pglite-template')],
    { stdio: 'inherit' },
  );
  if (template.status !== 0) throw new Error('making the embedded database template failed');
  writeStamp(server.stampFile, startedAt);
}

/** Builds the server when it is due. */
export async function ensureServerBuild() {
  const reason = serverBuildReason();
  if (!reason) return;
  console.log(`Building the server: ${reason}.`);
  await buildServer();
}

if (import.meta.filename === process.argv[1]) {
  if (process.argv.includes('--check')) {
    const reason = serverBuildReason();
    console.log(reason ?? 'server build is up to date');
    process.exit(reason ? 1 : 0);
  }
  await buildServer();
}
