import type {
  MeetingAttendee,
  MeetingCard,
  MeetingDetail,
  MeetingNotes,
  MeetingSummary,
} from '@teamup/contracts/meetings';
import type { CardRow, NotesRow, SessionRow, SessionSummaryRow, StayRow } from './meetings.repo';

const minutesBetween = (from: Date, to: Date) =>
  Math.max(0, Math.round((to.getTime() - from.getTime()) / 60_000));

export function presentSummary(row: SessionSummaryRow, now: Date): MeetingSummary {
  return {
    id: row.id,
    channelId: row.channelId,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    minutes: minutesBetween(row.startedAt, row.endedAt ?? now),
    attendeeCount: row.attendeeCount,
    hasNotes: row.hasNotes,
  };
}

/** Each person's stays and the minutes they add up to (a stay going on counts until `now`). */
export function presentAttendance(stays: StayRow[], now: Date): MeetingAttendee[] {
  const byUser = new Map<number, { name: string; ms: number; stays: MeetingAttendee['stays'] }>();
  for (const stay of stays) {
    const entry = byUser.get(stay.userId) ?? { name: stay.name, ms: 0, stays: [] };
    entry.ms += Math.max(0, (stay.leftAt ?? now).getTime() - stay.joinedAt.getTime());
    entry.stays.push({
      joinedAt: stay.joinedAt.toISOString(),
      leftAt: stay.leftAt?.toISOString() ?? null,
    });
    byUser.set(stay.userId, entry);
  }
  return [...byUser.entries()].map(([userId, entry]) => ({
    userId,
    name: entry.name,
    minutes: Math.round(entry.ms / 60_000),
    stays: entry.stays,
  }));
}

export function presentNotes(row: NotesRow | undefined): MeetingNotes {
  if (!row) return { content: '', updatedAt: null, updatedBy: null };
  return {
    content: row.content,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy:
      row.updatedById === null ? null : { id: row.updatedById, name: row.updatedByName ?? '' },
  };
}

export function presentCard(row: CardRow): MeetingCard {
  return {
    lineKey: row.lineKey,
    taskId: row.taskId,
    teamId: row.teamId,
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentDetail(
  session: SessionRow,
  parts: {
    summary: SessionSummaryRow;
    stays: StayRow[];
    notes: NotesRow | undefined;
    cards: CardRow[];
    canWrite: boolean;
  },
  now: Date,
): MeetingDetail {
  return {
    session: {
      ...presentSummary(parts.summary, now),
      workspaceId: session.workspaceId,
      channelName: session.channelName,
      teamId: session.teamId,
      teamName: session.teamName,
    },
    attendance: presentAttendance(parts.stays, now),
    notes: presentNotes(parts.notes),
    cards: parts.cards.map(presentCard),
    canWrite: parts.canWrite,
  };
}
