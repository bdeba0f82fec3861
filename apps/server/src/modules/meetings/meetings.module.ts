import type { AppModule } from '../../platform/module';
import { meetingsRoutes } from './meetings.routes';

/** Meetings' attendance, notes (회의록) and the cards made from them (issue 45). */
export const meetingsModule: AppModule = {
  name: 'meetings',
  routes: meetingsRoutes,
};
