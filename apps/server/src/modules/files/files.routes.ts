import { z } from 'zod';
import type { AppContext } from '../../context';
import type { TypedApp } from '../../platform/http/types';
import { openPublicImage } from './files.service';

export async function filesRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    '/files/public/:folder/:name',
    {
      schema: {
        tags: ['files'],
        summary: 'A public image (profile picture, workspace icon) by its unguessable name',
        params: z.object({ folder: z.string().max(20), name: z.string().max(80) }),
      },
    },
    async (request, reply) => {
      const stream = await openPublicImage(ctx, request.params.folder, request.params.name);
      return reply
        .type('image/webp')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(stream);
    },
  );
}
