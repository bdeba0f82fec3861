import { createRequire } from 'node:module';

/** What is running: the product's version and the commit it was built from. */
export type BuildInfo = { version: string; commit: string };

/** Set by scripts/build-server.mjs (esbuild `define`) in the bundle `npm start` runs. */
declare const __TEAMUP_BUILD__: BuildInfo | undefined;

function fromSources(): BuildInfo {
  // Run from the sources (tests, `npm run dev`): the version of the checkout's package.json.
  const { version } = createRequire(import.meta.url)('../../../../package.json') as {
    version: string;
  };
  return { version, commit: process.env.TEAMUP_COMMIT ?? 'source' };
}

export const buildInfo: BuildInfo =
  typeof __TEAMUP_BUILD__ === 'undefined' ? fromSources() : __TEAMUP_BUILD__;
