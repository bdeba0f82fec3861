import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server), found by walking up from this module's file. The
 * server runs both from its sources (src/…, under tsx in tests and `npm run dev`) and from the
 * bundle `npm start` builds (dist/main.mjs), so files it ships beside itself (the migrations, the
 * web build, the embedded database template) cannot be found by a fixed relative path.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@teamup/server') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('the @teamup/server package folder was not found');
    dir = parent;
  }
}

export const serverRoot = findServerRoot();

/** The committed SQL migrations. */
export const migrationsFolder = path.join(serverRoot, 'drizzle');

/** The web app's build, served by the server unless WEB_DIST_DIR names another. */
export const defaultWebDist = path.resolve(serverRoot, '../web/dist');

/** A migrated, empty embedded database made by the build (scripts/build-server.mjs). */
export const pgliteTemplateDir = path.join(serverRoot, 'dist/pglite-template');
