import { AsyncLocalStorage } from 'node:async_hooks';
import type { TestApp } from './test-app';

/** A statement the app's database ran: its SQL and parameters. */
export type Statement = { query: string; params: unknown[] };

type Logger = { logQuery?: (query: string, params: unknown[]) => void };

const recording = new AsyncLocalStorage<Statement[]>();

/**
 * The statements `run` makes on the app's database, with those of the work it sets going (its
 * domain-event reactions, by default awaited until they settle), and only those: the scheduler's
 * poll, a push run armed by an earlier request and the like run in contexts of their own and are
 * not counted. Counting every statement of the window made the cost tests fail now and then
 * under load, when a poll fell inside it (CI of 2026-11-29).
 */
export async function recordStatements<T>(
  app: TestApp,
  run: () => Promise<T>,
  options: { settle?: boolean } = {},
): Promise<{ result: T; statements: Statement[] }> {
  const statements: Statement[] = [];
  // drizzle's session logs each statement it runs; the logger is swapped for the recording only.
  const session = (app.context.database.db as unknown as { session: { logger: Logger } }).session;
  const original = session.logger;
  session.logger = {
    logQuery: (query, params) => {
      recording.getStore()?.push({ query, params });
      original.logQuery?.(query, params);
    },
  };
  try {
    const result = await recording.run(statements, async () => {
      const value = await run();
      if (options.settle ?? true) {
        await app.context.domainEvents.settled();
        await app.context.bus.settled();
      }
      return value;
    });
    return { result, statements };
  } finally {
    session.logger = original;
  }
}
