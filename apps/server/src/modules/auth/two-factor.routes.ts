import { authEndpoints as endpoints } from '@teamup/contracts/auth';
import type { AppContext } from '../../context';
import { routesFor } from '../../platform/http/define-route';
import { originOf } from '../../platform/http/request-origin';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as twoFactor from './two-factor.service';

const strict = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** Two-step verification of the caller's own account (TOTP, RFC 6238). */
export async function twoFactorRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'auth');

  route(endpoints.twoFactorStatus, ({ userId }) => twoFactor.status(ctx, userId));
  route(endpoints.twoFactorSetup, ({ userId }) => twoFactor.setup(ctx, userId), {
    config: strict,
  });
  route(
    endpoints.twoFactorEnable,
    ({ userId, body, request }) => twoFactor.enable(ctx, userId, body.code, originOf(request)),
    { message: '2단계 인증이 켜졌습니다.', config: strict },
  );
  route(
    endpoints.twoFactorDisable,
    async ({ userId, body, request }) => {
      await twoFactor.disable(ctx, userId, body, originOf(request));
      return true as const;
    },
    { message: '2단계 인증이 꺼졌습니다.', config: strict },
  );
}
