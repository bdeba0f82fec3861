import type { AppModule } from '../../platform/module';
import { workspacesRoutes } from './workspaces.routes';
import { personSearch } from './workspaces.search.repo';

/** Workspaces, invitations, members, roles and the blacklist. */
export const workspacesModule: AppModule = {
  name: 'workspaces',
  routes: workspacesRoutes,
  searchSources: [personSearch],
};
