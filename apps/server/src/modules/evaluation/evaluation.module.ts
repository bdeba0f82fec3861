import type { AppModule } from '../../platform/module';
import { releasedNoticeJob, roundOpenedJob, roundReminderJob } from './evaluation-jobs';
import { evaluationRoutes } from './evaluation.routes';

/** Peer evaluation in a class (issue 45, decision 0047): rounds, ratings, results, feedback. */
export const evaluationModule: AppModule = {
  name: 'evaluation',
  routes: evaluationRoutes,
  jobs: [roundOpenedJob, roundReminderJob, releasedNoticeJob],
};
