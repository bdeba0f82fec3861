import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from './client';

/*
 * The embedded database is PostgreSQL in single-user mode, without autovacuum (decision 0029):
 * nothing marks the space that deletes and updates free for reuse, so `live_events` (pruned every
 * minute) and every updated table only grow, and nothing freezes old rows. This does the vacuuming
 * autovacuum would do, by its default thresholds, one table at a time.
 */

/** How often the most overdue table is vacuumed: each vacuum holds the database's one thread. */
export const UPKEEP_EVERY_MS = 60_000;

/**
 * The table autovacuum would vacuum first, by its default thresholds: dead rows over 50 + 20 %
 * of the live ones, rows inserted since the last vacuum over 1,000 + 20 % (that vacuum also
 * merges GIN pending lists and marks pages all-visible), or the oldest unfrozen row older than
 * `autovacuum_freeze_max_age`. Undefined when none is due.
 */
export async function tableDueForVacuum(db: Db): Promise<string | undefined> {
  const result = await db.execute(sql`
    SELECT name FROM (
      SELECT s.relname AS name, greatest(
        s.n_dead_tup / (50 + 0.2 * s.n_live_tup),
        s.n_ins_since_vacuum / (1000 + 0.2 * s.n_live_tup),
        age(c.relfrozenxid) / current_setting('autovacuum_freeze_max_age')::float8
      ) AS due
      FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.schemaname = current_schema()
    ) tables
    WHERE due >= 1
    ORDER BY due DESC, name
    LIMIT 1`);
  return (result as { rows: Array<{ name: string }> }).rows[0]?.name;
}

/**
 * Vacuums the most overdue table, if one is due; answers its name. No ANALYZE: analysing
 * `chat_messages` took about a second on PGlite (its search indexes' expressions are computed for
 * every sampled row), and the plans were made and measured without statistics.
 */
export async function vacuumOneDueTable(db: Db): Promise<string | undefined> {
  const table = await tableDueForVacuum(db);
  if (table !== undefined) await db.execute(sql`VACUUM ${sql.identifier(table)}`);
  return table;
}

/** Runs `vacuumOneDueTable` every UPKEEP_EVERY_MS until stopped (a stop waits for a vacuum). */
export function startEmbeddedUpkeep(db: Db, logger: Logger, everyMs = UPKEEP_EVERY_MS) {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    const started = performance.now();
    running = vacuumOneDueTable(db)
      .then((table) => {
        if (table === undefined) return;
        const ms = Math.round(performance.now() - started);
        logger.info({ table, ms }, 'embedded database: table vacuumed');
      })
      .catch((error: unknown) => {
        logger.warn({ err: error }, 'embedded database: vacuum failed');
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
