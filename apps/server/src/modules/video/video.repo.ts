import type { VideoMode } from '@teamup/contracts/video';
import { and, asc, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teams, users, videoChannels, videoChatMessages, videoParticipants } from '../../db/schema';

export type ChannelRow = typeof videoChannels.$inferSelect;
export type ChannelView = ChannelRow & { participantCount: number; teamName: string | null };
export type ParticipantView = {
  id: number;
  channelId: number;
  userId: number;
  name: string;
  email: string;
  profileImageUrl: string | null;
  joinedAt: Date;
  publishing: boolean;
  camera: boolean;
  microphone: boolean;
  screen: boolean;
};
export type ChatLineRow = typeof videoChatMessages.$inferSelect;

// Spelled out: inside a subquery Drizzle's column references lose their table names.
const participantCount = sql<number>`(
  select count(*)::int from "video_participants" vp where vp."channel_id" = "video_channels"."id"
)`;

const channelColumns = {
  id: videoChannels.id,
  workspaceId: videoChannels.workspaceId,
  name: videoChannels.name,
  teamId: videoChannels.teamId,
  createdBy: videoChannels.createdBy,
  broadcasterId: videoChannels.broadcasterId,
  mode: videoChannels.mode,
  createdAt: videoChannels.createdAt,
  participantCount,
  teamName: teams.name,
};

