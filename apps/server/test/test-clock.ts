const YEAR_MS = 365 * 24 * 3600_000;

/**
 * The job runner goes by the database's clock (decision 0042) while a test's clock decides the due
 * times it schedules. A test clock set a day or a month from now is a time bomb: once real time
 * passes it, every job the test scheduled falls due on its own and fires in the middle of the test
 * (three tests broke that way). A test clock therefore either follows real time (within an hour)
 * or stands at least a year ahead of it, where nothing falls due unless the test makes it so.
 */
export function assertTestClockClearOfTheRunner(now: (() => Date) | undefined, real = Date.now()) {
  if (!now) return;
  const ahead = now().getTime() - real;
  if (Math.abs(ahead) <= 3600_000 || ahead >= YEAR_MS) return;
  throw new Error(
    `The test's clock (${now().toISOString()}) is neither real time nor a year ahead of it: ` +
      'jobs it schedules would fall due on their own once real time passes it. ' +
      'Set it in a year like 2037 (the same calendar as 2026).',
  );
}
