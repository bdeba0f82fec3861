import type { AppModule } from '../../platform/module';
import { filesRoutes } from './files.routes';

/** Public images served by unguessable name. */
export const filesModule: AppModule = {
  name: 'files',
  routes: (app, ctx) => filesRoutes(app, ctx),
};
