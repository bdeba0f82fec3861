import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { build, type Rolldown } from 'vite';

/** The worker's source (decision 0043) and the address it is served at. */
const entry = 'src/service-worker/sw.ts';
export const serviceWorkerFile = 'sw.js';

/** Built files that are no part of the shell: compressed copies, and the worker itself. */
const notShell = /\.(?:br|gz)$/;

/** The files under `dir` of the build, as addresses, without the compressed copies. */
async function addressesUnder(outDir: string, dir: string): Promise<string[]> {
  return (await fs.readdir(path.join(outDir, dir), { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && !notShell.test(entry.name))
    .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)))
    .map((file) => `/${file.split(path.sep).join('/')}`)
    .sort();
}

/**
 * What the worker caches, as addresses: the page first, the files named by no hash that the page
 * loads on every start (favicon, manifest and its icons, which Chromium fetches on each load to
 * judge installability) and everything under assets/ (content-hashed: the entry, every lazy
 * chunk, the stylesheets, boot.js).
 */
async function shellFiles(outDir: string): Promise<string[]> {
  return [
    '/index.html',
    '/favicon.svg',
    '/manifest.webmanifest',
    ...(await addressesUnder(outDir, 'icons')),
    ...(await addressesUnder(outDir, 'assets')),
  ];
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/**
 * Builds the service worker of the finished build in `outDir` (after index.html is final) into
 * `outDir/sw.js`: one classic script with this build's file list and version in it. The version
 * is a hash of every shell file's name and content, so a build that changes any of them makes
 * a worker whose bytes differ, which is what browsers compare to find an update.
 */
export async function writeServiceWorker(root: string, outDir: string): Promise<void> {
  const files = await shellFiles(outDir);
  const hashes = await Promise.all(
    files.map(async (file) => sha256(await fs.readFile(path.join(outDir, file)))),
  );
  const version = sha256(files.map((file, i) => `${file} ${hashes[i]}`).join('\n')).slice(0, 16);
  const shell = { version, files, indexSha256: hashes[0] };
  const output = (await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    define: { __TEAMUP_SHELL__: JSON.stringify(shell) },
    build: {
      write: false,
      emptyOutDir: false,
      minify: true,
      // One classic script (no import): what every browser registers without `type: 'module'`.
      lib: { entry, formats: ['iife'], name: 'teamupServiceWorker', fileName: () => 'sw.js' },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const chunk = (Array.isArray(output) ? output : [output])
    .flatMap((result) => result.output)
    .find((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  if (!chunk) throw new Error('service worker build: no script came out');
  await fs.writeFile(path.join(outDir, serviceWorkerFile), chunk.code);
}
