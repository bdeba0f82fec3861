import { beforeEach } from 'vitest';

/**
 * A database test that fails runs once more (vitest.config.ts, `retry`): a shared CI machine
 * under load can stall a test past a wait that a quiet one never reaches. Each failed attempt is
 * printed here, with its error, so a test that passed only on its second attempt is seen in the
 * log and in `npm test`'s summary (scripts/test.mjs) instead of passing silently.
 */
beforeEach(({ onTestFailed, task }) => {
  onTestFailed(() => {
    const error = task.result?.errors?.[0];
    const where = `${task.file.name} > ${task.name}`;
    console.error(
      `── "${where}" failed (attempt ${(task.result?.retryCount ?? 0) + 1}): ` +
        `${error?.message ?? '(no message)'}\n${(error?.stack ?? '').split('\n').slice(1, 6).join('\n')}`,
    );
  });
});
