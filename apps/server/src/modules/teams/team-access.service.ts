import { ErrorCode } from '@teamup/contracts/error-codes';
import { Topics, type LiveEvent, type TeamContentChangedEvent } from '@teamup/contracts/events';
import { TeamMessages as M } from '@teamup/contracts/teams';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors/app-error';
import { AccessCaches, accessCacheOf, clearAccessCaches } from '../../platform/access-cache';
import { canReadAllTeamContent } from '../workspaces/workspaces.policy';
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

/**
 * For team content (announcements, posts, files): members of the team and the workspace roles
 * that read every team's content may read and write. Answers the team's workspace id.
 */
export async function assertTeamContentAccess(
  ctx: AppContext,
  teamId: number,
  userId: number,
): Promise<Pick<repo.TeamRow, 'workspaceId' | 'leaderId' | 'name' | 'announcementPosting'>> {
  const { team, workspaceRole } = await cachedTeamInWorkspace(ctx, teamId, userId);
  // Those roles reach every team: their membership is not even read.
  if (!canReadAllTeamContent(workspaceRole)) {
    assertInTeam(await isCachedTeamMember(ctx, teamId, userId));
  }
  return {
    workspaceId: team.workspaceId,
    leaderId: team.leaderId,
    name: team.name,
    announcementPosting: team.announcementPosting,
  };
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
