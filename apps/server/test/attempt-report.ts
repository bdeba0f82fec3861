import { beforeEach } from 'vitest';
import { failedAttemptLine } from './attempt-line';

/**
 * A database test that fails runs once more (vitest.config.ts, `retry`): a shared CI machine
 * under load can stall a test past a wait that a quiet one never reaches. Each failed attempt is
 * printed here, with its error, so a test that passed only on its second attempt is seen in the
 * log and in `npm test`'s summary (scripts/test.mjs) instead of passing silently.
 */
beforeEach(({ onTestFailed, task }) => {
  onTestFailed(() => {
    console.error(failedAttemptLine(`${task.file.name} > ${task.name}`, task));
  });
});
