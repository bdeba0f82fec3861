import { envelope } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import {
  checkDuplicateQuerySchema,
  checkDuplicateResponseSchema,
  hashtagSearchQuerySchema,
  hashtagSearchResponseSchema,
  profileImageResponseSchema,
  updateProfileSchema,
  userParamsSchema,
  userProfileSchema,
  userSchema,
} from '@teamup/contracts/users';
import { emailPattern, Limits } from '@teamup/contracts/limits';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import { badRequest } from '../../platform/errors/app-error';
import { singleFileField } from '../../platform/http/multipart';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as users from './users.service';

const secured = [{ bearer: [] }];

export async function usersRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  app.get(
    '/users/me',
    {
      onRequest: requireAuth,
      schema: { tags: ['users'], security: secured, response: { 200: envelope(userSchema) } },
    },
    async (request) => ({ data: await users.getUser(ctx, authOf(request).userId) }),
  );

  app.get(
    '/users/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['users'],
        security: secured,
        summary: 'A profile, for people who share a workspace with them (else 404)',
        params: userParamsSchema,
        response: { 200: envelope(userProfileSchema) },
      },
    },
    async (request) => ({
      data: await users.getVisibleProfile(ctx, authOf(request).userId, request.params.id),
    }),
  );

  app.put(
    '/users/me',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['users'],
        security: secured,
        body: updateProfileSchema,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => ({
      data: await users.updateProfile(ctx, authOf(request).userId, request.body),
      message: '프로필이 저장되었습니다.',
    }),
  );

  app.post(
    '/users/me/profile-image',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['users'],
        security: secured,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(profileImageResponseSchema) },
      },
    },
    async (request) => {
      const file = await singleFileField(request, Limits.profileImageMaxBytes);
      const profileImageUrl = await users.setProfileImage(ctx, authOf(request).userId, file.stream);
      return { data: { profileImageUrl } };
    },
  );

  app.get(
    '/users/check-duplicate',
    {
      schema: {
        tags: ['users'],
        querystring: checkDuplicateQuerySchema,
        response: { 200: envelope(checkDuplicateResponseSchema) },
      },
    },
    async (request) => {
      const email = request.query.email.toLowerCase();
      if (!emailPattern.test(email)) {
        throw badRequest(ErrorCode.VALIDATION_FAILED, '올바른 이메일 주소를 입력해주세요.', [
          { field: 'email', message: '올바른 이메일 주소를 입력해주세요.' },
        ]);
      }
      await users.countEmailLookup(ctx, request.ip);
      const duplicate = await users.isEmailRegistered(ctx, email);
      return { data: { duplicate, available: !duplicate } };
    },
  );

  app.get(
    '/hashtags/search',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['users'],
        security: secured,
        querystring: hashtagSearchQuerySchema,
        response: { 200: envelope(hashtagSearchResponseSchema) },
      },
    },
    async (request) => ({ data: await users.searchHashtags(ctx, request.query.q) }),
  );
}
