import { useState } from 'react';
import { Button, Group, Loader, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { Limits } from '@teamup/contracts/limits';
import type { InvitePreview } from '@teamup/contracts/workspaces';
import { ko } from '../../../i18n/ko';
import { workspacesKo } from '../../../i18n/ko/workspaces';
import { WorkspaceIcon } from '../../../components/workspace-icon';

interface InvitePasswordDialogProps {
  preview: InvitePreview;
  opened: boolean;
  busy: boolean;
  /** The refusal of the last try (wrong or missing password), shown under the field. */
  error: string | null;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}

const t = workspacesKo.invitePassword;

/** Asks for the password of a protected workspace before joining it through an invite link. */
export function InvitePasswordDialog({
  preview,
  opened,
  busy,
  error,
  onSubmit,
  onCancel,
}: InvitePasswordDialogProps) {
  const [password, setPassword] = useState('');
  const [required, setRequired] = useState(false);

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={t.title}
      centered
      // On the content box: the root has no size of its own (its children are fixed).
      attributes={{ content: { 'data-testid': 'invite-password-dialog' } }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!password) {
            setRequired(true);
            return;
          }
          onSubmit(password);
        }}
      >
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <WorkspaceIcon name={preview.name} iconUrl={preview.iconUrl} size={40} />
            <Stack gap={0} miw={0}>
              <Text fw={700} truncate="end">
                {preview.name}
              </Text>
              <Text size="xs" c="dimmed">
                {ko.member.count(preview.memberCount)}
              </Text>
            </Stack>
          </Group>
          <Text size="sm">{t.description(preview.name)}</Text>
          <PasswordInput
            label={t.password}
            withAsterisk
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setRequired(false);
            }}
            error={required ? workspacesKo.join.passwordRequired : error}
            maxLength={Limits.workspacePasswordMax}
            autoComplete="off"
            data-autofocus
            disabled={busy}
            data-testid="invite-password-input"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {ko.common.cancel}
            </Button>
            <Button
              type="submit"
              disabled={busy}
              leftSection={busy ? <Loader size={14} color="gray" /> : undefined}
              data-testid="invite-password-submit"
            >
              {busy ? t.submitting : t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
