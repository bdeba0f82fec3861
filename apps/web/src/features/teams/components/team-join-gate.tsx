import { useState } from 'react';
import { Button, Group, Modal, Paper, PasswordInput, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock, IconUserPlus } from '@tabler/icons-react';
import { Limits } from '@teamup/contracts/limits';
import type { Team } from '@teamup/contracts/teams';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { teamsKo } from '../../../i18n/ko/teams';
import { useJoinTeam } from '../api/join-team';
import { teamJoinErrorMessage } from '../lib/join-error';

/**
 * What a workspace member who is not in the team sees instead of its tabs: a password prompt
 * first for a protected team (spec 02 section 2), a join call-to-action otherwise.
 */
export function TeamJoinGate({ team }: { team: Team }) {
  const join = useJoinTeam();
  const [promptOpened, setPromptOpened] = useState(team.passwordProtected);
  const [password, setPassword] = useState('');

  const handleJoin = (withPassword?: string) => {
    join.mutate(
      { teamId: team.id, password: withPassword },
      {
        onSuccess: (joined) => {
          setPromptOpened(false);
          notifications.show({ color: 'teal', message: teamsKo.joined(joined.name) });
        },
      },
    );
  };

  const failure = join.error ? teamJoinErrorMessage(join.error) : null;

  return (
    <>
      <Paper withBorder radius="lg" p="xl" data-testid="team-join-gate">
        <Stack align="center" gap="xs" ta="center">
          <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
            {team.passwordProtected ? <IconLock size={28} /> : <IconUserPlus size={28} />}
          </ThemeIcon>
          <Text fw={600}>
            {team.passwordProtected ? teamsKo.lockedTitle : teamsKo.notMemberTitle}
          </Text>
          <Text size="sm" c="dimmed">
            {team.passwordProtected ? teamsKo.lockedHint : teamsKo.notMemberHint}
          </Text>
          {!promptOpened && <ErrorAlert message={failure} />}
          {team.passwordProtected ? (
            <Button
              mt="xs"
              leftSection={<IconLock size={16} />}
              onClick={() => {
                join.reset();
                setPromptOpened(true);
              }}
              data-testid="team-password-open"
            >
              {teamsKo.enterPassword}
            </Button>
          ) : (
            <Button
              mt="xs"
              leftSection={<IconUserPlus size={16} />}
              loading={join.isPending}
              onClick={() => handleJoin()}
              data-testid="team-join-button"
            >
              {teamsKo.joinButton}
            </Button>
          )}
        </Stack>
      </Paper>
      {team.passwordProtected && (
        <Modal
          opened={promptOpened}
          onClose={() => setPromptOpened(false)}
          title={teamsKo.passwordDialogTitle}
          centered
          attributes={{ content: { 'data-testid': 'team-password-dialog' } }}
        >
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              handleJoin(password);
            }}
          >
            <Stack gap="md">
              <Text size="sm">{teamsKo.passwordDialogText(team.name)}</Text>
              <PasswordInput
                label={teamsKo.password}
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                maxLength={Limits.workspacePasswordMax}
                autoComplete="off"
                data-autofocus
                data-testid="team-password-input"
              />
              <ErrorAlert message={failure} />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => setPromptOpened(false)}>
                  {ko.common.cancel}
                </Button>
                <Button type="submit" loading={join.isPending} data-testid="team-password-submit">
                  {teamsKo.passwordSubmit}
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal>
      )}
    </>
  );
}