/** Inserts a channel; undefined when the workspace already has one by that name. */
export async function insertChannel(
  db: Db,
  row: {
    workspaceId: number;
    name: string;
    createdBy: number;
    teamId: number | null;
    mode: VideoMode;
  },
): Promise<ChannelRow | undefined> {
  const [inserted] = await db.insert(videoChannels).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function listChannels(db: Db, workspaceId: number): Promise<ChannelView[]> {
  return db
    .select(channelColumns)
    .from(videoChannels)
    .leftJoin(teams, eq(teams.id, videoChannels.teamId))
    .where(eq(videoChannels.workspaceId, workspaceId))
    .orderBy(asc(videoChannels.createdAt), asc(videoChannels.id));
}

export async function findChannel(db: Db, id: number): Promise<ChannelView | undefined> {
  const [row] = await db
    .select(channelColumns)
    .from(videoChannels)
    .leftJoin(teams, eq(teams.id, videoChannels.teamId))
    .where(eq(videoChannels.id, id))
    .limit(1);
  return row;
}

/**
 * Sets the channel's mode unless someone is in the meeting (their screens and media were set up
 * for the other mode). True when it changed.
 */
export async function updateModeWhileEmpty(db: Db, id: number, mode: VideoMode) {
  return db.transaction(async (tx) => {
    // A join's insert holds a key-share lock on the channel until it commits; this lock waits
    // for it (and holds the next join back), so the emptiness below is not already stale.
    await tx
      .select({ id: videoChannels.id })
      .from(videoChannels)
      .where(eq(videoChannels.id, id))
      .for('update');
    const updated = await tx
      .update(videoChannels)
      .set({ mode })
      .where(
        and(
          eq(videoChannels.id, id),
          sql`not exists (select 1 from "video_participants" vp where vp."channel_id" = ${id})`,
        ),
      )
      .returning({ id: videoChannels.id });
    return updated.length > 0;
  });
}

export async function deleteChannel(db: Db, id: number): Promise<void> {
  await db.delete(videoChannels).where(eq(videoChannels.id, id));
}

const participantColumns = {
  id: videoParticipants.id,
  channelId: videoParticipants.channelId,
  userId: videoParticipants.userId,
  name: users.name,
  email: users.email,
  profileImageUrl: users.profileImageUrl,
  joinedAt: videoParticipants.joinedAt,
  publishing: videoParticipants.publishing,
  camera: videoParticipants.camera,
  microphone: videoParticipants.microphone,
  screen: videoParticipants.screen,
};

export async function listParticipants(db: Db, channelId: number): Promise<ParticipantView[]> {
  return db
    .select(participantColumns)
    .from(videoParticipants)
    .innerJoin(users, eq(users.id, videoParticipants.userId))
    .where(eq(videoParticipants.channelId, channelId))
    .orderBy(asc(videoParticipants.joinedAt), asc(videoParticipants.id));
}

export async function findParticipant(
  db: Db,
  channelId: number,
  by: { userId: number } | { participantId: number },
): Promise<ParticipantView | undefined> {
  const [row] = await db
    .select(participantColumns)
    .from(videoParticipants)
    .innerJoin(users, eq(users.id, videoParticipants.userId))
    .where(
      and(
        eq(videoParticipants.channelId, channelId),
        'userId' in by
          ? eq(videoParticipants.userId, by.userId)
          : eq(videoParticipants.id, by.participantId),
      ),
    )
    .limit(1);
  return row;
}

/** Joins (or, already there, marks as seen now): one row per person and channel. */
export async function upsertParticipant(db: Db, channelId: number, userId: number, now: Date) {
  await db
    .insert(videoParticipants)
    .values({ channelId, userId, joinedAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: [videoParticipants.channelId, videoParticipants.userId],
      set: { lastSeenAt: now },
    });
}

/** Removes the participant and gives up the broadcast if they held it. True when a row went. */
export async function removeParticipant(db: Db, channelId: number, userId: number) {
  const removed = await db
    .delete(videoParticipants)
    .where(and(eq(videoParticipants.channelId, channelId), eq(videoParticipants.userId, userId)))
    .returning({ id: videoParticipants.id });
  await releaseBroadcast(db, channelId, userId);
  return removed.length > 0;
}

/** Every participation of a user in a workspace's channels (they left the workspace). */
export async function removeFromWorkspace(db: Db, workspaceId: number, userId: number) {
  const channelIds = db
    .select({ id: videoChannels.id })
    .from(videoChannels)
    .where(eq(videoChannels.workspaceId, workspaceId));
  const removed = await db
    .delete(videoParticipants)
    .where(
      and(eq(videoParticipants.userId, userId), inArray(videoParticipants.channelId, channelIds)),
    )
    .returning({ channelId: videoParticipants.channelId });
  await db
    .update(videoChannels)
    .set({ broadcasterId: null })
    .where(
      and(eq(videoChannels.workspaceId, workspaceId), eq(videoChannels.broadcasterId, userId)),
    );
  return removed.map((row) => row.channelId);
}

/**
 * Claims the broadcast for `userId` unless someone else holds it. One conditional update, so of
 * two simultaneous claims exactly one wins. Answers who broadcasts afterwards.
 */
export async function claimBroadcast(db: Db, channelId: number, userId: number) {
  const [claimed] = await db
    .update(videoChannels)
    .set({ broadcasterId: userId })
    .where(
      and(
        eq(videoChannels.id, channelId),
        or(isNull(videoChannels.broadcasterId), eq(videoChannels.broadcasterId, userId)),
      ),
    )
    .returning({ broadcasterId: videoChannels.broadcasterId });
  if (claimed) return claimed.broadcasterId;
  const channel = await findChannel(db, channelId);
  return channel?.broadcasterId ?? null;
}

export async function releaseBroadcast(db: Db, channelId: number, userId: number) {
  await db
    .update(videoChannels)
    .set({ broadcasterId: null })
    .where(and(eq(videoChannels.id, channelId), eq(videoChannels.broadcasterId, userId)));
}

/**
 * Records what a participant sends. Sending anything takes a publisher's place, granted while
 * fewer than `limit` others hold one (null: no limit). The channel's row is locked first, so of
 * simultaneous claims for the last place exactly one wins. False when the places are taken.
 */
export async function setMediaState(
  db: Db,
  channelId: number,
  userId: number,
  media: { camera: boolean; microphone: boolean; screen: boolean },
  limit: number | null,
): Promise<boolean> {
  const publishing = media.camera || media.microphone || media.screen;
  return db.transaction(async (tx) => {
    await tx
      .select({ id: videoChannels.id })
      .from(videoChannels)
      .where(eq(videoChannels.id, channelId))
      .for('update');
    if (publishing && limit !== null) {
      const [others] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(videoParticipants)
        .where(
          and(
            eq(videoParticipants.channelId, channelId),
            eq(videoParticipants.publishing, true),
            ne(videoParticipants.userId, userId),
          ),
        );
      if ((others?.count ?? 0) >= limit) return false;
    }
    await tx
      .update(videoParticipants)
      .set({ ...media, publishing })
      .where(and(eq(videoParticipants.channelId, channelId), eq(videoParticipants.userId, userId)));
    return true;
  });
}

/** Marks the given participations as still connected. */
export async function touchParticipants(
  db: Db,
  pairs: ReadonlyArray<{ channelId: number; userId: number }>,
  now: Date,
) {
  if (pairs.length === 0) return;
  await db
    .update(videoParticipants)
    .set({ lastSeenAt: now })
    .where(
      or(
        ...pairs.map((pair) =>
          and(
            eq(videoParticipants.channelId, pair.channelId),
            eq(videoParticipants.userId, pair.userId),
          ),
        ),
      ),
    );
}

/** Removes everyone not seen since `before`; answers what went, for the events. */
export async function removeUnseen(db: Db, before: Date) {
  const removed = await db
    .delete(videoParticipants)
    .where(lt(videoParticipants.lastSeenAt, before))
    .returning({
      channelId: videoParticipants.channelId,
      userId: videoParticipants.userId,
      lastSeenAt: videoParticipants.lastSeenAt,
    });
  for (const row of removed) await releaseBroadcast(db, row.channelId, row.userId);
  if (removed.length === 0) return [];
  const channelIds = [...new Set(removed.map((row) => row.channelId))];
  const workspaceOf = new Map(
    (
      await db
        .select({ id: videoChannels.id, workspaceId: videoChannels.workspaceId })
        .from(videoChannels)
        .where(inArray(videoChannels.id, channelIds))
    ).map((row) => [row.id, row.workspaceId]),
  );
  return removed.flatMap((row) => {
    const workspaceId = workspaceOf.get(row.channelId);
    return workspaceId === undefined ? [] : [{ ...row, workspaceId }];
  });
}

export async function insertChatLine(
  db: Db,
  row: {
    channelId: number;
    senderId: number;
    senderName: string;
    senderEmail: string;
    message: string;
    createdAt: Date;
  },
): Promise<ChatLineRow> {
  const [inserted] = await db.insert(videoChatMessages).values(row).returning();
  if (!inserted) throw new Error('meeting chat insert returned nothing');
  return inserted;
}

/** The newest `limit` lines, oldest first. */
export async function recentChatLines(db: Db, channelId: number, limit: number) {
  const rows = await db
    .select()
    .from(videoChatMessages)
    .where(eq(videoChatMessages.channelId, channelId))
    .orderBy(desc(videoChatMessages.id))
    .limit(limit);
  return rows.reverse();
}
