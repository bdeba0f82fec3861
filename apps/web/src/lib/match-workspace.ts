import type { Workspace } from '@teamup/contracts/workspaces';

/** A workspace address segment that is a plain id, as opposed to an invite code. */
export function isWorkspaceIdParam(param: string): boolean {
  return /^\d+$/.test(param);
}

/**
 * The workspace an address segment names: by id, by invite code or by its whole invite link
 * (spec 01 section 2, workspace route handling). Undefined when none of the user's matches.
 */
export function findWorkspace(
  workspaces: readonly Workspace[],
  param: string | undefined,
): Workspace | undefined {
  const value = param?.trim();
  if (!value) return undefined;
  if (isWorkspaceIdParam(value)) {
    const id = Number(value);
    const byId = workspaces.find((workspace) => workspace.id === id);
    if (byId) return byId;
  }
  return workspaces.find((workspace) => workspace.inviteCode === value || workspace.url === value);
}

/**
 * The workspace to open by default: the last accessed one when the user still belongs to it,
 * else the first (spec 01 section 4).
 */
export function defaultWorkspace(
  workspaces: readonly Workspace[],
  lastWorkspaceId: number | null,
): Workspace | undefined {
  return workspaces.find((workspace) => workspace.id === lastWorkspaceId) ?? workspaces[0];
}

/**
 * The same address with its workspace segment replaced, e.g. /ws/AbCd123456/team/3 becomes
 * /ws/7/team/3: the address is normalised to the workspace id.
 */
export function replaceWorkspaceSegment(pathname: string, workspaceHref: string): string {
  return pathname.replace(/^\/ws\/[^/]+/, workspaceHref);
}
