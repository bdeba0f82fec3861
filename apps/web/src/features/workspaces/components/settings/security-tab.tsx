import { useState } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { Limits } from '@teamup/contracts/limits';
import type { Workspace } from '@teamup/contracts/workspaces';
import { ErrorAlert } from '../../../../components/error-alert';
import { workspacesKo } from '../../../../i18n/ko/workspaces';
import { errorMessage } from '../../../../lib/error-message';
import { useSetWorkspacePassword } from '../../api/set-workspace-password';
import { showSettingsToast } from '../../lib/settings-toast';

const t = workspacesKo.settings;

/** Owner: sets, changes or removes the password asked of people joining by invite. */
export function SecurityTab({ workspace }: { workspace: Workspace }) {
  const setPassword = useSetWorkspacePassword();
  const [password, setPasswordValue] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const tooShort = password.length > 0 && password.length < Limits.workspacePasswordMin;

  const save = (value: string | null) => {
    setFailure(null);
    setPassword.mutate(
      { workspaceId: workspace.id, password: value },
      {
        onSuccess: () => {
          setPasswordValue('');
          showSettingsToast({
            color: 'teal',
            message: value ? t.passwordSaved : t.passwordRemoved,
          });
        },
        onError: (error) => setFailure(errorMessage(error, { fallback: t.passwordFailed })),
      },
    );
  };

  return (
    <Stack gap="md">
      <Text fw={600}>{t.securityTitle}</Text>
      <Alert
        variant="light"
        color={workspace.passwordProtected ? 'teal' : 'gray'}
        icon={workspace.passwordProtected ? <IconLock size={18} /> : <IconLockOpen size={18} />}
      >
        {workspace.passwordProtected ? t.securityOn : t.securityOff}
      </Alert>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (password && !tooShort) save(password);
        }}
        noValidate
      >
        <Stack gap="sm">
          <PasswordInput
            label={t.newPassword}
            placeholder={t.newPasswordPlaceholder}
            value={password}
            onChange={(event) => setPasswordValue(event.currentTarget.value)}
            error={tooShort ? workspacesKo.create.passwordTooShort : null}
            maxLength={Limits.workspacePasswordMax}
            autoComplete="new-password"
            disabled={setPassword.isPending}
            data-testid="security-password-input"
          />
          <ErrorAlert message={failure} />
          <Group justify="flex-end" gap="sm">
            {workspace.passwordProtected && (
              <Button
                variant="light"
                color="red"
                disabled={setPassword.isPending}
                onClick={() => save(null)}
                data-testid="security-password-remove"
              >
                {t.passwordRemove}
              </Button>
            )}
            <Button
              type="submit"
              loading={setPassword.isPending}
              disabled={!password || tooShort}
              data-testid="security-password-save"
            >
              {workspace.passwordProtected ? t.passwordChange : t.passwordSave}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
