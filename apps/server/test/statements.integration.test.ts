import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { recordStatements } from './statements';
import { createTestApp, type TestApp } from './test-app';

/* The cost tests' recorder counts what the measured work runs, not what runs beside it. */

let app: TestApp;
beforeAll(async () => {
  // The scheduler polls every 10 ms: many of its rounds fall inside the window below.
  app = await createTestApp({ JOBS_POLL_MS: '10' });
});
afterAll(async () => {
  await app.close();
});

describe('recordStatements', () => {
  it('records the statements of the run only, not the scheduler polling meanwhile', async () => {
    const seenByDrizzle: string[] = [];
    const { result, statements } = await recordStatements(app, async () => {
      const session = (app.context.database.db as unknown as { session: { logger: unknown } })
        .session;
      // Everything the database runs in the window, whoever runs it.
      const recorder = session.logger as { logQuery: (query: string, params: unknown[]) => void };
      session.logger = {
        logQuery: (query: string, params: unknown[]) => {
          seenByDrizzle.push(query);
          recorder.logQuery(query, params);
        },
      };
      try {
        await app.context.database.db.execute(sql`select 1 as "first"`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await app.context.database.db.execute(sql`select 2 as "second"`);
        return 'done';
      } finally {
        session.logger = recorder;
      }
    });
    expect(result).toBe('done');
    expect(statements.map((statement) => statement.query)).toEqual([
      'select 1 as "first"',
      'select 2 as "second"',
    ]);
    // The window did hold the scheduler's rounds: the recorder left them out.
    expect(seenByDrizzle.some((query) => /scheduled_jobs/.test(query))).toBe(true);
  });
});
