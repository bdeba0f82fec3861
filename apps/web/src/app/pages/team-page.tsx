import { Alert, Button, Grid, Stack } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Link, useParams, useSearchParams } from 'react-router';
import { routes } from '../../config/paths';
import { FullPageLoader } from '../../components/full-page-loader';
import { teamsKo } from '../../i18n/ko/teams';
import { useDocumentTitle } from '../../lib/document-title';
import { ApiError } from '../../lib/api-error';
import { errorMessage, hasCode } from '../../lib/error-message';
import { useAuth } from '../../lib/auth/use-auth';
import { useCurrentWorkspace } from '../../hooks/use-current-workspace';
import { useTeam } from '../../lib/queries/team';
import { TeamHeader } from '../../features/teams/components/team-header';
import { TeamJoinGate } from '../../features/teams/components/team-join-gate';
import { TeamMembersPanel } from '../../features/teams/components/team-members-panel';
import { TeamStateMessage } from '../../components/team-state-message';
import { TeamTabs } from './team-tabs';
import { canManageTeam, parseRouteId } from '../../features/teams/lib/team-access';
import { isWideTeamTab, parseTeamTab } from '../../features/teams/lib/team-tabs';
import { readsTeamAsOverseer, TeamReadOnlyContext } from '../../lib/team-read-only';
import { TeamReadLog } from '../../features/teams/components/team-read-log';

function TeamNotFound({ workspaceId }: { workspaceId: number }) {
  return (
    <TeamStateMessage
      testId="team-not-found"
      title={teamsKo.notFound}
      hint={teamsKo.notFoundHint}
      action={
        <Button component={Link} to={routes.workspace.href(workspaceId)} variant="light">
          {teamsKo.toWorkspaceHome}
        </Button>
      }
    />
  );
}

function TeamView({ workspaceId, teamId }: { workspaceId: number; teamId: number }) {
  const { user } = useAuth();
  const { workspace } = useCurrentWorkspace();
  const team = useTeam(teamId);
  const [searchParams] = useSearchParams();
  useDocumentTitle([team.data?.name, workspace?.name]);
  const wide = isWideTeamTab(parseTeamTab(searchParams.get('tab')));

  if (team.isPending) return <FullPageLoader text={teamsKo.loading} height="50vh" />;
  if (team.isError) {
    const error = team.error;
    if (
      hasCode(error, ErrorCode.TEAM_NOT_FOUND) ||
      (error instanceof ApiError && error.status === 404)
    ) {
      return <TeamNotFound workspaceId={workspaceId} />;
    }
    // Outside the workspace (403) the server's reason is shown; anything else is a load failure.
    const forbidden = error instanceof ApiError && error.status === 403;
    return (
      <TeamStateMessage
        testId="team-load-failed"
        title={
          forbidden ? errorMessage(error, { fallback: teamsKo.loadFailed }) : teamsKo.loadFailed
        }
        action={
          forbidden ? (
            <Button component={Link} to={routes.home.href()} variant="light">
              {teamsKo.toDashboard}
            </Button>
          ) : (
            <Button variant="light" onClick={() => void team.refetch()} loading={team.isFetching}>
              {teamsKo.retry}
            </Button>
          )
        }
      />
    );
  }
  // A team of another workspace is not shown under this one.
  if (team.data.workspaceId !== workspaceId) return <TeamNotFound workspaceId={workspaceId} />;

  return (
    <Stack
      maw={wide ? 1440 : 1120}
      mx="auto"
      gap="lg"
      data-testid="team-page"
      data-team-id={team.data.id}
    >
      <TeamHeader team={team.data} workspace={workspace} userId={user?.id} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: wide ? 12 : 8 }}>
          {team.data.isMember ? (
            <TeamTabs team={team.data} userId={user?.id} />
          ) : readsTeamAsOverseer(team.data, workspace) ? (
            <TeamReadOnlyContext.Provider value>
              <Stack gap="md">
                <Alert
                  variant="light"
                  color="gray"
                  icon={<IconEye size={18} aria-hidden />}
                  title={teamsKo.readOnlyTitle}
                  data-testid="team-read-only"
                >
                  {teamsKo.readOnlyHint}
                </Alert>
                <TeamTabs team={team.data} userId={user?.id} />
              </Stack>
            </TeamReadOnlyContext.Provider>
          ) : (
            <TeamJoinGate key={team.data.id} team={team.data} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: wide ? 12 : 4 }}>
          <Stack gap="lg">
            <TeamMembersPanel
              team={team.data}
              canManage={canManageTeam(team.data, user?.id, workspace)}
            />
            {workspace?.isClass &&
              (team.data.isMember || readsTeamAsOverseer(team.data, workspace)) && (
                <TeamReadLog teamId={team.data.id} />
              )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * The team page (/ws/{workspaceId}/team/{teamId}, spec 02 section 2): header and settings menu,
 * the four tabs for members, a password prompt or join call for others, and the member list.
 */
export function TeamPage() {
  const params = useParams();
  const { status, user } = useAuth();
  const workspaceId = parseRouteId(params.workspaceId);
  const teamId = parseRouteId(params.teamId);

  if (workspaceId === null || teamId === null) {
    return (
      <TeamStateMessage
        testId="team-bad-access"
        title={teamsKo.badAccess}
        hint={teamsKo.badAccessHint}
        action={
          <Button component={Link} to={routes.home.href()} variant="light">
            {teamsKo.toDashboard}
          </Button>
        }
      />
    );
  }
  if (status !== 'authenticated' || !user) {
    return (
      <TeamStateMessage
        testId="team-login-required"
        title={teamsKo.loginRequired}
        action={
          <Button component={Link} to={routes.login.href()} variant="light">
            {teamsKo.toLogin}
          </Button>
        }
      />
    );
  }
  return <TeamView key={teamId} workspaceId={workspaceId} teamId={teamId} />;
}
