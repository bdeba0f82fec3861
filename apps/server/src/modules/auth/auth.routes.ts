import { authEndpoints as endpoints } from '@teamup/contracts/auth';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import { routesFor } from '../../platform/http/define-route';
import { originOf } from '../../platform/http/request-origin';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as users from '../users/users.service';
import * as auth from './auth.service';
import * as passwords from './password.service';

/** Anonymous credential endpoints get a tighter per-IP budget than the global one. */
const strict = { rateLimit: { max: 60, timeWindow: '1 minute' } };

export async function authRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'auth');

  route(
    endpoints.requestEmailCode,
    ({ body, request }) => auth.requestSignupCode(ctx, body.email, originOf(request)),
    { message: '인증 코드를 보냈습니다.', config: strict },
  );
  route(
    endpoints.verifyEmailCode,
    ({ body }) => auth.verifySignupCode(ctx, body.email, body.verificationCode),
    { config: strict },
  );
  route(endpoints.register, ({ body, request }) => auth.register(ctx, body, originOf(request)), {
    message: '회원가입이 완료되었습니다.',
    config: strict,
  });
  route(endpoints.login, ({ body, request }) => auth.login(ctx, body, originOf(request)), {
    config: strict,
  });
  route(
    endpoints.loginTwoFactor,
    ({ body, request }) => auth.completeTwoFactorLogin(ctx, body, originOf(request)),
    { config: strict },
  );
  route(endpoints.refresh, ({ body }) => auth.refresh(ctx, body.refreshToken), { config: strict });
  route(
    endpoints.logout,
    async ({ request }) => {
      await auth.logout(ctx, authOf(request));
      return true as const;
    },
    { message: '로그아웃되었습니다.' },
  );
  route(endpoints.session, async ({ userId }) => ({
    authenticated: true,
    user: await users.getUser(ctx, userId),
  }));
  route(endpoints.sessions, ({ request }) => auth.listSessions(ctx, authOf(request)));
  route(endpoints.revokeSession, ({ request, params }) =>
    auth.revokeOwnSession(ctx, authOf(request), params.sessionId),
  );
  route(
    endpoints.changePassword,
    async ({ request, body }) => {
      await passwords.changePassword(ctx, authOf(request), body, originOf(request));
      return true as const;
    },
    { message: '비밀번호가 변경되었습니다.' },
  );
  route(
    endpoints.sendPasswordResetEmail,
    ({ body, request }) => passwords.sendResetCode(ctx, body.email, originOf(request)),
    { message: '가입된 이메일이라면 인증 코드가 발송되었습니다.', config: strict },
  );
  route(
    endpoints.verifyResetCode,
    ({ body }) => passwords.verifyResetCode(ctx, body.email, body.resetCode),
    { config: strict },
  );
  route(
    endpoints.resetPassword,
    async ({ body, request }) => {
      await passwords.resetPassword(ctx, body, originOf(request));
      return true as const;
    },
    { message: '비밀번호가 재설정되었습니다.', config: strict },
  );
}
