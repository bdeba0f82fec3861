import type { AppModule } from '../../platform/module';
import { healthRoutes } from './health.routes';

export const healthModule: AppModule = {
  name: 'health',
  routes: (app, _ctx, requireAuth) => healthRoutes(app, requireAuth),
};
