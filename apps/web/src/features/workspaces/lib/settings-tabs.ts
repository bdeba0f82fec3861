import { canModerateWorkspace, canRunClass } from '@teamup/contracts/workspace-roles';
import type { WorkspaceRole } from '@teamup/contracts/workspaces';

export const settingsTabs = [
  'invite',
  'profile',
  'members',
  'blacklist',
  'webhooks',
  'security',
  'danger',
] as const;
export type SettingsTab = (typeof settingsTabs)[number];

/** Owner and ADMIN members count as admins (spec 01 section 6); in a class, instructors too. */
export function isWorkspaceAdmin(role: WorkspaceRole): boolean {
  return canModerateWorkspace(role);
}

/**
 * The roles the caller may give a member whose role is `current`, as the server's policy has it:
 * the owner any (instructors and TAs in a class only), an instructor TA or member to members and
 * TAs; none otherwise.
 */
export function assignableRoles(
  myRole: WorkspaceRole,
  current: WorkspaceRole,
  isClass: boolean,
): Array<Exclude<WorkspaceRole, 'OWNER'>> {
  if (current === 'OWNER') return [];
  if (myRole === 'OWNER')
    return isClass ? ['MEMBER', 'ADMIN', 'INSTRUCTOR', 'TA'] : ['MEMBER', 'ADMIN'];
  if (isClass && canRunClass(myRole) && (current === 'MEMBER' || current === 'TA')) {
    return ['MEMBER', 'TA'];
  }
  return [];
}

/**
 * Who sees which settings tab: invite for everyone, members, blacklist and webhooks for admins
 * (the server's webhook routes ask for a moderator, as its member routes do), server profile,
 * security and danger zone for the owner only.
 */
export function canSeeTab(tab: SettingsTab, role: WorkspaceRole): boolean {
  switch (tab) {
    case 'invite':
      return true;
    case 'members':
    case 'blacklist':
    case 'webhooks':
      return isWorkspaceAdmin(role);
    case 'profile':
    case 'security':
    case 'danger':
      return role === 'OWNER';
  }
}

/** The tab to show: the chosen one when the role may see it, else invite. */
export function effectiveTab(tab: SettingsTab, role: WorkspaceRole): SettingsTab {
  return canSeeTab(tab, role) ? tab : 'invite';
}

/** The invite link `{origin}/#/ws/{code}` the app shows and copies. */
export function inviteLink(origin: string, workspaceHref: string): string {
  return `${origin}/#${workspaceHref}`;
}
