/** What a failed test attempt knows of itself (vitest's task, as onTestFailed sees it). */
interface FailedTask {
  result?: { errors?: ReadonlyArray<{ message?: string; stack?: string }>; retryCount?: number };
}

/** Which attempt of a test this is, from 1. */
export const attemptOf = (task: FailedTask) => (task.result?.retryCount ?? 0) + 1;

/**
 * The line a failed attempt prints, with the first lines of its stack: the same shape for the
 * database tests (attempt-report.ts) and the browser journeys (e2e/support/failure-report.ts), as
 * npm test's summary finds them by it (scripts/test.mjs, ATTEMPT_LINE).
 */
export function failedAttemptLine(name: string, task: FailedTask): string {
  const error = task.result?.errors?.[0];
  const stack = (error?.stack ?? '').split('\n').slice(1, 6).join('\n');
  return `── "${name}" failed (attempt ${attemptOf(task)}): ${error?.message ?? '(no message)'}\n${stack}`;
}
