import { ErrorCode } from '@teamup/contracts/error-codes';
import { Topics, type LiveEvent, type TeamContentChangedEvent } from '@teamup/contracts/events';
import { TeamMessages as M } from '@teamup/contracts/teams';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../platform/errors/app-error';
import { AccessCaches, accessCacheOf, clearAccessCaches } from '../../platform/access-cache';
import {
  canOverseeClass,
  canReadAllTeamContent,
  canWriteAllTeamContent,
} from '../workspaces/workspaces.policy';
import { ClassMessages } from '@teamup/contracts/class';
import { isClassWorkspace } from '../workspaces/class-access.service';
import type { TeamReadArea } from '@teamup/contracts/class';
import type { WorkspaceRole } from '@teamup/contracts/workspaces';
import { logTeamRead } from './team-read-log';

export { logTeamReads } from './team-read-log';
import { requireMembership } from '../workspaces/membership.service';
import { assertCanDeleteTeam, assertCanEditTeam, assertInTeam } from './teams.policy';
import * as repo from './teams.repo';

/*
 * Reaching a team: the checks every team route and every module with team content starts with
 * (the rules themselves are teams.policy.ts), the per-instance caches they read and the clearing
 * of those caches, and the team's live announcements.
 */

export const teamNotFound = () => notFound(M.notFound, ErrorCode.TEAM_NOT_FOUND);

export async function loadTeam(db: Db, teamId: number): Promise<repo.TeamRow> {
  const team = await repo.findTeam(db, teamId);
  if (!team) throw teamNotFound();
  return team;
}

/** The team, after checking the caller belongs to its workspace; answers their workspace role. */
export async function teamInWorkspace(ctx: AppContext, teamId: number, userId: number) {
  const team = await loadTeam(ctx.database.db, teamId);
  const workspaceRole = await requireMembership(ctx, team.workspaceId, userId);
  return { team, workspaceRole };
}

/** A team its caller may edit; also the access step of the edit route (decision 0036). */
export async function managedTeam(ctx: AppContext, teamId: number, userId: number) {
  const found = await teamInWorkspace(ctx, teamId, userId);
  assertCanEditTeam(found.team, userId, found.workspaceRole);
  return found;
}

/** A team its caller may delete; also the access step of the delete route (decision 0036). */
export async function deletableTeam(ctx: AppContext, teamId: number, userId: number) {
  const found = await teamInWorkspace(ctx, teamId, userId);
  assertCanDeleteTeam(found.team, userId, found.workspaceRole);
  return found;
}

/**
 * The access checks of team content read the team and its membership from per-instance caches
 * (platform/access-cache.ts), cleared on every instance by each change to the team (update,
 * deletion, join, leave, removal) and by the workspace's removals and deletion.
 */
async function cachedTeamInWorkspace(ctx: AppContext, teamId: number, userId: number) {
  const db = ctx.database.db;
  const team = await accessCacheOf<repo.TeamRow>(ctx, AccessCaches.team).get(teamId, 0, () =>
    repo.findTeam(db, teamId),
  );
  if (!team) throw teamNotFound();
  const workspaceRole = await requireMembership(ctx, team.workspaceId, userId);
  return { team, workspaceRole };
}

async function isCachedTeamMember(ctx: AppContext, teamId: number, userId: number) {
  const member = await accessCacheOf<true>(ctx, AccessCaches.teamMember).get(
    teamId,
    userId,
    async () => ((await repo.isTeamMember(ctx.database.db, teamId, userId)) ? true : undefined),
  );
  return member === true;
}

/** After a committed change to a team (and to these members of it), on every instance. */
export async function clearTeamCaches(ctx: AppContext, teamId: number, userIds: number[] = []) {
  await clearAccessCaches(ctx, { caches: [AccessCaches.team], scopeIds: [teamId] });
  if (userIds.length > 0) {
    await clearAccessCaches(ctx, {
      caches: [AccessCaches.teamMember],
      scopeIds: [teamId],
      userIds,
    });
  }
}

/** After a team is deleted: everything kept about it. */
export async function clearDeletedTeam(ctx: AppContext, teamId: number) {
  await clearAccessCaches(ctx, {
    caches: [AccessCaches.team, AccessCaches.teamMember, AccessCaches.kanbanBoard],
    scopeIds: [teamId],
  });
}

/**
 * Reaching a team by its id (the access step of the team's own routes, decision 0036): it exists
 * and the caller is in its workspace. What else an operation needs (leading it, being in it) the
 * operation checks.
 */
export async function assertTeamInWorkspace(
  ctx: AppContext,
  teamId: number,
  userId: number,
): Promise<void> {
  await cachedTeamInWorkspace(ctx, teamId, userId);
}

