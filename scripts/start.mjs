/**
 * `npm start`: brings the web and server builds up to date (each only when a source is newer than
 * it: a plain restart builds nothing), then runs the bundled server in this same process, so one
 * Node process and one npm stand between the command and a listening server.
 *   --demo     run the demo server (demo accounts seeded first) instead
 *   --prepare  only bring the builds up to date, then exit
 * package.json runs it with `exec`: npm hands a signal it gets (SIGTERM from a supervisor, SIGINT)
 * to its child, and without `exec` that child is the shell, which dies of it and leaves this
 * process running with nobody to stop it. With `exec` the signal reaches the server's own
 * handler (a graceful shutdown), and npm exits when the server has.
 * WEB_DIST_DIR set: the server serves that folder, so apps/web's build is not brought up to date.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuild, serverDist } from './build-server.mjs';
import { ensureWebBuild } from './ensure-web-build.mjs';

try {
  if (!process.env.WEB_DIST_DIR) ensureWebBuild();
  await ensureServerBuild();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
if (!process.argv.includes('--prepare')) {
  // Stack traces name the TypeScript sources (the bundle carries its source map).
  process.setSourceMapsEnabled(true);
  const entry = process.argv.includes('--demo') ? 'demo.mjs' : 'main.mjs';
  await import(pathToFileURL(path.join(serverDist, entry)).href);
}
