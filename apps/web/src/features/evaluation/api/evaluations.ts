import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import {
  evaluationEndpoints as endpoints,
  type CreateEvaluation,
  type EvaluationAnswer,
  type EvaluationDetail,
  type EvaluationFeedback,
  type EvaluationList,
  type EvaluationResults,
  type EvaluationRound,
} from '@teamup/contracts/evaluation';
import { api, apiFetch } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';

export const evaluationKeys = {
  all: ['evaluation'] as const,
  list: (workspaceId: number) => ['evaluation', 'list', workspaceId] as const,
  round: (roundId: number) => ['evaluation', 'round', roundId] as const,
  results: (roundId: number) => ['evaluation', 'results', roundId] as const,
  feedback: (roundId: number) => ['evaluation', 'feedback', roundId] as const,
};

export function useEvaluationList(workspaceId: number) {
  return useQuery({
    queryKey: evaluationKeys.list(workspaceId),
    queryFn: ({ signal }) =>
      api.get<EvaluationList>(pathOf(endpoints.list, { workspaceId }), { signal }),
  });
}

export function useEvaluation(roundId: number) {
  return useQuery({
    queryKey: evaluationKeys.round(roundId),
    queryFn: ({ signal }) =>
      api.get<EvaluationDetail>(pathOf(endpoints.detail, { roundId }), { signal }),
  });
}

export function useEvaluationResults(roundId: number, enabled: boolean) {
  return useQuery({
    queryKey: evaluationKeys.results(roundId),
    queryFn: ({ signal }) =>
      api.get<EvaluationResults>(pathOf(endpoints.results, { roundId }), { signal }),
    enabled,
  });
}

export function useEvaluationFeedback(roundId: number, enabled: boolean) {
  return useQuery({
    queryKey: evaluationKeys.feedback(roundId),
    queryFn: ({ signal }) =>
      api.get<EvaluationFeedback>(pathOf(endpoints.feedback, { roundId }), { signal }),
    enabled,
  });
}

export function useCreateEvaluation(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEvaluation) =>
      api.post<EvaluationRound>(pathOf(endpoints.create, { workspaceId }), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evaluationKeys.all }),
  });
}

export function useSaveEvaluation(roundId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, responses }: { teamId: number; responses: EvaluationAnswer[] }) =>
      api.put<EvaluationDetail>(pathOf(endpoints.saveResponses, { roundId, teamId }), {
        responses,
      }),
    onSuccess: (detail) => {
      queryClient.setQueryData(evaluationKeys.round(roundId), detail);
      void queryClient.invalidateQueries({ queryKey: ['evaluation', 'list'] });
    },
  });
}

export function useReleaseEvaluation(roundId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<EvaluationRound>(pathOf(endpoints.release, { roundId })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evaluationKeys.all }),
  });
}

export function useCloseEvaluation(roundId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.patch<EvaluationRound>(pathOf(endpoints.update, { roundId }), { closeNow: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evaluationKeys.all }),
  });
}

/** GET …/results.csv with the session's token, saved as a file. */
export async function downloadResultsCsv(roundId: number): Promise<void> {
  const response = await apiFetch(pathOf(endpoints.resultsCsv, { roundId }));
  saveBlob(await response.blob(), `동료평가-${roundId}.csv`);
}
