import { ErrorCode } from '@teamup/contracts/error-codes';
import { TeamMessages as M, type Team, type TeamMember } from '@teamup/contracts/teams';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors/app-error';
import { emitDomainEvent } from '../../platform/domain-events';
import type { MemberRemovalStep } from '../../platform/module';
import { collectOwnedFiles, deleteStoredFiles } from '../../platform/storage/owned-files';
import { joinTeamRoom, leaveTeamRoom } from '../chat/chat.service';
import { checkPassword } from '../workspaces/invites.service';
import { requireMembership } from '../workspaces/membership.service';
import {
  clearDeletedTeam,
  clearTeamCaches,
  loadTeam,
  publishToWorkspace,
  teamInWorkspace,
  teamNotFound,
} from './team-access.service';
import { assertCanEditTeam, assertInTeam, assertMayBeInTeams } from './teams.policy';
import type { WorkspaceRole } from '@teamup/contracts/workspaces';
import { presentTeamMember } from './teams.presenter';
import * as repo from './teams.repo';
import { presentForViewer } from './teams.service';

/*
 * A team's members: joining (with the team's password), leaving (the last one keeps or deletes
 * the team), the leader or a moderator adding and removing others, and leadership passing on.
 */

export async function joinTeam(
  ctx: AppContext,
  userId: number,
  teamId: number,
  password: string | null | undefined,
): Promise<Team> {
  const { team, workspaceRole } = await teamInWorkspace(ctx, teamId, userId);
  assertMayBeInTeams(workspaceRole);
  const db = ctx.database.db;
  if (await repo.isTeamMember(db, teamId, userId)) {
    throw conflict(ErrorCode.TEAM_ALREADY_MEMBER, M.alreadyMember);
  }
  if (team.passwordHash !== null) {
    await checkPassword(ctx, `team-password:${teamId}:${userId}`, team.passwordHash, password, {
      required: () => forbidden(M.passwordRequired, ErrorCode.TEAM_PASSWORD_REQUIRED),
      wrong: () => forbidden(M.passwordWrong, ErrorCode.TEAM_PASSWORD_WRONG),
    });
  }
  await addToTeam(ctx, team, userId);
  return presentForViewer(ctx, teamId, userId);
}

async function addToTeam(ctx: AppContext, team: repo.TeamRow, userId: number) {
  const added = await ctx.database.db.transaction(async (tx) => {
    if (!(await repo.insertTeamMember(tx, team.id, userId))) return false;
    // A team kept by its last member has no leader: the next to join leads it.
    const current = await repo.findTeam(tx, team.id);
    if (current && current.leaderId === null) {
      await repo.updateTeam(tx, team.id, { leaderId: userId }, ctx.now());
    }
    return true;
  });
  if (!added) throw conflict(ErrorCode.TEAM_ALREADY_MEMBER, M.alreadyMember);
  await clearTeamCaches(ctx, team.id, [userId]);
  await joinTeamRoom(ctx, team.id, [userId]);
  await publishToWorkspace(ctx, team.workspaceId, {
    type: 'TEAM_MEMBERSHIP_CHANGED',
    workspaceId: team.workspaceId,
    teamId: team.id,
    userId,
    change: 'JOINED',
  });
  await emitDomainEvent(ctx, { type: 'TEAM_MEMBER_JOINED', teamId: team.id, userId });
}

/**
 * Takes a member out of a team inside `db` (a transaction). When they led it, the member who
 * joined earliest takes over; with nobody left the team stays, leaderless.
 */
async function dropMember(db: Db, team: repo.TeamRow, userId: number, now: Date) {
  const removed = await repo.deleteTeamMember(db, team.id, userId);
  if (removed && team.leaderId === userId) {
    const successor = (await repo.longestMember(db, team.id)) ?? null;
    await repo.updateTeam(db, team.id, { leaderId: successor }, now);
  }
  return removed;
}

