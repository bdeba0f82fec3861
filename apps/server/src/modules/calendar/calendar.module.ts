import type { AppModule } from '../../platform/module';
import { calendarRoutes } from './calendar.routes';

/** A person's calendar across teams: the ICS feed at a secret URL (issue 44). */
export const calendarModule: AppModule = { name: 'calendar', routes: calendarRoutes };
