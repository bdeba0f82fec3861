import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files at once. Vitest's default for a run is one less than the cores: one file at a time
 * on the 2-core CI machine, where a file mostly waits on its database worker, its server or
 * jsdom. Two at a time there took a quarter less time (chat and app web tests 52-64 s → 39-48 s,
 * chat/search/board server tests 88 → 64 s, same machine, back to back).
 */
const maxWorkers = Math.max(2, os.availableParallelism() - 1);

/**
 * Unit and integration tests of both apps. TEST_DB_KIND=postgres (set by scripts/test.mjs when
 * TEST_DATABASE_URL is given) runs the database tests against real PostgreSQL instead of PGlite.
 */
export default defineConfig({
  test: {
    maxWorkers,
    // expect.poll's own default (1 s) is shorter than a loaded CI machine needs for a worker's or a
    // second connection's answer to show.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        extends: true,
        test: {
          name: 'contracts',
          root: 'packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // A screen test waits up to 5 s for each thing it looks for (src/test/setup.ts); its own
          // budget must hold several such waits on a loaded CI machine, not one.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
