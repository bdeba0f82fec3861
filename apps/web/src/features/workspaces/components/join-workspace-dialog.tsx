import { useState } from 'react';
import { Button, Group, Loader, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Limits } from '@teamup/contracts/limits';
import { parseInviteInput, type Workspace } from '@teamup/contracts/workspaces';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { workspacesKo } from '../../../i18n/ko/workspaces';
import { hasCode } from '../../../lib/error-message';
import { useJoinWorkspace } from '../api/join-workspace';
import { useJoinWorkspaceById } from '../api/join-workspace-by-id';
import { useOpenWorkspace } from '../hooks/use-open-workspace';
import { joinErrorMessage, needsPassword } from '../lib/join-error';

interface JoinWorkspaceDialogProps {
  opened: boolean;
  onClose: () => void;
  /**
   * The onboarding dialog accepts a numeric workspace id (joined by id); the rail dialog
   * refuses it and asks for an invite code (spec 01 section 5).
   */
  allowId?: boolean;
}

const t = workspacesKo.join;

/** Joins a workspace by invite link or code (or id, when allowed), with an optional password. */
export function JoinWorkspaceDialog({
  opened,
  onClose,
  allowId = false,
}: JoinWorkspaceDialogProps) {
  const join = useJoinWorkspace();
  const joinById = useJoinWorkspaceById();
  const openWorkspace = useOpenWorkspace();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { invite: '', password: '' },
    validate: { invite: (value) => (value.trim() ? null : t.inviteRequired) },
  });
  const busy = join.isPending || joinById.isPending;

  const reset = () => {
    form.reset();
    setFailure(null);
    join.reset();
    joinById.reset();
  };

  const handleClose = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const handleJoined = (workspace: Workspace) => {
    notifications.show({ color: 'teal', message: t.joined(workspace.name) });
    reset();
    onClose();
    openWorkspace(workspace.id);
  };

  const handleFailed = (error: unknown) => {
    if (needsPassword(error)) {
      form.setFieldError('password', t.passwordRequired);
      form.getInputNode('password')?.focus();
      return;
    }
    if (hasCode(error, ErrorCode.WORKSPACE_PASSWORD_WRONG)) {
      form.setFieldError('password', t.passwordWrong);
      form.getInputNode('password')?.focus();
      return;
    }
    setFailure(joinErrorMessage(error));
  };

  const handleSubmit = form.onSubmit((values) => {
    setFailure(null);
    const parsed = parseInviteInput(values.invite);
    if (!parsed) {
      form.setFieldError('invite', t.inviteInvalid);
      return;
    }
    const password = values.password || undefined;
    if (parsed.kind === 'id') {
      if (!allowId) {
        form.setFieldError('invite', t.idNotAllowed);
        return;
      }
      joinById.mutate(
        { workspaceId: parsed.id, password },
        { onSuccess: handleJoined, onError: handleFailed },
      );
      return;
    }
    join.mutate(
      { inviteCode: parsed.code, password },
      { onSuccess: handleJoined, onError: handleFailed },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title={t.title}
      centered
      size="md"
      // On the content box: the root has no size of its own (its children are fixed).
      attributes={{ content: { 'data-testid': 'join-workspace-dialog' } }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t.invite}
            placeholder={t.invitePlaceholder}
            description={allowId ? t.inviteHintWithId : t.inviteHint}
            withAsterisk
            maxLength={Limits.urlMax}
            autoComplete="off"
            data-autofocus
            data-testid="join-invite-input"
            disabled={busy}
            {...form.getInputProps('invite')}
          />
          <PasswordInput
            label={t.password}
            description={t.passwordPlaceholder}
            autoComplete="off"
            maxLength={Limits.workspacePasswordMax}
            data-testid="join-password-input"
            disabled={busy}
            {...form.getInputProps('password')}
          />
          <ErrorAlert message={failure} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={handleClose} disabled={busy}>
              {ko.common.cancel}
            </Button>
            <Button
              type="submit"
              disabled={busy}
              leftSection={busy ? <Loader size={14} color="gray" /> : undefined}
              data-testid="join-workspace-submit"
            >
              {busy ? t.submitting : t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
