import { ErrorCode } from '@teamup/contracts/error-codes';
import {
  MeetingMessages as M,
  parseActionItem,
  type createMeetingCardSchema,
  type MeetingCard,
  type MeetingDetail,
  type MeetingNotes,
  type MeetingSummary,
} from '@teamup/contracts/meetings';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../platform/errors/app-error';
import { createTask } from '../kanban/kanban.service';
import { assertTeamOverseeable, loadTeam, teamMembersAmong } from '../teams/team-access.service';
import { requireMembership } from '../workspaces/membership.service';
import { requireChannel } from '../video/video.service';
import { assertMayWrite } from './meetings.policy';
import { presentCard, presentDetail, presentNotes, presentSummary } from './meetings.presenter';
import * as repo from './meetings.repo';

/** How many meetings a channel's list shows (newest first). */
const LIST_LIMIT = 100;

const meetingNotFound = () => notFound(M.notFound, ErrorCode.MEETING_NOT_FOUND);

/**
 * Who reaches a channel's meetings: for a team's channel its members (and in a class its
 * instructors and TAs, read only and logged); for the workspace's channel its members. Answers
 * whether the caller may write.
 */
async function reachMeetings(
  ctx: AppContext,
  userId: number,
  channel: { workspaceId: number; teamId: number | null },
): Promise<boolean> {
  if (channel.teamId === null) {
    await requireMembership(ctx, channel.workspaceId, userId);
    return true;
  }
  const { isMember } = await assertTeamOverseeable(ctx, channel.teamId, userId, 'MEETING_NOTES');
  return isMember;
}

/** The meeting, after checking the caller reaches it; with whether they may write. */
export async function accessSession(ctx: AppContext, userId: number, sessionId: number) {
  const session = await repo.findSession(ctx.database.db, sessionId);
  if (!session) throw meetingNotFound();
  const canWrite = await reachMeetings(ctx, userId, session);
  return { session, canWrite };
}

/** The channel (of this workspace), after checking the caller reaches its meetings. */
export async function accessChannelMeetings(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  channelId: number,
) {
  const { channel } = await requireChannel(ctx, userId, workspaceId, channelId);
  await reachMeetings(ctx, userId, channel);
  return channel;
}

export async function listMeetings(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  channelId: number,
): Promise<MeetingSummary[]> {
  await accessChannelMeetings(ctx, userId, workspaceId, channelId);
  const rows = await repo.listSessions(ctx.database.db, channelId, LIST_LIMIT);
  const now = ctx.now();
  return rows.map((row) => presentSummary(row, now));
}

export async function getMeeting(
  ctx: AppContext,
  userId: number,
  sessionId: number,
): Promise<MeetingDetail> {
  const { session, canWrite } = await accessSession(ctx, userId, sessionId);
  const db = ctx.database.db;
  const [stays, notes, cards] = await Promise.all([
    repo.staysOf(db, sessionId),
    repo.findNotes(db, sessionId),
    repo.cardsOf(db, sessionId),
  ]);
  const summary = {
    id: session.id,
    channelId: session.channelId,
    startedAt: session.startedAt,
    endedAt: session.endedAt,
    attendeeCount: new Set(stays.map((s) => s.userId)).size,
    hasNotes: (notes?.content ?? '') !== '',
  };
  return presentDetail(session, { summary, stays, notes, cards, canWrite }, ctx.now());
}

/**
 * Saves the notes when they are still what the writer started from (`baseUpdatedAt`); a stale
 * base is refused (409), so two writers never overwrite each other silently.
 */
export async function saveNotes(
  ctx: AppContext,
  userId: number,
  sessionId: number,
  input: { content: string; baseUpdatedAt: string | null },
): Promise<MeetingNotes> {
  const { canWrite } = await accessSession(ctx, userId, sessionId);
  assertMayWrite(canWrite);
  const db = ctx.database.db;
  const row = { sessionId, content: input.content, updatedBy: userId, at: ctx.now() };
  const saved =
    input.baseUpdatedAt === null
      ? await repo.insertNotes(db, row)
      : await repo.updateNotes(db, { ...row, base: new Date(input.baseUpdatedAt) });
  if (!saved) throw conflict(ErrorCode.MEETING_NOTES_STALE, M.stale);
  return presentNotes(await repo.findNotes(db, sessionId));
}

