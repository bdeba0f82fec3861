import { ErrorCode } from '@teamup/contracts/error-codes';
import { Topics, type LiveEvent, type TeamContentChangedEvent } from '@teamup/contracts/events';
import {
  TeamMessages as M,
  type Team,
  type TeamMember,
  type createTeamSchema,
  type updateTeamSchema,
} from '@teamup/contracts/teams';
import type { WorkspaceRole } from '@teamup/contracts/workspaces';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors/app-error';
import type { MemberRemovalStep } from '../../platform/module';
import { collectOwnedFiles, deleteStoredFiles } from '../../platform/storage/owned-files';
import { checkPassword, isAdminRole, requireMembership } from '../workspaces/workspaces.service';
import { presentTeam, presentTeamMember } from './teams.presenter';
import * as repo from './teams.repo';
import { emitDomainEvent } from '../../platform/domain-events';
import { AccessCaches, accessCacheOf, clearAccessCaches } from '../../platform/access-cache';

const teamNotFound = () => notFound(M.notFound, ErrorCode.TEAM_NOT_FOUND);

/** Each team's progress as the module that measures it says (kanban's approved tasks). */
async function progressOf(ctx: AppContext, teamIds: number[]): Promise<Map<number, number>> {
  const source = ctx.hooks.progressSource;
  return teamIds.length === 0 || !source ? new Map() : source(ctx.database.db, teamIds);
}

async function loadTeam(db: Db, teamId: number): Promise<repo.TeamRow> {
  const team = await repo.findTeam(db, teamId);
  if (!team) throw teamNotFound();
  return team;
}

/** The team, after checking the caller belongs to its workspace; answers their workspace role. */
async function teamInWorkspace(ctx: AppContext, teamId: number, userId: number) {
  const team = await loadTeam(ctx.database.db, teamId);
  const workspaceRole = await requireMembership(ctx, team.workspaceId, userId);
  return { team, workspaceRole };
}

/** The leader, the workspace owner and its admins manage a team. */
function mayManage(team: repo.TeamRow, userId: number, workspaceRole: WorkspaceRole) {
  return team.leaderId === userId || isAdminRole(workspaceRole);
}

/** A team its caller may edit; also the access step of the edit route (decision 0036). */
export async function managedTeam(ctx: AppContext, teamId: number, userId: number) {
  const found = await teamInWorkspace(ctx, teamId, userId);
  if (!mayManage(found.team, userId, found.workspaceRole)) {
    throw forbidden(M.leaderOnly, ErrorCode.TEAM_FORBIDDEN);
  }
  return found;
}

/**
 * A team its caller may delete: the spec offers deletion to the leader and the workspace owner,
 * not to every admin. Also the access step of the delete route (decision 0036).
 */
export async function deletableTeam(ctx: AppContext, teamId: number, userId: number) {
  const found = await teamInWorkspace(ctx, teamId, userId);
  if (found.team.leaderId !== userId && found.workspaceRole !== 'OWNER') {
    throw forbidden(M.leaderOnly, ErrorCode.TEAM_FORBIDDEN);
  }
  return found;
}

async function present(ctx: AppContext, teamId: number, viewerId: number): Promise<Team> {
  const view = await repo.viewTeam(ctx.database.db, teamId, viewerId);
  if (!view) throw teamNotFound();
  return presentTeam(view, (await progressOf(ctx, [teamId])).get(teamId) ?? 0);
}

