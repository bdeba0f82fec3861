import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { profileImageResponseSchema } from '@teamup/contracts/users';
import { pathOf } from '@teamup/contracts/endpoint';
import { userEndpoints } from '@teamup/contracts/users';
import { api } from '../../../lib/api-client';
import { meQueryKey } from './me';

export type ProfileImageResult = z.infer<typeof profileImageResponseSchema>;

/** POST /users/me/profile-image: multipart field `file`; answers the new image URL. */
export function uploadProfileImage(file: File): Promise<ProfileImageResult> {
  const body = new FormData();
  body.append('file', file);
  return api.post<ProfileImageResult>(pathOf(userEndpoints.uploadProfileImage), body);
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...meQueryKey, 'profile-image'],
    mutationFn: uploadProfileImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
