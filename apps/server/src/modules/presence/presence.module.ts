import type { AppModule } from '../../platform/module';
import { presenceRoutes } from './presence.routes';
import { presenceAnnouncements } from './presence.service';
import { presenceLive } from './presence.stomp';

/** Who is online, away or offline, from the live connections (decision 0021). */
export const presenceModule: AppModule = {
  name: 'presence',
  routes: presenceRoutes,
  live: presenceLive,
  background: presenceAnnouncements,
};