async function publish(ctx: AppContext, workspaceId: number, event: LiveEvent) {
  await ctx.bus.publish(Topics.workspace(workspaceId), event);
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
async function clearTeamCaches(ctx: AppContext, teamId: number, userIds: number[] = []) {
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
async function clearDeletedTeam(ctx: AppContext, teamId: number) {
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
  if (!(await isCachedTeamMember(ctx, teamId, userId))) {
    throw forbidden(M.notMember, ErrorCode.TEAM_NOT_MEMBER);
  }
  return { workspaceId: team.workspaceId };
}

/**
 * For team content (announcements, posts, files): members of the team and the owner of its
 * workspace may read and write. Answers the team's workspace id.
 */
export async function assertTeamContentAccess(
  ctx: AppContext,
  teamId: number,
  userId: number,
): Promise<{ workspaceId: number; leaderId: number | null; name: string }> {
  const { team, workspaceRole } = await cachedTeamInWorkspace(ctx, teamId, userId);
  if (workspaceRole !== 'OWNER' && !(await isCachedTeamMember(ctx, teamId, userId))) {
    throw forbidden(M.notMember, ErrorCode.TEAM_NOT_MEMBER);
  }
  return { workspaceId: team.workspaceId, leaderId: team.leaderId, name: team.name };
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

export async function listWorkspaceTeams(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
): Promise<Team[]> {
  await requireMembership(ctx, workspaceId, userId);
  const views = await repo.listTeamViews(ctx.database.db, workspaceId, userId);
  const progress = await progressOf(
    ctx,
    views.map((view) => view.id),
  );
  return views.map((view) => presentTeam(view, progress.get(view.id) ?? 0));
}

export async function createTeam(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof createTeamSchema>,
): Promise<Team> {
  await requireMembership(ctx, input.workspaceId, userId);
  const passwordHash = input.password ? await ctx.passwords.hash(input.password) : null;
  const team = await ctx.database.db.transaction(async (tx) => {
    const created = await repo.insertTeam(tx, {
      workspaceId: input.workspaceId,
      name: input.name,
      description: input.description ?? null,
      passwordHash,
      leaderId: userId,
    });
    await repo.insertTeamMember(tx, created.id, userId);
    for (const step of ctx.hooks.teamCreationSteps) await step(tx, created.id);
    return created;
  });
  return present(ctx, team.id, userId);
}

/**
 * A team with its leader and members, inside the caller's transaction (team formation makes
 * several at once, all or none). Answers the new team's id.
 */
export async function createTeamInTransaction(
  ctx: AppContext,
  db: Db,
  input: { workspaceId: number; name: string; leaderId: number; memberIds: number[] },
): Promise<number> {
  const created = await repo.insertTeam(db, {
    workspaceId: input.workspaceId,
    name: input.name,
    description: null,
    passwordHash: null,
    leaderId: input.leaderId,
  });
  for (const userId of new Set([input.leaderId, ...input.memberIds])) {
    await repo.insertTeamMember(db, created.id, userId);
  }
  for (const step of ctx.hooks.teamCreationSteps) await step(db, created.id);
  return created.id;
}

export async function getTeam(ctx: AppContext, userId: number, teamId: number): Promise<Team> {
  await teamInWorkspace(ctx, teamId, userId);
  return present(ctx, teamId, userId);
}

export async function updateTeam(
  ctx: AppContext,
  userId: number,
  teamId: number,
  input: z.output<typeof updateTeamSchema>,
): Promise<Team> {
  await managedTeam(ctx, teamId, userId);
  const patch: Parameters<typeof repo.updateTeam>[2] = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.description !== undefined) patch.description = input.description;
  if (input.password !== undefined) {
    patch.passwordHash = input.password ? await ctx.passwords.hash(input.password) : null;
  }
  await repo.updateTeam(ctx.database.db, teamId, patch, ctx.now());
  await clearTeamCaches(ctx, teamId);
  return present(ctx, teamId, userId);
}

export async function deleteTeam(
  ctx: AppContext,
  userId: number,
  teamId: number,
  /** The name the screen had the caller type, when it sends it; the API does not require it. */
  confirmName: string | undefined,
): Promise<void> {
  const { team } = await deletableTeam(ctx, teamId, userId);
  if (confirmName !== undefined && confirmName !== team.name) {
    throw badRequest(ErrorCode.TEAM_NAME_MISMATCH, M.nameMismatch, [
      { field: 'confirmName', message: M.nameMismatch },
    ]);
  }
  const files = await collectOwnedFiles(ctx.hooks.ownedFiles, ctx.database.db, { teamId });
  await repo.deleteTeam(ctx.database.db, teamId);
  await clearDeletedTeam(ctx, teamId);
  await deleteStoredFiles(ctx.storage, ctx.logger, files);
  await publish(ctx, team.workspaceId, {
    type: 'TEAM_DELETED',
    workspaceId: team.workspaceId,
    teamId,
  });
}

export async function joinTeam(
  ctx: AppContext,
  userId: number,
  teamId: number,
  password: string | null | undefined,
): Promise<Team> {
  const { team } = await teamInWorkspace(ctx, teamId, userId);
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
  return present(ctx, teamId, userId);
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
  await publish(ctx, team.workspaceId, {
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
    if (!(await repo.isTeamMember(tx, teamId, userId))) {
      throw forbidden(M.notMember, ErrorCode.TEAM_NOT_MEMBER);
    }
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
  if (teamDeleted) await clearDeletedTeam(ctx, teamId);
  else await clearTeamCaches(ctx, teamId, [userId]);
  await deleteStoredFiles(ctx.storage, ctx.logger, deletedFiles);
  await publish(
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
    if (!mayManage(team, actorId, workspaceRole)) {
      throw forbidden(M.leaderOnly, ErrorCode.TEAM_FORBIDDEN);
    }
    try {
      await requireMembership(ctx, team.workspaceId, targetId);
    } catch {
      throw badRequest(ErrorCode.WORKSPACE_MEMBER_NOT_FOUND, M.targetNotWorkspaceMember);
    }
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
  if (!mayManage(team, actorId, workspaceRole)) {
    throw forbidden(M.leaderOnly, ErrorCode.TEAM_FORBIDDEN);
  }
  const removed = await ctx.database.db.transaction((tx) =>
    dropMember(tx, team, targetId, ctx.now()),
  );
  if (!removed) throw notFound(M.notMember, ErrorCode.TEAM_NOT_MEMBER);
  await clearTeamCaches(ctx, teamId, [targetId]);
  await publish(ctx, team.workspaceId, {
    type: 'TEAM_MEMBERSHIP_CHANGED',
    workspaceId: team.workspaceId,
    teamId,
    userId: targetId,
    change: 'REMOVED',
  });
}

/** Someone leaving the workspace (kicked, banned, left) leaves all of its teams in the same write. */
export const leaveWorkspaceTeams: MemberRemovalStep = async (db, workspaceId, userId) => {
  const teamIds = await repo.teamIdsOfMember(db, workspaceId, userId);
  for (const teamId of teamIds) {
    const team = await repo.findTeam(db, teamId);
    if (team) await dropMember(db, team, userId, new Date());
  }
};
