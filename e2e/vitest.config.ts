import { defineConfig } from 'vitest/config';

/** Browser journeys: real Chromium against a real server started by the suite. */
export default defineConfig({
  test: {
    root: 'e2e',
    include: ['**/*.spec.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One server and one browser per file; files run one after another on 2 cores.
    fileParallelism: false,
  },
});
