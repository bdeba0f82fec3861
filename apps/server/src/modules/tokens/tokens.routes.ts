import { tokenEndpoints as endpoints } from '@teamup/contracts/tokens';
import type { AppContext } from '../../context';
import { routesFor } from '../../platform/http/define-route';
import { originOf } from '../../platform/http/request-origin';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as tokens from './tokens.service';

/** The caller's personal access tokens: a browser session's calls only (auth: 'session'). */
export async function tokenRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'users');

  route(endpoints.list, ({ userId }) => tokens.listTokens(ctx, userId));
  route(
    endpoints.create,
    ({ userId, body, request }) => tokens.createToken(ctx, userId, body, originOf(request)),
    { message: '토큰을 만들었습니다. 지금 복사해두세요. 다시 볼 수 없습니다.' },
  );
  route(endpoints.revoke, ({ userId, params, request }) =>
    tokens.revokeToken(ctx, userId, params.id, originOf(request)),
  );
}
