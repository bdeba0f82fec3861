import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/**
 * An open peer evaluation round in a workspace, written directly: the API world's workspace is
 * not a class, so its routes could not open one (they answer CLASS_NOT_A_CLASS).
 */
export async function insertOpenRound(db: Db, workspaceId: number, title: string) {
  const result = (await db.execute(sql`
    INSERT INTO evaluation_rounds (workspace_id, title, criteria, opens_at, closes_at)
    VALUES (${workspaceId}, ${title}, '[{"title":"기여도","description":""}]'::jsonb,
      now() - interval '1 hour', now() + interval '1 day')
    RETURNING id`)) as { rows: Array<{ id: number }> };
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('world set-up: no evaluation round');
  return id;
}
