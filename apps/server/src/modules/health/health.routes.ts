import { z } from 'zod';
import { envelope } from '@teamup/contracts/common';
import type { TypedApp } from '../../platform/http/types';

/** Answers once the app is built, which means the database is open and migrated. */
export async function healthRoutes(app: TypedApp) {
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        response: { 200: envelope(z.object({ status: z.literal('ok') })) },
      },
    },
    async () => ({ data: { status: 'ok' as const } }),
  );
}
