import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateFormationInput, Formation } from '@teamup/contracts/formation';
import { pathOf } from '@teamup/contracts/endpoint';
import { formationEndpoints } from '@teamup/contracts/formation';
import { api } from '../../../lib/api-client';

export const formationsQueryKey = ['formations'] as const;

/** GET /workspaces/{ws}/formations: the workspace's sessions, newest first. */
export function useFormations(workspaceId: number | null) {
  return useQuery({
    ...queryOptions({
      queryKey: [...formationsQueryKey, 'workspace', workspaceId],
      queryFn: ({ signal }) =>
        api.get<Formation[]>(pathOf(formationEndpoints.list, { workspaceId: workspaceId ?? 0 }), {
          signal,
        }),
    }),
    enabled: workspaceId !== null,
  });
}

/** GET /formations/{id}: one session (kept current by FORMATION_UPDATED). */
export function useFormation(id: number | null) {
  return useQuery({
    ...queryOptions({
      queryKey: [...formationsQueryKey, 'one', id],
      queryFn: ({ signal }) =>
        api.get<Formation>(pathOf(formationEndpoints.get, { id: id ?? 0 }), { signal }),
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
    api.post<Formation>(pathOf(formationEndpoints.create, { workspaceId }), body),
  );

/** POST /formations/{id}/draw (dice, ladder; closes a vote). */
export const useDrawFormation = () =>
  useFormationMutation((id: number) =>
    api.post<Formation>(pathOf(formationEndpoints.draw, { id })),
  );

/** PUT /formations/{id}/vote {ranking}. */
export const useVoteFormation = () =>
  useFormationMutation(({ id, ranking }: { id: number; ranking: number[] }) =>
    api.put<Formation>(pathOf(formationEndpoints.vote, { id }), { ranking }),
  );

/** PUT /formations/{id}/manual {result}. */
export const useManualFormation = () =>
  useFormationMutation(({ id, result }: { id: number; result: number[] }) =>
    api.put<Formation>(pathOf(formationEndpoints.manual, { id }), { result }),
  );

/** POST /formations/{id}/confirm. */
export const useConfirmFormation = () =>
  useFormationMutation((id: number) =>
    api.post<Formation>(pathOf(formationEndpoints.confirm, { id })),
  );
