/**
 * What the digest-run bench measures against, written straight in SQL before the server opens
 * the database: `members` people, each with unread mentions and a direct message waiting, and
 * each one's digest job (the one after going away, decision 0042) due at the same moment. Bench
 * data only (the services would take minutes for 10,000 people).
 */
import { sql } from 'drizzle-orm';
import { databaseOptionsFor, openDatabase } from '../apps/server/src/db/client';
import { personToken } from '../apps/server/src/modules/notifications/notifications.presenter';

/** The digest job's kind and its key for someone away (modules/notifications/digest.ts). */
const DIGEST_KIND = 'notifications.digest';
const awayKeyPrefix = 'notifications.digest:away:';

/** An execute's rows: node-postgres and PGlite both answer `{ rows }`; drizzle types it loosely. */
const rowsOf = <Row>(result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;

/**
 * Writes the members (after the seed's first user, who sends them everything), their notices — two
 * mentions in a group room and one direct message, unread — and their digest jobs due at `dueAt`.
 * Answers the members' e-mail addresses.
 */
export async function fillDigests(
  env: Record<string, string>,
  workspaceId: number,
  members: number,
  dueAt: Date,
) {
  const config = { databaseUrl: env['DATABASE_URL'], dataDir: env['DATA_DIR'] as string };
  const database = await openDatabase(databaseOptionsFor(config));
  const db = database.db;
  try {
    const [owner] = rowsOf<{ id: number }>(
      await db.execute(sql`SELECT id FROM users ORDER BY id LIMIT 1`),
    );
    const ownerId = owner?.id ?? 0;
    await db.execute(
      sql`INSERT INTO users (email, name)
        SELECT 'digest' || g || '@bench.local', '멤버' || g FROM generate_series(1, ${members}) AS g`,
    );
    // One direct-message room: a digest counts a CHAT_MESSAGE notice as a DM when its fold key
    // names a PERSONAL room.
    const [dm] = rowsOf<{ id: number }>(
      await db.execute(
        sql`INSERT INTO chat_rooms (workspace_id, type, dm_key, created_by)
          VALUES (${workspaceId}, 'PERSONAL', 'bench-digest', ${ownerId}) RETURNING id`,
      ),
    );
    const sender = personToken(ownerId);
    const mention = `회의실에서 ${sender}님이 회원님을 언급했습니다.`;
    const direct = `${sender}님의 메시지: 내일 회의 자료 확인 부탁드려요`;
    await db.execute(
      sql`INSERT INTO notifications (user_id, kind, message, link, fold_key, count, created_at, updated_at)
        SELECT u.id, n.kind, n.message, n.link, n.fold_key, n.count,
          now() - interval '20 minutes' + n.k * interval '1 minute',
          now() - interval '20 minutes' + n.k * interval '1 minute'
        FROM users AS u,
          (VALUES (1, 'MENTION', ${mention}, ${`/ws/${workspaceId}/chat/1`}, NULL, 1),
                  (2, 'MENTION', ${mention}, ${`/ws/${workspaceId}/chat/1`}, NULL, 1),
                  (3, 'CHAT_MESSAGE', ${direct}, ${`/ws/${workspaceId}/chat/${dm?.id ?? 0}`},
                   ${`chat:${dm?.id ?? 0}`}, 3)) AS n(k, kind, message, link, fold_key, count)
        WHERE u.email LIKE 'digest%@bench.local'`,
    );
    await db.execute(
      sql`INSERT INTO scheduled_jobs (kind, key, due_at, payload)
        SELECT ${DIGEST_KIND}, ${awayKeyPrefix} || u.id, ${dueAt.toISOString()}::timestamptz,
          jsonb_build_object('userId', u.id, 'whenAway', true)
        FROM users AS u WHERE u.email LIKE 'digest%@bench.local'`,
    );
    await db.execute(sql.raw('VACUUM ANALYZE'));
    const [counted] = rowsOf<{ jobs: number; notices: number }>(
      await db.execute(
        sql`SELECT (SELECT count(*)::int FROM scheduled_jobs WHERE status = 'pending') AS jobs,
          (SELECT count(*)::int FROM notifications) AS notices`,
      ),
    );
    return { jobs: counted?.jobs ?? 0, notices: counted?.notices ?? 0 };
  } finally {
    await database.close();
  }
}
