import type { AppModule } from '../../platform/module';
import { authRoutes } from './auth.routes';
import { oauthRoutes } from './oauth.routes';
import { authProvidersRoutes } from './providers.routes';
import { activeSessionsState } from './session-cache';
import { ssoState } from './sso-client';
import { twoFactorRoutes } from './two-factor.routes';

/** Sign-up, login, sessions, social login and single sign-on, 2-step verification. */
export const authModule: AppModule = {
  name: 'auth',
  state: [activeSessionsState, ssoState],
  routes: async (app, ctx, requireAuth) => {
    await authRoutes(app, ctx, requireAuth);
    await twoFactorRoutes(app, ctx, requireAuth);
    await oauthRoutes(app, ctx, requireAuth);
    await authProvidersRoutes(app, ctx, requireAuth);
  },
};
