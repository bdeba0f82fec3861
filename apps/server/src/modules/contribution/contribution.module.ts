import type { AppModule } from '../../platform/module';
import { contributionRoutes } from './contribution.routes';

/** Contribution evidence (issue 45): who did what in a team, with the items behind each number. */
export const contributionModule: AppModule = {
  name: 'contribution',
  routes: contributionRoutes,
};
