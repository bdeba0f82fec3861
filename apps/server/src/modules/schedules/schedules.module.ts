import type { AppModule } from '../../platform/module';
import { schedulesRoutes } from './schedules.routes';
import { scheduleReminderJob } from './schedule-reminders';
import { scheduleSearch } from './schedules.search.repo';

/** A team's calendar. */
export const schedulesModule: AppModule = {
  name: 'schedules',
  routes: schedulesRoutes,
  searchSources: [scheduleSearch],
  jobs: [scheduleReminderJob],
};
