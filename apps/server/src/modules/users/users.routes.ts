import { ErrorCode } from '@teamup/contracts/error-codes';
import { userEndpoints as endpoints } from '@teamup/contracts/users';
import { emailPattern, Limits } from '@teamup/contracts/limits';
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/errors/app-error';
import { routesFor } from '../../platform/http/define-route';
import { singleFileField } from '../../platform/http/multipart';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as users from './users.service';

export async function usersRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'users');

  route(endpoints.me, ({ userId }) => users.getUser(ctx, userId));
  route(endpoints.profile, ({ userId, params }) => users.getVisibleProfile(ctx, userId, params.id));
  route(endpoints.updateMe, ({ userId, body }) => users.updateProfile(ctx, userId, body), {
    message: '프로필이 저장되었습니다.',
  });

  route(endpoints.dismissProfilePrompt, ({ userId }) => users.dismissProfilePrompt(ctx, userId));

  route(
    endpoints.uploadProfileImage,
    async ({ userId, request }) => {
      const file = await singleFileField(request, Limits.profileImageMaxBytes);
      return { profileImageUrl: await users.setProfileImage(ctx, userId, file.stream) };
    },
    { consumes: ['multipart/form-data'] },
  );

  route(endpoints.checkDuplicate, async ({ query, request }) => {
    const email = query.email.toLowerCase();
    if (!emailPattern.test(email)) {
      throw badRequest(ErrorCode.VALIDATION_FAILED, '올바른 이메일 주소를 입력해주세요.', [
        { field: 'email', message: '올바른 이메일 주소를 입력해주세요.' },
      ]);
    }
    await users.countEmailLookup(ctx, request.ip);
    const duplicate = await users.isEmailRegistered(ctx, email);
    return { duplicate, available: !duplicate };
  });
  route(endpoints.searchHashtags, ({ query }) => users.searchHashtags(ctx, query.q));
}
