import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateFormationInput, Formation } from '@teamup/contracts/formation';
import { api } from '../../../lib/api-client';

export const formationsQueryKey = ['formations'] as const;

/** GET /workspaces/{ws}/formations: the workspace's sessions, newest first. */
export function useFormations(workspaceId: number | null) {
  return useQuery({
    ...queryOptions({
      queryKey: [...formationsQueryKey, 'workspace', workspaceId],
      queryFn: ({ signal }) =>
        api.get<Formation[]>(`/workspaces/${workspaceId}/formations`, { signal }),
    }),
    enabled: workspaceId !== null,
  });
}

/** GET /formations/{id}: one session (kept current by FORMATION_UPDATED). */
export function useFormation(id: number | null) {
  return useQuery({
    ...queryOptions({
      queryKey: [...formationsQueryKey, 'one', id],
      queryFn: ({ signal }) => api.get<Formation>(`/formations/${id}`, { signal }),
    }),
    enabled: id !== null,
  });
}

function useFormationMutation<Input>(call: (input: Input) => Promise<Formation>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formationsQueryKey }),
  });
}

/** POST /workspaces/{ws}/formations. */
export const useCreateFormation = (workspaceId: number) =>
  useFormationMutation((body: CreateFormationInput) =>
    api.post<Formation>(`/workspaces/${workspaceId}/formations`, body),
  );

/** POST /formations/{id}/draw (dice, ladder; closes a vote). */
export const useDrawFormation = () =>
  useFormationMutation((id: number) => api.post<Formation>(`/formations/${id}/draw`));

/** PUT /formations/{id}/vote {ranking}. */
export const useVoteFormation = () =>
  useFormationMutation(({ id, ranking }: { id: number; ranking: number[] }) =>
    api.put<Formation>(`/formations/${id}/vote`, { ranking }),
  );

/** PUT /formations/{id}/manual {result}. */
export const useManualFormation = () =>
  useFormationMutation(({ id, result }: { id: number; result: number[] }) =>
    api.put<Formation>(`/formations/${id}/manual`, { result }),
  );

/** POST /formations/{id}/confirm. */
export const useConfirmFormation = () =>
  useFormationMutation((id: number) => api.post<Formation>(`/formations/${id}/confirm`));
