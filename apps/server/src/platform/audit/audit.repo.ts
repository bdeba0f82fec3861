import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';

export type NewAuditEvent = {
  at: Date;
  action: string;
  actorId: number | null;
  /** When null and there is an actor, their e-mail is read in the statement. */
  actorLabel: string | null;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  /** A USER target whose e-mail becomes the label (read in the statement). */
  targetUserId: number | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, string | number | boolean | null>;
};

export async function insertAuditEvent(db: Db, event: NewAuditEvent): Promise<void> {
  const actorLabel =
    event.actorLabel ??
    (event.actorId === null ? null : sql`(SELECT email FROM users WHERE id = ${event.actorId})`);
  const targetLabel =
    event.targetLabel ??
    (event.targetUserId === null
      ? null
      : sql`(SELECT email FROM users WHERE id = ${event.targetUserId})`);
  await db.execute(sql`
    INSERT INTO audit_events
      (at, action, actor_id, actor_label, target_type, target_id, target_label, ip, user_agent,
       details)
    VALUES (${event.at}, ${event.action}, ${event.actorId}, ${actorLabel}, ${event.targetType},
      ${event.targetId}, ${targetLabel}, ${event.ip}, ${event.userAgent},
      ${JSON.stringify(event.details)}::jsonb)`);
}

export async function deleteAuditBefore(db: Db, before: Date): Promise<number> {
  return rowsOf(await db.execute(sql`DELETE FROM audit_events WHERE at < ${before} RETURNING id`))
    .length;
}