/**
 * For every module with team content: the caller must be in the team's workspace and in the
 * team itself. Answers the team's workspace id.
 */
export async function assertTeamMember(
  ctx: AppContext,
  teamId: number,
  userId: number,
): Promise<{ workspaceId: number }> {
  const { team } = await cachedTeamInWorkspace(ctx, teamId, userId);
  assertInTeam(await isCachedTeamMember(ctx, teamId, userId));
  return { workspaceId: team.workspaceId };
}

/** What a caller does with a team's content, and which part of it (for the read log). */
export type TeamContentUse = { intent: 'read' | 'write'; area: TeamReadArea };
export const reading = (area: TeamReadArea): TeamContentUse => ({ intent: 'read', area });
export const writing = (area: TeamReadArea): TeamContentUse => ({ intent: 'write', area });

const staffReadOnly = () => forbidden(ClassMessages.readOnly, ErrorCode.CLASS_READ_ONLY);

/**
 * For team content (announcements, posts, files, cards, events): members of the team read and
 * write it; the workspace roles that read every team's content read it without being members
 * (the owner writes too, as the specification has it; a class's instructors and TAs only read,
 * issue 45). A class's overseers' reading of a team they are not in is logged for the team.
 * Every caller says what it does (`use`), so a write can never pass as a read. Answers the team.
 */
export async function assertTeamContentAccess(
  ctx: AppContext,
  teamId: number,
  userId: number,
  use: TeamContentUse,
): Promise<Pick<repo.TeamRow, 'workspaceId' | 'leaderId' | 'name' | 'announcementPosting'>> {
  const { team, workspaceRole } = await cachedTeamInWorkspace(ctx, teamId, userId);
  const answer = {
    workspaceId: team.workspaceId,
    leaderId: team.leaderId,
    name: team.name,
    announcementPosting: team.announcementPosting,
  };
  const member = await isCachedTeamMember(ctx, teamId, userId);
  if (member) return answer;
  if (!canReadAllTeamContent(workspaceRole)) assertInTeam(false);
  if (use.intent === 'write' && !canWriteAllTeamContent(workspaceRole)) throw staffReadOnly();
  if (canOverseeClass(workspaceRole) && (await isClassWorkspace(ctx, team.workspaceId))) {
    await logTeamRead(ctx, {
      workspaceId: team.workspaceId,
      teamId,
      readerId: userId,
      area: use.area,
    });
  }
  return answer;
}

/**
 * For what a team shows of itself to those overseeing a class (issue 45): its members, and in a
 * class its instructors and TAs, whose reading of a team they are not in is logged for the team.
 * Answers whether the caller is a member (staff who are not read only).
 */
export async function assertTeamOverseeable(
  ctx: AppContext,
  teamId: number,
  userId: number,
  /** What is read, for the read log; null for the read log itself (not logged). */
  area: TeamReadArea | null,
): Promise<{ workspaceId: number; isMember: boolean; workspaceRole: WorkspaceRole }> {
  const { team, workspaceRole } = await cachedTeamInWorkspace(ctx, teamId, userId);
  const workspaceId = team.workspaceId;
  if (await isCachedTeamMember(ctx, teamId, userId)) {
    return { workspaceId, isMember: true, workspaceRole };
  }
  if (!canOverseeClass(workspaceRole) || !(await isClassWorkspace(ctx, workspaceId))) {
    assertInTeam(false);
  }
  if (area !== null) await logTeamRead(ctx, { workspaceId, teamId, readerId: userId, area });
  return { workspaceId, isMember: false, workspaceRole };
}

/** A team event to the workspace's live listeners. */
export async function publishToWorkspace(ctx: AppContext, workspaceId: number, event: LiveEvent) {
  await ctx.bus.publish(Topics.workspace(workspaceId), event);
}

/** Tells the workspace's live listeners that an area of a team's space changed. */
export async function publishTeamContentChange(
  ctx: AppContext,
  team: { workspaceId: number; teamId: number },
  area: TeamContentChangedEvent['area'],
): Promise<void> {
  await ctx.bus.publish(Topics.workspace(team.workspaceId), {
    type: 'TEAM_CONTENT_CHANGED',
    workspaceId: team.workspaceId,
    teamId: team.teamId,
    area,
  });
}

/** Of `userIds`, those who are members of the team (assignees must be). */
export async function teamMembersAmong(
  ctx: AppContext,
  teamId: number,
  userIds: readonly number[],
  db: Db = ctx.database.db,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  return repo.membersAmong(db, teamId, userIds);
}
