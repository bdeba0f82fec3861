import type { AppModule } from '../../platform/module';
import { chatFileSearch, messageSearch } from './chat-sources.repo';
import { searchRoutes } from './search.routes';

/**
 * One search across a workspace (decision 0020). The sources come from the modules that own the
 * content (their `searchSources`); chat's two are declared here until they move into chat.
 */
export const searchModule: AppModule = {
  name: 'search',
  routes: searchRoutes,
  searchSources: [messageSearch, chatFileSearch],
};
