import { useEffect } from 'react';
import { useParams } from 'react-router';
import type { Workspace } from '@teamup/contracts/workspaces';
import { useMyWorkspaces } from '../lib/queries/my-workspaces';
import { defaultWorkspace, findWorkspace } from '../lib/match-workspace';
import { readLastWorkspaceId, rememberLastWorkspaceId } from '../lib/workspace-storage';

export interface CurrentWorkspace {
  /** The selected workspace; undefined while loading or when the address names none of the user's. */
  workspace: Workspace | undefined;
  /** All the user's workspaces (empty while loading). */
  workspaces: Workspace[];
  isLoading: boolean;
}

const noWorkspaces: Workspace[] = [];

/**
 * The workspace the user is in. On /ws/:workspaceId paths it is the one the segment names (by
 * id, invite code or invite link); elsewhere it is the last accessed workspace, else the first.
 * The selected workspace's id is remembered in local storage as the last accessed one.
 */
export function useCurrentWorkspace(): CurrentWorkspace {
  const { workspaceId } = useParams();
  const query = useMyWorkspaces();
  const workspaces = query.data ?? noWorkspaces;
  const workspace =
    workspaceId === undefined
      ? defaultWorkspace(workspaces, readLastWorkspaceId())
      : findWorkspace(workspaces, workspaceId);

  const selectedId = workspaceId === undefined ? undefined : workspace?.id;
  useEffect(() => {
    if (selectedId !== undefined) rememberLastWorkspaceId(selectedId);
  }, [selectedId]);

  return { workspace, workspaces, isLoading: query.isPending };
}
