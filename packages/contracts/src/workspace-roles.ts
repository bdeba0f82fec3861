import type { WorkspaceRole } from './workspaces';

/*
 * What each workspace role may do (decision 0038), for the server's policies and the web app's
 * buttons alike: the roles are read here and nowhere else. Each function names a capability; a
 * role is given its powers by being listed in them.
 */

/** Runs the workspace itself: settings, password, icon, roles, deletion, its teams and meetings. */
export function canManageWorkspace(role: WorkspaceRole | undefined): boolean {
  return role === 'OWNER';
}

/**
 * Keeps order among the members: removes and bans them, moderates rooms, messages and meetings,
 * runs team formations. In a class the instructors do too.
 */
export function canModerateWorkspace(role: WorkspaceRole | undefined): boolean {
  return role === 'OWNER' || role === 'ADMIN' || role === 'INSTRUCTOR';
}

/**
 * Reads (and searches) the content of every team, not only the teams they are in: the owner, and
 * in a class its instructors and TAs (read only where they are not members: `canWriteAllTeamContent`).
 */
export function canReadAllTeamContent(role: WorkspaceRole | undefined): boolean {
  return role === 'OWNER' || role === 'INSTRUCTOR' || role === 'TA';
}

/** Writes in every team's space as a member would (the owner, as the specification has it). */
export function canWriteAllTeamContent(role: WorkspaceRole | undefined): boolean {
  return role === 'OWNER';
}

/**
 * Sees a class from above (issue 45): the overview of every team, each team's contribution
 * evidence, evaluation results, nudges. Only in a workspace that is a class.
 */
export function canOverseeClass(role: WorkspaceRole | undefined): boolean {
  return role === 'OWNER' || role === 'INSTRUCTOR' || role === 'TA';
}

/** Runs a class (issue 45): opens and releases evaluation rounds, names TAs and instructors. */
export function canRunClass(role: WorkspaceRole | undefined): boolean {
  return role === 'OWNER' || role === 'INSTRUCTOR';
}

/** Overseers are not students: they are not rated, not counted in teams, not drawn into teams. */
export function isClassStaff(role: WorkspaceRole | undefined): boolean {
  return role === 'INSTRUCTOR' || role === 'TA';
}
