import type { AppModule } from '../../platform/module';
import { usersRoutes } from './users.routes';

/** Profiles, public user pages and profile images. */
export const usersModule: AppModule = { name: 'users', routes: usersRoutes };
