import { useState } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { Workspace } from '@teamup/contracts/workspaces';
import { routes } from '../../../../app/routes';
import { ErrorAlert } from '../../../../components/error-alert';
import { ko } from '../../../../i18n/ko';
import { errorMessage } from '../../../../lib/error-message';
import { useDeleteWorkspace } from '../../api/delete-workspace';
import { clearRedirectFlag } from '../../lib/workspace-storage';

const t = ko.workspaces.settings;

/** Owner: deletes the workspace once its exact name is typed; then back to /. */
export function DangerTab({ workspace, onClose }: { workspace: Workspace; onClose: () => void }) {
  const remove = useDeleteWorkspace();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const matches = typed === workspace.name;

  const handleDelete = () => {
    if (!matches) return;
    setFailure(null);
    remove.mutate(
      { workspaceId: workspace.id, confirmName: typed },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t.deleted });
          clearRedirectFlag();
          onClose();
          void navigate(routes.home.href(), { replace: true });
        },
        onError: (error) => setFailure(errorMessage(error, { fallback: t.deleteFailed })),
      },
    );
  };

  return (
    <Stack gap="md">
      <Alert
        variant="light"
        color="red"
        title={t.dangerTitle}
        icon={<IconAlertTriangle size={18} />}
      >
        {t.dangerDescription}
      </Alert>
      <TextInput
        label={t.dangerConfirmLabel(workspace.name)}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        autoComplete="off"
        disabled={remove.isPending}
        data-testid="danger-confirm-input"
      />
      <ErrorAlert message={failure} />
      <Group justify="flex-end">
        <Button
          color="red"
          leftSection={<IconTrash size={16} />}
          disabled={!matches}
          loading={remove.isPending}
          onClick={handleDelete}
          data-testid="danger-delete-button"
        >
          {t.dangerDelete}
        </Button>
      </Group>
    </Stack>
  );
}
