import type { AppModule } from '../../platform/module';
import { kanbanRoutes } from './kanban.routes';
import { taskCommentSearch, taskSearch } from './kanban.search.repo';
import { createBoardForTeam, teamProgress } from './kanban.service';
import { overdueDigestJob, taskReminderJob } from './task-reminders';

/** A team's kanban board with completion approval; every team gets its board when it is made. */
export const kanbanModule: AppModule = {
  name: 'kanban',
  routes: kanbanRoutes,
  teamCreationSteps: [createBoardForTeam],
  progressSource: teamProgress,
  searchSources: [taskSearch, taskCommentSearch],
  jobs: [taskReminderJob, overdueDigestJob],
};
