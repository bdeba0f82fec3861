import { z } from 'zod';
import { envelope } from '@teamup/contracts/common';
import type { AppContext } from '../../context';
import type { TypedApp } from '../../platform/http/types';

/** Which social-login buttons the web app shows: only providers with configured credentials. */
export async function authProvidersRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    '/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Configured social-login providers',
        response: { 200: envelope(z.object({ google: z.boolean(), kakao: z.boolean() })) },
      },
    },
    async () => ({
      data: { google: Boolean(ctx.config.oauth.google), kakao: Boolean(ctx.config.oauth.kakao) },
    }),
  );
}
