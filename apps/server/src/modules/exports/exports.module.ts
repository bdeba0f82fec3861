import type { AppModule } from '../../platform/module';
import { exportRoutes } from './exports.routes';
import { buildJob, expireJob } from './exports.service';

/** Data out and in (issue 46): workspace and personal exports, a workspace's import. */
export const exportsModule: AppModule = {
  name: 'exports',
  routes: exportRoutes,
  jobs: [buildJob, expireJob],
};
