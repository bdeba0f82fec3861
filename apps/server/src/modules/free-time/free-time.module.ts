import type { AppModule } from '../../platform/module';
import { freeTimeRoutes } from './free-time.routes';

/** A team's common free time: the members' week grids and their overlap (issue 44). */
export const freeTimeModule: AppModule = {
  name: 'free-time',
  routes: freeTimeRoutes,
};
