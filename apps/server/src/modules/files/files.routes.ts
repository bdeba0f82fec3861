import { fileEndpoints as endpoints } from '@teamup/contracts/files';
import type { AppContext } from '../../context';
import { bodyOf, documentedSchema } from '../../platform/http/define-route';
import type { TypedApp } from '../../platform/http/types';
import { openPublicImage } from './files.service';

export async function filesRoutes(app: TypedApp, ctx: AppContext) {
  const { publicImage } = endpoints;

  // Raw: streams the image with its own headers, not an envelope.
  app.route({
    method: publicImage.method,
    url: publicImage.path,
    schema: {
      ...documentedSchema(publicImage, 'files', {
        answers: { 200: bodyOf('The image (WebP), cached for a year', 'image/webp') },
      }),
      params: publicImage.params,
    },
    handler: async (request, reply) => {
      const stream = await openPublicImage(ctx, request.params.folder, request.params.name);
      return reply
        .type('image/webp')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(stream);
    },
  });
}