export async function leaveTeam(
  ctx: AppContext,
  userId: number,
  teamId: number,
  whenLast: 'DELETE' | 'KEEP' | undefined,
): Promise<{ teamDeleted: boolean }> {
  const { team } = await teamInWorkspace(ctx, teamId, userId);
  let deletedFiles: string[] = [];
  const teamDeleted = await ctx.database.db.transaction(async (tx) => {
    assertInTeam(await repo.isTeamMember(tx, teamId, userId));
    if ((await repo.countTeamMembers(tx, teamId)) === 1) {
      if (!whenLast) throw conflict(ErrorCode.TEAM_LAST_MEMBER, M.lastMember);
      if (whenLast === 'DELETE') {
        deletedFiles = await collectOwnedFiles(ctx.hooks.ownedFiles, tx, { teamId });
        await repo.deleteTeam(tx, teamId);
        return true;
      }
    }
    await dropMember(tx, team, userId, ctx.now());
    return false;
  });
  if (teamDeleted) {
    // The team's room stays, as a plain group room, with its last member in it.
    await clearDeletedTeam(ctx, teamId);
  } else {
    await clearTeamCaches(ctx, teamId, [userId]);
    await leaveTeamRoom(ctx, teamId, userId);
  }
  await deleteStoredFiles(ctx.storage, ctx.logger, deletedFiles);
  await publishToWorkspace(
    ctx,
    team.workspaceId,
    teamDeleted
      ? { type: 'TEAM_DELETED', workspaceId: team.workspaceId, teamId }
      : {
          type: 'TEAM_MEMBERSHIP_CHANGED',
          workspaceId: team.workspaceId,
          teamId,
          userId,
          change: 'LEFT',
        },
  );
  return { teamDeleted };
}

export async function listTeamMembers(
  ctx: AppContext,
  userId: number,
  teamId: number,
): Promise<TeamMember[]> {
  const { team } = await teamInWorkspace(ctx, teamId, userId);
  const rows = await repo.listTeamMembers(ctx.database.db, teamId);
  const members = rows.map((row) => presentTeamMember(row, team.leaderId));
  // Leader first, then by join time.
  return members.sort((a, b) => Number(b.teamRole === 'LEADER') - Number(a.teamRole === 'LEADER'));
}

/** Yourself: a join. Someone else: the leader or a workspace admin adds a workspace member. */
export async function addTeamMember(
  ctx: AppContext,
  actorId: number,
  teamId: number,
  targetId: number,
  password: string | null | undefined,
): Promise<TeamMember> {
  if (targetId === actorId) {
    await joinTeam(ctx, actorId, teamId, password);
  } else {
    const { team, workspaceRole } = await teamInWorkspace(ctx, teamId, actorId);
    assertCanEditTeam(team, actorId, workspaceRole);
    let targetRole: WorkspaceRole;
    try {
      targetRole = await requireMembership(ctx, team.workspaceId, targetId);
    } catch {
      throw badRequest(ErrorCode.WORKSPACE_MEMBER_NOT_FOUND, M.targetNotWorkspaceMember);
    }
    assertMayBeInTeams(targetRole);
    await addToTeam(ctx, team, targetId);
  }
  const rows = await repo.listTeamMembers(ctx.database.db, teamId);
  const team = await loadTeam(ctx.database.db, teamId);
  const row = rows.find((candidate) => candidate.user.id === targetId);
  if (!row) throw teamNotFound();
  return presentTeamMember(row, team.leaderId);
}

/** Yourself: a leave. Someone else: the leader or a workspace admin removes them. */
export async function removeTeamMember(
  ctx: AppContext,
  actorId: number,
  teamId: number,
  targetId: number,
): Promise<void> {
  if (targetId === actorId) {
    await leaveTeam(ctx, actorId, teamId, undefined);
    return;
  }
  const { team, workspaceRole } = await teamInWorkspace(ctx, teamId, actorId);
  assertCanEditTeam(team, actorId, workspaceRole);
  const removed = await ctx.database.db.transaction((tx) =>
    dropMember(tx, team, targetId, ctx.now()),
  );
  if (!removed) throw notFound(M.notMember, ErrorCode.TEAM_NOT_MEMBER);
  await clearTeamCaches(ctx, teamId, [targetId]);
  await leaveTeamRoom(ctx, teamId, targetId);
  await publishToWorkspace(ctx, team.workspaceId, {
    type: 'TEAM_MEMBERSHIP_CHANGED',
    workspaceId: team.workspaceId,
    teamId,
    userId: targetId,
    change: 'REMOVED',
  });
}

/**
 * Someone leaving the workspace (kicked, banned, left) leaves all of its teams in the same write;
 * chat's own removal step takes them out of every room of the workspace, team rooms included.
 */
export const leaveWorkspaceTeams: MemberRemovalStep = async (db, workspaceId, userId) => {
  const teamIds = await repo.teamIdsOfMember(db, workspaceId, userId);
  for (const teamId of teamIds) {
    const team = await repo.findTeam(db, teamId);
    if (team) await dropMember(db, team, userId, new Date());
  }
};
