import type { AppModule } from '../../platform/module';
import { classOverviewRoutes } from './class-overview.routes';

/** The instructor's overview of a class and the nudges sent from it (issue 45). */
export const classOverviewModule: AppModule = {
  name: 'class-overview',
  routes: classOverviewRoutes,
};
