import { useEffect, useRef } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Input,
  Modal,
  PasswordInput,
  SegmentedControl,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Limits } from '@teamup/contracts/limits';
import type { Team } from '@teamup/contracts/teams';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { teamsKo } from '../../../i18n/ko/teams';
import { errorMessage } from '../../../lib/error-message';
import { useUpdateTeam } from '../api/update-team';
import { canChangeAnnouncementPosting } from '../lib/team-access';
import { teamUpdateBody, validateTeamForm, type TeamEditValues } from '../lib/team-form';

interface EditTeamModalProps {
  team: Team;
  /** The signed-in user: the team's leader also chooses who may post announcements. */
  userId: number | undefined;
  opened: boolean;
  onClose: () => void;
}

/** The form's values for the team as it is; who may post announcements only for its leader. */
function editValuesOf(team: Team, choosesPosting: boolean): TeamEditValues {
  return {
    name: team.name,
    description: team.description ?? '',
    password: '',
    removePassword: false,
    ...(choosesPosting ? { announcementPosting: team.announcementPosting } : {}),
  };
}

/**
 * Name, description and password of a team (its leader, the workspace owner and admins). An
 * empty password keeps the current one; removing it is an explicit choice. The leader alone also
 * sees who may post announcements.
 */
export function EditTeamModal({ team, userId, opened, onClose }: EditTeamModalProps) {
  const update = useUpdateTeam();
  const choosesPosting = canChangeAnnouncementPosting(team, userId);
  const form = useForm<TeamEditValues>({
    initialValues: editValuesOf(team, choosesPosting),
    validate: (values) =>
      validateTeamForm(
        { ...values, password: values.removePassword ? '' : values.password },
        team.workspaceId,
      ),
  });
  // The modal stays mounted between openings: each opening starts from the team as it is now (a
  // change saved before, or another's), or saving again would put back what the page first had.
  const wasOpened = useRef(opened);
  useEffect(() => {
    if (opened && !wasOpened.current) {
      const current = editValuesOf(team, choosesPosting);
      form.setInitialValues(current);
      form.setValues(current);
    }
    wasOpened.current = opened;
  }, [opened, team, choosesPosting, form]);

  const handleClose = () => {
    if (update.isPending) return;
    form.reset();
    update.reset();
    onClose();
  };

  const handleSubmit = form.onSubmit((values) => {
    update.mutate(
      { teamId: team.id, body: teamUpdateBody(values) },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: teamsKo.edited });
          form.reset();
          onClose();
        },
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title={teamsKo.editTitle}
      centered
      attributes={{ content: { 'data-testid': 'team-edit-modal' } }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={teamsKo.name}
            required
            maxLength={Limits.teamNameMax}
            data-autofocus
            data-testid="team-edit-name"
            {...form.getInputProps('name')}
          />
          <Textarea
            label={teamsKo.description}
            placeholder={teamsKo.descriptionPlaceholder}
            autosize
            minRows={2}
            maxRows={5}
            maxLength={Limits.teamDescriptionMax}
            {...form.getInputProps('description')}
          />
          {team.passwordProtected && (
            <Checkbox
              label={teamsKo.passwordRemove}
              {...form.getInputProps('removePassword', { type: 'checkbox' })}
            />
          )}
          {!form.values.removePassword && (
            <PasswordInput
              label={team.passwordProtected ? teamsKo.passwordNew : teamsKo.password}
              description={team.passwordProtected ? teamsKo.passwordKeep : teamsKo.passwordHint}
              placeholder={teamsKo.passwordPlaceholder}
              autoComplete="new-password"
              maxLength={Limits.workspacePasswordMax}
              {...form.getInputProps('password')}
            />
          )}
          {choosesPosting && (
            <Input.Wrapper
              label={teamsKo.announcementPosting}
              description={teamsKo.announcementPostingHint}
            >
              <SegmentedControl
                fullWidth
                mt={6}
                data={[
                  { value: 'EVERYONE', label: teamsKo.announcementPostingEveryone },
                  { value: 'LEADER', label: teamsKo.announcementPostingLeader },
                ]}
                value={form.values.announcementPosting ?? team.announcementPosting}
                onChange={(value) =>
                  form.setFieldValue(
                    'announcementPosting',
                    value === 'LEADER' ? 'LEADER' : 'EVERYONE',
                  )
                }
                data-testid="team-edit-announcement-posting"
              />
            </Input.Wrapper>
          )}
          <ErrorAlert
            message={
              update.error ? errorMessage(update.error, { fallback: teamsKo.editFailed }) : null
            }
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={handleClose}>
              {ko.common.cancel}
            </Button>
            <Button type="submit" loading={update.isPending} data-testid="team-edit-submit">
              {teamsKo.editSave}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
