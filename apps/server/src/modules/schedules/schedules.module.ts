import type { AppModule } from '../../platform/module';
import { schedulesRoutes } from './schedules.routes';

/** A team's calendar. */
export const schedulesModule: AppModule = { name: 'schedules', routes: schedulesRoutes };
