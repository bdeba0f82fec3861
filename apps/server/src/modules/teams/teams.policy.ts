import { ErrorCode } from '@teamup/contracts/error-codes';
import { TeamMessages as M } from '@teamup/contracts/teams';
import type { WorkspaceRole } from '@teamup/contracts/workspaces';
import { conflict, forbidden } from '../../platform/errors/app-error';
import { ClassMessages } from '@teamup/contracts/class';
import {
  canManageWorkspace,
  canModerateWorkspace,
  isClassStaff,
} from '../workspaces/workspaces.policy';

/*
 * Who may do what with a team (decision 0038): its leader, and the workspace roles that
 * workspaces.policy.ts says reach over every team. Kanban and schedules build on `leads`.
 */

type LedTeam = { leaderId: number | null };

const notTeamMember = () => forbidden(M.notMember, ErrorCode.TEAM_NOT_MEMBER);
const leaderOnly = () => forbidden(M.leaderOnly, ErrorCode.TEAM_FORBIDDEN);

/** Leads the team (a team kept by its last member may have no leader: then nobody does). */
export function leads(team: LedTeam, userId: number): boolean {
  return team.leaderId === userId;
}

/** Edits the team and adds or removes its members: the leader and the workspace's moderators. */
export function canEditTeam(team: LedTeam, userId: number, workspaceRole: WorkspaceRole): boolean {
  return leads(team, userId) || canModerateWorkspace(workspaceRole);
}

/** The spec offers deletion to the leader and the workspace owner, not to every admin. */
export function canDeleteTeam(
  team: LedTeam,
  userId: number,
  workspaceRole: WorkspaceRole,
): boolean {
  return leads(team, userId) || canManageWorkspace(workspaceRole);
}

export function assertCanEditTeam(team: LedTeam, userId: number, role: WorkspaceRole): void {
  if (!canEditTeam(team, userId, role)) throw leaderOnly();
}

/**
 * Who may post the team's announcements is the leader's choice alone (issue 41), not the
 * workspace's moderators' who otherwise edit the team: it is the leader's say over their team.
 */
export function assertMayChangeAnnouncementPosting(team: LedTeam, userId: number): void {
  if (!leads(team, userId)) {
    throw forbidden(M.announcementPostingLeaderOnly, ErrorCode.TEAM_FORBIDDEN);
  }
}

export function assertCanDeleteTeam(team: LedTeam, userId: number, role: WorkspaceRole): void {
  if (!canDeleteTeam(team, userId, role)) throw leaderOnly();
}

/** A class's instructors and TAs oversee every team and are in none (issue 45). */
export function assertMayBeInTeams(workspaceRole: WorkspaceRole): void {
  if (isClassStaff(workspaceRole)) {
    throw conflict(ErrorCode.CLASS_STAFF_ONLY, ClassMessages.staffNotInTeams);
  }
}

/**
 * Being in the team, for what only its members do (leaving it, its kanban) and for its content
 * when the workspace role does not already reach every team's (`canReadAllTeamContent`).
 */
export function assertInTeam(isMember: boolean): void {
  if (!isMember) throw notTeamMember();
}
