import type { AppModule } from '../../platform/module';
import { formationRoutes } from './formation.routes';
import { FormationDeadlines } from './formation.service';

/** Team formation: votes, draws and confirmation. */
export const formationModule: AppModule = {
  name: 'formation',
  routes: formationRoutes,
  // Reminds before a vote's deadline and closes votes whose deadline passed.
  background: (ctx) => new FormationDeadlines(ctx),
};
