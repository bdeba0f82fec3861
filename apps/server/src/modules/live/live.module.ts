import type { AppModule } from '../../platform/module';
import { liveRoutes } from './live.routes';
import { userLive } from './live.topics';

/** Tickets for the live channels (SSE and STOMP). */
export const liveModule: AppModule = { name: 'live', routes: liveRoutes, live: userLive };
