import { z } from 'zod';
import { endpoint } from './endpoint';

/** Where a public image lives: its folder (profiles, icons) and unguessable name. */
export const publicFileParamsSchema = z.object({
  folder: z.string().max(20),
  name: z.string().max(80),
});

export const fileEndpoints = {
  /** Answers the image itself (image/webp), not a `{ data }` envelope. */
  publicImage: endpoint({
    method: 'GET',
    path: '/files/public/:folder/:name',
    summary: 'A public image (profile picture, workspace icon) by its unguessable name',
    auth: 'public',
    params: publicFileParamsSchema,
  }),
};
