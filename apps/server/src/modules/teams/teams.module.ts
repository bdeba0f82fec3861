import type { AppModule } from '../../platform/module';
import { teamsRoutes } from './teams.routes';
import { teamSearch } from './teams.search.repo';
import { leaveWorkspaceTeams } from './team-members.service';
import { teamReadLogState } from './team-read-log';

/** Teams of a workspace, their members and leaders. */
export const teamsModule: AppModule = {
  name: 'teams',
  routes: teamsRoutes,
  memberRemovalSteps: [leaveWorkspaceTeams],
  searchSources: [teamSearch],
  state: [teamReadLogState],
};
