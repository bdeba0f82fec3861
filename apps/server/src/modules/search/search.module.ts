import type { AppModule } from '../../platform/module';
import { searchRoutes } from './search.routes';

/**
 * One search across a workspace (decision 0020). The sources come from the modules that own the
 * content (their `searchSources`).
 */
export const searchModule: AppModule = {
  name: 'search',
  routes: searchRoutes,
};
