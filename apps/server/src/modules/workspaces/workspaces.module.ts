import type { AppModule } from '../../platform/module';
import { workspacesRoutes } from './workspaces.routes';

/** Workspaces, invitations, members, roles and the blacklist. */
export const workspacesModule: AppModule = { name: 'workspaces', routes: workspacesRoutes };