const cardTargetInvalid = (detail: string) =>
  badRequest(ErrorCode.MEETING_CARD_TARGET_INVALID, detail);

/** The team a card goes to: the channel's, or for a workspace channel one of the writer's. */
async function cardTeam(
  ctx: AppContext,
  userId: number,
  session: repo.SessionRow,
  requested: number | undefined,
): Promise<number> {
  if (session.teamId !== null) {
    if (requested !== undefined && requested !== session.teamId) {
      throw cardTargetInvalid(M.notYourTeam);
    }
    return session.teamId;
  }
  if (requested === undefined) throw cardTargetInvalid(M.teamRequired);
  const team = await loadTeam(ctx.database.db, requested).catch(() => undefined);
  if (
    !team ||
    team.workspaceId !== session.workspaceId ||
    (await teamMembersAmong(ctx, team.id, [userId])).length === 0
  ) {
    throw cardTargetInvalid(M.notYourTeam);
  }
  return team.id;
}

/**
 * Makes an action item line a card of the team's board, through the kanban service (its rules,
 * notifications and live events apply). The line is claimed first, so it is made once (409).
 */
export async function createCard(
  ctx: AppContext,
  userId: number,
  sessionId: number,
  input: z.output<typeof createMeetingCardSchema>,
): Promise<MeetingCard> {
  const { session, canWrite } = await accessSession(ctx, userId, sessionId);
  assertMayWrite(canWrite);
  const db = ctx.database.db;
  const today = ctx.now().toISOString().slice(0, 10);
  const item = parseActionItem(input.line, today);
  if (!item) throw badRequest(ErrorCode.MEETING_NOT_ACTION_ITEM, M.notActionItem);
  const teamId = await cardTeam(ctx, userId, session, input.teamId);

  const assigneeIds: number[] = [];
  if (input.assigneeId != null) {
    const members = await teamMembersAmong(ctx, teamId, [input.assigneeId]);
    if (members.length === 0) throw cardTargetInvalid(M.assigneeNotMember);
    assigneeIds.push(input.assigneeId);
  }
  const lists = await repo.teamLists(db, teamId);
  let listId: number;
  if (input.kanbanListId !== undefined) {
    if (!lists.some((l) => l.id === input.kanbanListId)) throw cardTargetInvalid(M.listNotInTeam);
    listId = input.kanbanListId;
  } else {
    // The board's first list that is not the done list (a card made there would be approved).
    const first = lists.find((l) => !l.isDone) ?? lists[0];
    if (!first) throw cardTargetInvalid(M.noList);
    listId = first.id;
  }

  const claimed = await repo.claimLine(db, {
    sessionId,
    lineKey: item.key,
    createdBy: userId,
    at: ctx.now(),
  });
  if (!claimed) throw conflict(ErrorCode.MEETING_CARD_EXISTS, M.cardExists);
  let taskId: number;
  try {
    const day = session.startedAt.toISOString().slice(0, 10);
    const task = await createTask(ctx, userId, {
      subject: input.subject ?? item.subject.slice(0, 200),
      content: `회의록에서 만든 카드: ${session.channelName} (${day})`,
      kanbanListId: listId,
      ...(input.dueDate ? { deadline: input.dueDate } : {}),
      assigneeIds,
    });
    taskId = task.id;
  } catch (error) {
    await repo.releaseLine(db, sessionId, item.key);
    throw error;
  }
  await repo.setLineTask(db, sessionId, item.key, taskId);
  const card = (await repo.cardsOf(db, sessionId)).find((c) => c.lineKey === item.key);
  if (!card) throw meetingNotFound(); // the meeting went in between
  return presentCard(card);
}
