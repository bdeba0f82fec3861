import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  meetingAttendance,
  meetingSessions,
  videoChannels,
  videoParticipants,
} from '../../db/schema';

/*
 * Attendance (issue 45): a channel's meeting is a session from its first join until the last
 * person left, and each person's stay in it a row from their join to their leave. The stays
 * follow `video_participants`: after every change to a channel's participants (join, leave, kick,
 * the absent sweep, leaving the workspace) `syncAttendance` makes the open session and its open
 * stays agree with who is in the channel now. It locks the channel's row, so on several instances
 * at once the syncs run one after another and the last one sees every change before it.
 */

/**
 * Makes the channel's attendance agree with its participants: opens a session when the first
 * person is in, a stay for everyone in without an open one, closes the stays of who is gone (at
 * `leftAt` of theirs when known, e.g. when they were last seen, else at `now`), and ends the
 * session when nobody is left.
 */
export async function syncAttendance(
  db: Db,
  channelId: number,
  now: Date,
  leftAt: ReadonlyMap<number, Date> = new Map(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [channel] = await tx
      .select({ id: videoChannels.id })
      .from(videoChannels)
      .where(eq(videoChannels.id, channelId))
      .for('update');
    if (!channel) return; // deleted: its sessions went with it
    const present = await tx
      .select({ userId: videoParticipants.userId, joinedAt: videoParticipants.joinedAt })
      .from(videoParticipants)
      .where(eq(videoParticipants.channelId, channelId));
    let [open] = await tx
      .select({ id: meetingSessions.id, startedAt: meetingSessions.startedAt })
      .from(meetingSessions)
      .where(and(eq(meetingSessions.channelId, channelId), isNull(meetingSessions.endedAt)));
    if (!open && present.length === 0) return;

    if (open) {
      const stillIn = present.map((p) => p.userId);
      const gone = tx
        .select({ userId: meetingAttendance.userId })
        .from(meetingAttendance)
        .where(
          and(
            eq(meetingAttendance.sessionId, open.id),
            isNull(meetingAttendance.leftAt),
            stillIn.length > 0 ? notInArray(meetingAttendance.userId, stillIn) : undefined,
          ),
        );
      for (const { userId } of await gone) {
        const at = leftAt.get(userId) ?? now;
        await tx
          .update(meetingAttendance)
          .set({
            leftAt: sql`greatest(${meetingAttendance.joinedAt}, ${at.toISOString()}::timestamptz)`,
          })
          .where(
            and(
              eq(meetingAttendance.sessionId, open.id),
              eq(meetingAttendance.userId, userId),
              isNull(meetingAttendance.leftAt),
            ),
          );
      }
      if (present.length === 0) {
        // The last person left: the meeting ends when its last stay did.
        await tx
          .update(meetingSessions)
          .set({
            endedAt: sql`coalesce(
              (select max(ma.left_at) from meeting_attendance ma where ma.session_id = ${open.id}),
              ${now.toISOString()}::timestamptz)`,
          })
          .where(eq(meetingSessions.id, open.id));
        return;
      }
    } else {
      const first = present.reduce((a, b) => (a.joinedAt <= b.joinedAt ? a : b));
      const startedAt = first.joinedAt < now ? first.joinedAt : now;
      [open] = await tx
        .insert(meetingSessions)
        .values({ channelId, startedAt })
        .returning({ id: meetingSessions.id, startedAt: meetingSessions.startedAt });
      if (!open) throw new Error('meeting session insert returned nothing');
    }

    const sessionId = open.id;
    const openStays = await tx
      .select({ userId: meetingAttendance.userId })
      .from(meetingAttendance)
      .where(
        and(
          eq(meetingAttendance.sessionId, sessionId),
          isNull(meetingAttendance.leftAt),
          inArray(
            meetingAttendance.userId,
            present.map((p) => p.userId),
          ),
        ),
      );
    const staying = new Set(openStays.map((s) => s.userId));
    const arriving = present.filter((p) => !staying.has(p.userId));
    if (arriving.length > 0) {
      const startedAt = open.startedAt;
      await tx.insert(meetingAttendance).values(
        arriving.map((p) => ({
          sessionId,
          userId: p.userId,
          // A rejoin's participant row is new; an old row (joined before this session) starts now.
          joinedAt: p.joinedAt >= startedAt ? p.joinedAt : now,
        })),
      );
    }
  });
}
