import type { AppModule } from '../../platform/module';
import { kanbanRoutes } from './kanban.routes';

/** A team's kanban board with completion approval. */
export const kanbanModule: AppModule = { name: 'kanban', routes: kanbanRoutes };
