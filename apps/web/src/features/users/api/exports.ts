import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import { exportEndpoints, type DataExport } from '@teamup/contracts/exports';
import { api } from '../../../lib/api-client';
import { fetchApiBlob } from '../../../lib/api-blob';
import { dataExportsQueryKey } from '../../../lib/queries/data-exports';
import { saveBlob } from '../../../lib/save-blob';
import { exportFileName, exportsRefetchInterval } from '../lib/exports';

/**
 * GET /users/me/exports: the exports the caller asked for (workspace and personal), newest
 * first; asked again every 3 s while one is still being built.
 */
export function useDataExports() {
  return useQuery({
    queryKey: dataExportsQueryKey,
    queryFn: ({ signal }) => api.get<DataExport[]>(pathOf(exportEndpoints.list), { signal }),
    // An export finishes on the server's schedule: never trust a list from another visit.
    staleTime: 0,
    refetchInterval: (query) => exportsRefetchInterval(query.state.data),
  });
}

/** POST /users/me/export: a personal export, built by a job; it joins the list at once. */
export function useExportMine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DataExport>(pathOf(exportEndpoints.exportMine)),
    onSuccess: (made) => {
      queryClient.setQueryData<DataExport[]>(dataExportsQueryKey, (items) => [
        made,
        ...(items ?? []).filter((item) => item.id !== made.id),
      ]);
      return queryClient.invalidateQueries({ queryKey: dataExportsQueryKey });
    },
  });
}

/**
 * GET /exports/:id/download: the zip, fetched with the bearer token and saved by the browser. A
 * refusal (not ready, expired) refreshes the list, whose state was then out of date.
 */
export function useDownloadExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (item: DataExport) => {
      const file = await fetchApiBlob(
        item.downloadPath ?? pathOf(exportEndpoints.download, { id: item.id }),
      );
      saveBlob(file.blob, file.fileName ?? exportFileName(item));
    },
    onError: () => queryClient.invalidateQueries({ queryKey: dataExportsQueryKey }),
  });
}
