import { z } from 'zod';
import {
  authSessionListSchema,
  changePasswordSchema,
  codeSentSchema,
  emailRequestSchema,
  emailVerifySchema,
  loginResponseSchema,
  loginResultSchema,
  loginSchema,
  logoutSchema,
  refreshSchema,
  registerSchema,
  resetEmailSchema,
  resetPasswordSchema,
  twoFactorLoginSchema,
  sessionResponseSchema,
  verifyResetCodeResponseSchema,
  verifyResetCodeSchema,
} from '@teamup/contracts/auth';
import { envelope, idSchema } from '@teamup/contracts/common';
import { userSchema } from '@teamup/contracts/users';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as users from '../users/users.service';
import * as auth from './auth.service';

const secured = [{ bearer: [] }];
const tags = ['auth'];
/** Anonymous credential endpoints get a tighter per-IP budget than the global one. */
const strict = { rateLimit: { max: 60, timeWindow: '1 minute' } };

export async function authRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  app.post(
    '/auth/email/request',
    {
      config: strict,
      schema: { tags, body: emailRequestSchema, response: { 200: envelope(codeSentSchema) } },
    },
    async (request) => ({
      data: await auth.requestSignupCode(ctx, request.body.email, { ip: request.ip }),
      message: '인증 코드를 보냈습니다.',
    }),
  );

  app.post(
    '/auth/email/verify',
    {
      config: strict,
      schema: { tags, body: emailVerifySchema, response: { 200: envelope(z.literal(true)) } },
    },
    async (request) => ({
      data: await auth.verifySignupCode(ctx, request.body.email, request.body.verificationCode),
    }),
  );

  app.post(
    '/users/register',
    {
      config: strict,
      schema: { tags, body: registerSchema, response: { 201: envelope(userSchema) } },
    },
    async (request, reply) => {
      const user = await auth.register(ctx, request.body, { ip: request.ip });
      return reply.status(201).send({ data: user, message: '회원가입이 완료되었습니다.' });
    },
  );

  app.post(
    '/auth/login',
    {
      config: strict,
      schema: {
        tags,
        summary: 'Log in: the tokens, or `twoFactorRequired` with a challenge for the code',
        body: loginSchema,
        response: { 200: envelope(loginResultSchema) },
      },
    },
    async (request) => ({ data: await auth.login(ctx, request.body, { ip: request.ip }) }),
  );

  app.post(
    '/auth/login/2fa',
    {
      config: strict,
      schema: {
        tags,
        summary: 'Second login step: a code from the authenticator app, or a recovery code',
        body: twoFactorLoginSchema,
        response: { 200: envelope(loginResponseSchema) },
      },
    },
    async (request) => ({
      data: await auth.completeTwoFactorLogin(ctx, request.body, { ip: request.ip }),
    }),
  );

  app.post(
    '/auth/refresh',
    {
      config: strict,
      schema: { tags, body: refreshSchema, response: { 200: envelope(loginResponseSchema) } },
    },
    async (request) => ({ data: await auth.refresh(ctx, request.body.refreshToken) }),
  );

  app.post(
    '/auth/logout',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security: secured,
        body: logoutSchema.nullish(),
        response: { 200: envelope(z.literal(true)) },
      },
    },
    async (request) => {
      await auth.logout(ctx, authOf(request));
      return { data: true as const, message: '로그아웃되었습니다.' };
    },
  );

  app.get(
    '/auth/session',
    {
      onRequest: requireAuth,
      schema: { tags, security: secured, response: { 200: envelope(sessionResponseSchema) } },
    },
    async (request) => ({
      data: { authenticated: true, user: await users.getUser(ctx, authOf(request).userId) },
    }),
  );

  app.get(
    '/auth/sessions',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'Active login sessions of the caller',
        security: secured,
        response: { 200: envelope(authSessionListSchema) },
      },
    },
    async (request) => ({ data: await auth.listSessions(ctx, authOf(request)) }),
  );

  app.delete(
    '/auth/sessions/:sessionId',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'Revoke one of the caller’s sessions',
        security: secured,
        params: z.object({ sessionId: idSchema }),
      },
    },
    async (request, reply) => {
      await auth.revokeOwnSession(ctx, authOf(request), request.params.sessionId);
      return reply.status(204).send();
    },
  );

  app.put(
    '/users/password',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security: secured,
        body: changePasswordSchema,
        response: { 200: envelope(z.literal(true)) },
      },
    },
    async (request) => {
      await auth.changePassword(ctx, authOf(request), request.body);
      return { data: true as const, message: '비밀번호가 변경되었습니다.' };
    },
  );

  app.post(
    '/auth/send-password-reset-email',
    {
      config: strict,
      schema: { tags, body: resetEmailSchema, response: { 200: envelope(codeSentSchema) } },
    },
    async (request) => ({
      data: await auth.sendResetCode(ctx, request.body.email, { ip: request.ip }),
      message: '가입된 이메일이라면 인증 코드가 발송되었습니다.',
    }),
  );

  app.post(
    '/auth/verify-reset-code',
    {
      config: strict,
      schema: {
        tags,
        body: verifyResetCodeSchema,
        response: { 200: envelope(verifyResetCodeResponseSchema) },
      },
    },
    async (request) => ({
      data: await auth.verifyResetCode(ctx, request.body.email, request.body.resetCode),
    }),
  );

  app.post(
    '/auth/reset-password',
    {
      config: strict,
      schema: { tags, body: resetPasswordSchema, response: { 200: envelope(z.literal(true)) } },
    },
    async (request) => {
      await auth.resetPassword(ctx, request.body);
      return { data: true as const, message: '비밀번호가 재설정되었습니다.' };
    },
  );
}
