import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import { exportEndpoints, type ImportResult } from '@teamup/contracts/exports';
import { api } from '../../../lib/api-client';
import { workspacesQueryKey } from '../../../lib/queries/my-workspaces';

export interface ImportWorkspaceInput {
  file: File;
  /** Hears the share of the file sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * POST /workspaces/import: multipart field `file`, a workspace export (.zip); answers the new
 * workspace (owned by the caller) and how many of the archive's members were found here.
 */
export function importWorkspace({ file, onProgress }: ImportWorkspaceInput): Promise<ImportResult> {
  const body = new FormData();
  body.append('file', file);
  return api.post<ImportResult>(
    pathOf(exportEndpoints.importWorkspace),
    body,
    onProgress ? { onUploadProgress: onProgress } : undefined,
  );
}

export function useImportWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...workspacesQueryKey, 'import'],
    mutationFn: importWorkspace,
    // The new workspace is in the list before its home opens (the route guard waits for it).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  });
}
