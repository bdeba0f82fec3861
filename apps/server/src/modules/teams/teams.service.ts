import { ErrorCode } from '@teamup/contracts/error-codes';
import {
  TeamMessages as M,
  type Team,
  type createTeamSchema,
  type updateTeamSchema,
} from '@teamup/contracts/teams';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { RequestOrigin } from '../../platform/http/request-origin';
import { recordAudit } from '../../platform/audit/audit-log';
import type { Db } from '../../db/client';
import { badRequest } from '../../platform/errors/app-error';
import { collectOwnedFiles, deleteStoredFiles } from '../../platform/storage/owned-files';
import { announceNewGroup, createGroupInTransaction, renameTeamRoom } from '../chat/chat.service';
import { requireMembership } from '../workspaces/membership.service';
import {
  clearDeletedTeam,
  clearTeamCaches,
  deletableTeam,
  managedTeam,
  publishTeamContentChange,
  publishToWorkspace,
  teamInWorkspace,
  teamNotFound,
} from './team-access.service';
import { assertMayBeInTeams, assertMayChangeAnnouncementPosting } from './teams.policy';
import { presentTeam } from './teams.presenter';
import * as repo from './teams.repo';

/*
 * A team itself: making one (alone, or several in team formation's transaction), reading it with
 * its progress, editing and deleting it. Its members are team-members.service.ts; reaching a team
 * and the rules are team-access.service.ts and teams.policy.ts.
 */

/** Each team's progress as the module that measures it says (kanban's approved tasks). */
async function progressOf(ctx: AppContext, teamIds: number[]): Promise<Map<number, number>> {
  const source = ctx.hooks.progressSource;
  return teamIds.length === 0 || !source ? new Map() : source(ctx.database.db, teamIds);
}

/** The team as `viewerId` sees it, with its progress. */
export async function presentForViewer(
  ctx: AppContext,
  teamId: number,
  viewerId: number,
): Promise<Team> {
  const view = await repo.viewTeam(ctx.database.db, teamId, viewerId);
  if (!view) throw teamNotFound();
  return presentTeam(view, (await progressOf(ctx, [teamId])).get(teamId) ?? 0);
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
  assertMayBeInTeams(await requireMembership(ctx, input.workspaceId, userId));
  const passwordHash = input.password ? await ctx.passwords.hash(input.password) : null;
  const made = await ctx.database.db.transaction((tx) =>
    createTeamInTransaction(ctx, tx, {
      workspaceId: input.workspaceId,
      name: input.name,
      description: input.description ?? null,
      passwordHash,
      leaderId: userId,
      memberIds: [userId],
      roomCreatedBy: userId,
    }),
  );
  await announceTeamRoom(ctx, made);
  // The creator joined the new team: every open team list of the workspace refetches (issue 41,
  // where "기존 팀 참여하기" showed an older list without it).
  await publishToWorkspace(ctx, input.workspaceId, {
    type: 'TEAM_MEMBERSHIP_CHANGED',
    workspaceId: input.workspaceId,
    teamId: made.teamId,
    userId,
    change: 'JOINED',
  });
  return presentForViewer(ctx, made.teamId, userId);
}

/** A team just made, and its team room. */
export interface MadeTeam {
  teamId: number;
  roomId: number;
}

/**
 * Every way of making a team (by hand, or several in team formation's transaction, all or none)
 * goes through here, inside the caller's transaction: the team with its leader and members, what
 * other modules add to a team (its kanban board), and its team room, a group chat room named
 * after it with the same members (issue 41: teams made by hand get one as formation's always
 * did), linked to the team so that its members and name follow the team's
 * (team-members.service.ts). Once the transaction is committed, `announceTeamRoom` shows the room
 * to its members.
 */
