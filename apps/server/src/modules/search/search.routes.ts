import { searchEndpoints as endpoints } from '@teamup/contracts/search';
import type { AppContext } from '../../context';
import { routesFor } from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';
import { SEARCH_ROUTE_CONFIG } from '../../platform/search/search-gate';
import * as searchService from './search.service';
import { requireMembership } from '../workspaces/membership.service';

export async function searchRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'search');
  route(
    endpoints.search,
    ({ userId, params, query }) => searchService.search(ctx, userId, params.workspaceId, query),
    // Decision 0036: the workspace is reached before the query is read.
    {
      access: ({ params, userId }) => requireMembership(ctx, params.workspaceId, userId),
      // Its requests are the searches others go before (platform/search/search-gate.ts).
      config: SEARCH_ROUTE_CONFIG,
    },
  );
}
