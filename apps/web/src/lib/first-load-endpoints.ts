import type { authEndpoints } from '@teamup/contracts/auth';
import type { Endpoint } from '@teamup/contracts/endpoint';
import type { workspaceEndpoints } from '@teamup/contracts/workspaces';

/** Method and path of each named endpoint of a table: what `pathOf` and a fetch need. */
type Routes<Table, Names extends keyof Table> = {
  readonly [Name in Names]: Pick<Table[Name] & Endpoint, 'method' | 'path'>;
};

/*
 * The endpoints the login page, the session check and the signed-in app's first fetches (the
 * user's workspaces, asked for beside the session as the app starts) call, as method and path
 * only. The
 * contracts' modules build their zod schemas when they load, which would put all of zod (about
 * 30 KB gzip'd) on the first load although the first screen validates nothing with it. The
 * types below are the tables' own (`import type`, erased from the build): a path or method that
 * differs from its table's literal fails `tsc`, so the tables stay the single source.
 */

export const authRoutes = {
  login: { method: 'POST', path: '/auth/login' },
  loginTwoFactor: { method: 'POST', path: '/auth/login/2fa' },
  refresh: { method: 'POST', path: '/auth/refresh' },
  logout: { method: 'POST', path: '/auth/logout' },
  session: { method: 'GET', path: '/auth/session' },
  providers: { method: 'GET', path: '/auth/providers' },
  oauthLogin: { method: 'GET', path: '/auth/oauth/:provider/login' },
} as const satisfies Routes<
  typeof authEndpoints,
  'login' | 'loginTwoFactor' | 'refresh' | 'logout' | 'session' | 'providers' | 'oauthLogin'
>;

export const workspaceRoutes = {
  publicInvitePreview: { method: 'GET', path: '/workspaces/invite/:code/public' },
  my: { method: 'GET', path: '/workspaces/my' },
} as const satisfies Routes<typeof workspaceEndpoints, 'publicInvitePreview' | 'my'>;