export async function createTeamInTransaction(
  ctx: AppContext,
  db: Db,
  input: {
    workspaceId: number;
    name: string;
    description?: string | null;
    passwordHash?: string | null;
    leaderId: number;
    memberIds: number[];
    /** Who made the room (the creator; for formation, whoever confirmed it). */
    roomCreatedBy: number;
  },
): Promise<MadeTeam> {
  const created = await repo.insertTeam(db, {
    workspaceId: input.workspaceId,
    name: input.name,
    description: input.description ?? null,
    passwordHash: input.passwordHash ?? null,
    leaderId: input.leaderId,
  });
  const memberIds = [...new Set([input.leaderId, ...input.memberIds])];
  for (const userId of memberIds) await repo.insertTeamMember(db, created.id, userId);
  for (const step of ctx.hooks.teamCreationSteps) await step(db, created.id);
  const roomId = await createGroupInTransaction(db, {
    workspaceId: input.workspaceId,
    name: input.name,
    createdBy: input.roomCreatedBy,
    memberIds,
    now: ctx.now(),
    teamId: created.id,
  });
  return { teamId: created.id, roomId };
}

/** After the commit: the team's members see its room in their chat lists (live). */
export async function announceTeamRoom(ctx: AppContext, made: MadeTeam): Promise<void> {
  await announceNewGroup(ctx, made.roomId);
}

export async function getTeam(ctx: AppContext, userId: number, teamId: number): Promise<Team> {
  await teamInWorkspace(ctx, teamId, userId);
  return presentForViewer(ctx, teamId, userId);
}

export async function updateTeam(
  ctx: AppContext,
  userId: number,
  teamId: number,
  input: z.output<typeof updateTeamSchema>,
): Promise<Team> {
  const { team } = await managedTeam(ctx, teamId, userId);
  const patch: Parameters<typeof repo.updateTeam>[2] = {};
  if (
    input.announcementPosting !== undefined &&
    input.announcementPosting !== team.announcementPosting
  ) {
    assertMayChangeAnnouncementPosting(team, userId);
    patch.announcementPosting = input.announcementPosting;
  }
  if (input.name !== undefined) patch.name = input.name;
  if (input.description !== undefined) patch.description = input.description;
  if (input.password !== undefined) {
    patch.passwordHash = input.password ? await ctx.passwords.hash(input.password) : null;
  }
  await repo.updateTeam(ctx.database.db, teamId, patch, ctx.now());
  await clearTeamCaches(ctx, teamId);
  if (patch.name !== undefined) await renameTeamRoom(ctx, teamId, patch.name);
  // Open team pages and lists refetch the team: a member sees the 공지 button go or come at once.
  await publishTeamContentChange(ctx, { workspaceId: team.workspaceId, teamId }, 'TEAM');
  return presentForViewer(ctx, teamId, userId);
}

export async function deleteTeam(
  ctx: AppContext,
  userId: number,
  teamId: number,
  /** The name the screen had the caller type, when it sends it; the API does not require it. */
  confirmName: string | undefined,
  from: RequestOrigin,
): Promise<void> {
  const { team } = await deletableTeam(ctx, teamId, userId);
  if (confirmName !== undefined && confirmName !== team.name) {
    throw badRequest(ErrorCode.TEAM_NAME_MISMATCH, M.nameMismatch, [
      { field: 'confirmName', message: M.nameMismatch },
    ]);
  }
  const files = await collectOwnedFiles(ctx.hooks.ownedFiles, ctx.database.db, { teamId });
  await repo.deleteTeam(ctx.database.db, teamId);
  await recordAudit(ctx, {
    action: 'TEAM_DELETED',
    actorId: userId,
    target: { type: 'TEAM', id: teamId, label: team.name },
    details: { workspaceId: team.workspaceId },
    from,
  });
  await clearDeletedTeam(ctx, teamId);
  await deleteStoredFiles(ctx.storage, ctx.logger, files);
  await publishToWorkspace(ctx, team.workspaceId, {
    type: 'TEAM_DELETED',
    workspaceId: team.workspaceId,
    teamId,
  });
}
