import { z } from 'zod';
import {
  recoveryCodesSchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@teamup/contracts/auth';
import { envelope } from '@teamup/contracts/common';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as twoFactor from './two-factor.service';

const security = [{ bearer: [] }];
const tags = ['auth'];
const strict = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** Two-step verification of the caller's own account (TOTP, RFC 6238). */
export async function twoFactorRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const secured = { onRequest: requireAuth };

  app.get(
    '/auth/2fa',
    {
      ...secured,
      schema: { tags, security, response: { 200: envelope(twoFactorStatusSchema) } },
    },
    async (request) => ({ data: await twoFactor.status(ctx, authOf(request).userId) }),
  );

  app.post(
    '/auth/2fa/setup',
    {
      ...secured,
      config: strict,
      schema: {
        tags,
        security,
        summary: 'A new secret and its QR code; two-step verification is on only after enable',
        response: { 200: envelope(twoFactorSetupSchema) },
      },
    },
    async (request) => ({ data: await twoFactor.setup(ctx, authOf(request).userId) }),
  );

  app.post(
    '/auth/2fa/enable',
    {
      ...secured,
      config: strict,
      schema: {
        tags,
        security,
        summary: 'Confirm the setup with a first code; answers ten single-use recovery codes',
        body: twoFactorEnableSchema,
        response: { 200: envelope(recoveryCodesSchema) },
      },
    },
    async (request) => ({
      data: await twoFactor.enable(ctx, authOf(request).userId, request.body.code),
      message: '2단계 인증이 켜졌습니다.',
    }),
  );

  app.post(
    '/auth/2fa/disable',
    {
      ...secured,
      config: strict,
      schema: {
        tags,
        security,
        summary: 'Turn it off with the password or a recovery code',
        body: twoFactorDisableSchema,
        response: { 200: envelope(z.literal(true)) },
      },
    },
    async (request) => {
      await twoFactor.disable(ctx, authOf(request).userId, request.body);
      return { data: true as const, message: '2단계 인증이 꺼졌습니다.' };
    },
  );
}
