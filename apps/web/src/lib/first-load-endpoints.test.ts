import { describe, expect, it } from 'vitest';
import { authEndpoints } from '@teamup/contracts/auth';
import { workspaceEndpoints } from '@teamup/contracts/workspaces';
import { authRoutes, workspaceRoutes } from './first-load-endpoints';

/** Method and path of a table's entry, as the first screen's copy holds them. */
const routeOf = (endpoint: { method: string; path: string }) => ({
  method: endpoint.method,
  path: endpoint.path,
});

describe('the first screen’s endpoints', () => {
  it('are the auth table’s methods and paths', () => {
    for (const [name, route] of Object.entries(authRoutes)) {
      expect(route, name).toEqual(routeOf(authEndpoints[name as keyof typeof authRoutes]));
    }
  });

  it('are the workspace table’s methods and paths', () => {
    for (const [name, route] of Object.entries(workspaceRoutes)) {
      expect(route, name).toEqual(
        routeOf(workspaceEndpoints[name as keyof typeof workspaceRoutes]),
      );
    }
  });
});
