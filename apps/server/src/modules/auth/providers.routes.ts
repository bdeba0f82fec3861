import { authEndpoints as endpoints } from '@teamup/contracts/auth';
import type { AppContext } from '../../context';
import { routesFor } from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';

/** Which social-login buttons the web app shows: only providers with configured credentials. */
export async function authProvidersRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'auth');

  route(endpoints.providers, async () => ({
    google: Boolean(ctx.config.oauth.google),
    kakao: Boolean(ctx.config.oauth.kakao),
    sso: ctx.config.oidc ? { name: ctx.config.oidc.displayName } : null,
  }));
}
