import type { WorkspaceRole } from '@teamup/contracts/workspaces';

export const settingsTabs = [
  'invite',
  'profile',
  'members',
  'blacklist',
  'security',
  'danger',
] as const;
export type SettingsTab = (typeof settingsTabs)[number];

/** Owner and ADMIN members count as admins (spec 01 section 6). */
export function isWorkspaceAdmin(role: WorkspaceRole): boolean {
  return role === 'OWNER' || role === 'ADMIN';
}

/**
 * Who sees which settings tab: invite for everyone, members and blacklist for admins,
 * server profile, security and danger zone for the owner only.
 */
export function canSeeTab(tab: SettingsTab, role: WorkspaceRole): boolean {
  switch (tab) {
    case 'invite':
      return true;
    case 'members':
    case 'blacklist':
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
