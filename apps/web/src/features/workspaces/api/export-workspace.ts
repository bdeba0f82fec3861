import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import { exportEndpoints, type DataExport } from '@teamup/contracts/exports';
import { api } from '../../../lib/api-client';
import { dataExportsQueryKey } from '../../../lib/queries/data-exports';

/** POST /workspaces/:id/export (owner): a zip of the workspace, built by a job, listed at once. */
export function exportWorkspace(workspaceId: number): Promise<DataExport> {
  return api.post<DataExport>(pathOf(exportEndpoints.exportWorkspace, { id: workspaceId }));
}

export function useExportWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exportWorkspace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataExportsQueryKey }),
  });
}
