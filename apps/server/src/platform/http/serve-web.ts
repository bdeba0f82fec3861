import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { TypedApp } from './types';

/** Vite names everything under assets/ by its content: a changed file gets a new name. */
const hashedAssets = /^assets[\\/]/;

/**
 * Serves the built web app at / when it exists (`npm start` builds it when it is missing or
 * older than its sources, scripts/ensure-web-build.mjs). The build writes a brotli and a gzip
 * copy beside each text file (apps/web/vite.config.ts); the one the browser accepts is sent
 * with `Content-Encoding`, and every answer says `Vary: Accept-Encoding`. Content-hashed
 * assets are cached for a year; index.html and anything else is revalidated on every load, so
 * a new build is picked up at once. That includes the service worker (/sw.js, decision 0043),
 * whose fixed address must never be answered from a cache, or browsers would keep an old build;
 * the manifest (.webmanifest) goes out as `application/manifest+json`.
 */
export async function serveWeb(app: TypedApp, distDir: string) {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return;
  // Loaded only when there is something to serve (tests and API-only servers skip its cost).
  const { default: fastifyStatic } = await import('@fastify/static');
  const root = path.resolve(distDir);
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    // One `/*` route that looks the file up per request, instead of a route per file found at
    // start: a build has hundreds of files (with their .br and .gz copies), and registering them
    // all was a tenth of the server's start. A path that is not a file goes to the 404 handler.
    wildcard: true,
    // An array: with a plain string, `/` finds no index when a compressed copy is asked for.
    index: ['index.html'],
    preCompressed: true,
    // The build stamp (.build-stamp) and any other dotfile stay private.
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders: (reply: FastifyReply, file: string) => {
      const relative = path.relative(root, file);
      reply.header(
        'cache-control',
        hashedAssets.test(relative) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}
