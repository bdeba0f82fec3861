import {
  ClassOverviewRules,
  type ClassOverview,
  type Nudge,
  type SendNudge,
} from '@teamup/contracts/class-overview';
import type { AppContext } from '../../context';
import { emitDomainEvent } from '../../platform/domain-events';
import { requireClassOverseer } from '../workspaces/class-access.service';
import { canOverseeClass } from '../workspaces/workspaces.policy';
import { assertTeamOverseeable, teamNotFound } from '../teams/team-access.service';
import { assertNudgeTarget, nudgeIntervalStart, nudgeTooSoon } from './class-overview.policy';
import { overviewWindow, presentNudge, presentOverview } from './class-overview.presenter';
import * as repo from './class-overview.repo';

/*
 * The instructor's overview (issue 45): every team of a class in a few statements grouped by
 * team, for its instructors and TAs; and the nudges they send from it (recorded, then notified
 * by the notifications module's reaction to CLASS_NUDGE_SENT).
 */

export async function getOverview(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
): Promise<ClassOverview> {
  await requireClassOverseer(ctx, workspaceId, userId);
  const db = ctx.database.db;
  const window = overviewWindow(ctx.now());
  const [teams, students, cards, meetings, round, nudges] = await Promise.all([
    repo.classTeams(db, workspaceId),
    repo.classStudents(db, workspaceId),
    repo.classCardCounts(db, workspaceId, { today: window.today, now: window.now }),
    repo.classMeetings(db, workspaceId, { from: window.weekFrom, to: window.weekTo }),
    repo.latestRound(db, workspaceId, window.now),
    repo.lastNudges(db, workspaceId),
  ]);
  const raters = round === null ? [] : await repo.roundRaters(db, round.id);
  return presentOverview({
    workspaceId,
    window,
    teams,
    students,
    cards,
    meetings,
    round,
    raters,
    nudges,
  });
}

export async function sendNudge(
  ctx: AppContext,
  senderId: number,
  workspaceId: number,
  input: SendNudge,
): Promise<Nudge> {
  await requireClassOverseer(ctx, workspaceId, senderId);
  const db = ctx.database.db;
  const team = await repo.teamOfClass(db, workspaceId, input.teamId);
  if (!team) throw teamNotFound();
  const students = await repo.teamStudentIds(db, workspaceId, team.id);
  const userId = input.userId ?? null;
  assertNudgeTarget(userId, students);
  const now = ctx.now();
  const recorded = await repo.recordNudge(db, {
    workspaceId,
    teamId: team.id,
    userId,
    senderId,
    message: input.message,
    at: now,
    since: nudgeIntervalStart(now),
  });
  if ('earlierAt' in recorded) throw nudgeTooSoon(recorded.earlierAt, now);
  const recipients = userId === null ? students : [userId];
  await emitDomainEvent(ctx, {
    type: 'CLASS_NUDGE_SENT',
    teamId: team.id,
    nudgeId: recorded.id,
    senderId,
    userIds: recipients,
    message: input.message,
  });
  const [row] = await repo.teamNudges(db, team.id, { ids: [recorded.id], limit: 1 });
  if (!row) throw teamNotFound();
  return presentNudge(row, recipients.length);
}

/**
 * A team's nudges: its instructors and TAs see every one (their reading of a team they are not in
 * is logged), a student those to the whole team and to themselves.
 */
export async function listTeamNudges(
  ctx: AppContext,
  userId: number,
  teamId: number,
): Promise<Nudge[]> {
  const { workspaceRole } = await assertTeamOverseeable(ctx, teamId, userId, 'TEAM');
  const rows = await repo.teamNudges(ctx.database.db, teamId, {
    ...(canOverseeClass(workspaceRole) ? {} : { forMember: userId }),
    limit: ClassOverviewRules.nudgeListMax,
  });
  return rows.map((row) => presentNudge(row));
}
