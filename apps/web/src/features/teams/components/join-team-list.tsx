import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock, IconUsersGroup } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { Limits } from '@teamup/contracts/limits';
import type { Team } from '@teamup/contracts/teams';
import { routes } from '../../../config/paths';
import { ErrorAlert } from '../../../components/error-alert';
import { useAuth } from '../../../lib/auth/use-auth';
import { teamsKo } from '../../../i18n/ko/teams';
import { errorMessage } from '../../../lib/error-message';
import { useAddTeamMember } from '../api/add-team-member';
import { workspaceTeamsQueryOptions } from '../../../lib/queries/workspace-teams';
import { teamJoinErrorMessage } from '../lib/join-error';

interface JoinTeamListProps {
  workspaceId: number;
  /** Closes the dialog. */
  onDone: () => void;
}

/** Step 2 of the team dialog: the workspace's teams the user is not in, each with a join. */
export function JoinTeamList({ workspaceId, onDone }: JoinTeamListProps) {
  const navigate = useNavigate();
  const { user } = useAuth();
  // Asked again on every opening: a list fetched earlier (by the home or the side panel) may predate
  // a team someone else made, and the app keeps answers fresh for a while (issue 41). Until this
  // opening's answer arrives the step shows a loader, never the older list.
  const [openedAt] = useState(() => Date.now());
  const teams = useQuery({ ...workspaceTeamsQueryOptions(workspaceId), refetchOnMount: 'always' });
  const answeredSinceOpened = teams.dataUpdatedAt >= openedAt || teams.errorUpdatedAt >= openedAt;
  const join = useAddTeamMember();
  // The protected team whose password is being asked for.
  const [asking, setAsking] = useState<number | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ teamId: number | null; message: string } | null>(null);

  const handleJoin = (team: Team, withPassword?: string) => {
    if (!user) {
      setError({ teamId: null, message: teamsKo.joinMissing });
      return;
    }
    setError(null);
    join.mutate(
      { teamId: team.id, workspaceId, userId: user.id, password: withPassword },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: teamsKo.joined(team.name) });
          onDone();
          void navigate(routes.team.href(workspaceId, team.id));
        },
        onError: (failure) => setError({ teamId: team.id, message: teamJoinErrorMessage(failure) }),
      },
    );
  };

  const handleJoinClick = (team: Team) => {
    if (team.passwordProtected) {
      setAsking(team.id);
      setPassword('');
      setError(null);
      return;
    }
    handleJoin(team);
  };

  if (teams.isPending || (teams.isFetching && !answeredSinceOpened)) {
    return (
      <Center py="lg" role="status" aria-live="polite">
        <Loader size="sm" />
      </Center>
    );
  }
  if (teams.isError) {
    return <ErrorAlert message={errorMessage(teams.error, { fallback: teamsKo.joinableFailed })} />;
  }

  const joinable = teams.data.filter((team) => !team.isMember);
  if (joinable.length === 0) {
    return (
      <Stack align="center" gap={4} py="lg" ta="center" data-testid="joinable-empty">
        <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
          <IconUsersGroup size={24} />
        </ThemeIcon>
        <Text fw={600}>{teamsKo.noJoinable}</Text>
        <Text size="sm" c="dimmed">
          {teamsKo.noJoinableHint}
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      {error?.teamId === null && <ErrorAlert message={error.message} />}
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {joinable.map((team) => (
          <Paper
            key={team.id}
            component="li"
            withBorder
            radius="md"
            p="sm"
            data-testid="joinable-team"
            data-team-id={team.id}
          >
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={2} miw={0}>
                  <Group gap={6} wrap="nowrap">
                    {team.passwordProtected && (
                      <IconLock size={16} aria-label={teamsKo.locked} role="img" />
                    )}
                    <Text fw={600} truncate>
                      {team.name}
                    </Text>
                  </Group>
                  <Group gap={6}>
                    <Badge variant="light" color="gray" tt="none">
                      {teamsKo.memberCount(team.memberCount)}
                    </Badge>
                  </Group>
                </Stack>
                <Button
                  size="compact-md"
                  variant={asking === team.id ? 'default' : 'filled'}
                  loading={join.isPending && join.variables?.teamId === team.id && !asking}
                  disabled={join.isPending}
                  onClick={() => handleJoinClick(team)}
                  aria-label={teamsKo.joinTeam(team.name)}
                  data-testid="joinable-team-join"
                >
                  {teamsKo.join}
                </Button>
              </Group>
              {asking === team.id && (
                <form
                  noValidate
                  onSubmit={(event) => {
                    event.preventDefault();
                    handleJoin(team, password);
                  }}
                >
                  <Group align="flex-end" gap="sm" wrap="wrap">
                    <PasswordInput
                      label={teamsKo.joinPasswordLabel(team.name)}
                      value={password}
                      onChange={(event) => setPassword(event.currentTarget.value)}
                      maxLength={Limits.workspacePasswordMax}
                      autoComplete="off"
                      size="sm"
                      autoFocus
                      style={{ flex: '1 1 12rem' }}
                      data-testid="team-join-password-input"
                    />
                    <Button
                      type="submit"
                      loading={join.isPending}
                      data-testid="team-join-password-submit"
                    >
                      {teamsKo.join}
                    </Button>
                  </Group>
                </form>
              )}
              {error?.teamId === team.id && <ErrorAlert message={error.message} />}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
