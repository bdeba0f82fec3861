import { z } from 'zod';
import { endpoint } from './endpoint';

export const healthSchema = z.object({ status: z.literal('ok') });

export const healthEndpoints = {
  check: endpoint({
    method: 'GET',
    path: '/health',
    auth: 'public',
    response: healthSchema,
  }),
};
