import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { iconUploadResponseSchema } from '@teamup/contracts/workspaces';
import { pathOf } from '@teamup/contracts/endpoint';
import { workspaceEndpoints } from '@teamup/contracts/workspaces';
import { api } from '../../../lib/api-client';
import { workspacesQueryKey } from '../../../lib/queries/my-workspaces';

export type IconUploadResult = z.infer<typeof iconUploadResponseSchema>;

export interface UploadWorkspaceIconVariables {
  workspaceId: number;
  file: File;
}

/** POST /workspaces/{id}/icon (owner): multipart field `file`; saves and answers the icon URL. */
export function uploadWorkspaceIcon({
  workspaceId,
  file,
}: UploadWorkspaceIconVariables): Promise<IconUploadResult> {
  const body = new FormData();
  body.append('file', file);
  return api.post<IconUploadResult>(
    pathOf(workspaceEndpoints.uploadIcon, { id: workspaceId }),
    body,
  );
}

export function useUploadWorkspaceIcon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...workspacesQueryKey, 'icon'],
    mutationFn: uploadWorkspaceIcon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  });
}
