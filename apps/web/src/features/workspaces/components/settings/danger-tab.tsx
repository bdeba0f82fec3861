import { useState } from 'react';
import { Alert, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconFileZip, IconList } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { Workspace } from '@teamup/contracts/workspaces';
import { routes } from '../../../../config/paths';
import { ConfirmByTyping } from '../../../../components/confirm-by-typing';
import { ErrorAlert } from '../../../../components/error-alert';
import { exportsKo } from '../../../../i18n/ko/exports';
import { workspacesKo } from '../../../../i18n/ko/workspaces';
import { errorMessage } from '../../../../lib/error-message';
import { useDeleteWorkspace } from '../../api/delete-workspace';
import { useExportWorkspace } from '../../api/export-workspace';
import { clearRedirectFlag } from '../../../../lib/workspace-storage';
import { showSettingsToast } from '../../lib/settings-toast';

const t = workspacesKo.settings;

/**
 * Owner: exports the workspace as a zip (built by a job, listed on "내 데이터 내보내기"), told
 * with a toast; the list is a link away (it closes the settings).
 */
function ExportSection({ workspace, onClose }: { workspace: Workspace; onClose: () => void }) {
  const exportWorkspace = useExportWorkspace();
  const [failure, setFailure] = useState<string | null>(null);

  const handleExport = () => {
    setFailure(null);
    exportWorkspace.mutate(workspace.id, {
      onSuccess: () => showSettingsToast({ color: 'teal', message: exportsKo.started }),
      onError: (error) => setFailure(errorMessage(error, { fallback: exportsKo.requestFailed })),
    });
  };

  return (
    <Stack gap={6} data-testid="workspace-export">
      <Text fw={600}>{exportsKo.workspace.title}</Text>
      <Text size="sm">{exportsKo.workspace.description}</Text>
      <Text size="sm" c="dimmed">
        {exportsKo.workspace.hint}
      </Text>
      <ErrorAlert message={failure} />
      <Group gap="sm" wrap="wrap">
        <Button
          variant="light"
          leftSection={<IconFileZip size={16} aria-hidden />}
          loading={exportWorkspace.isPending}
          onClick={handleExport}
          data-testid="workspace-export-button"
        >
          {exportsKo.workspace.request}
        </Button>
        <Button
          component={Link}
          to={routes.myExports.href()}
          variant="subtle"
          leftSection={<IconList size={16} aria-hidden />}
          onClick={onClose}
          data-testid="workspace-export-list-link"
        >
          {exportsKo.workspace.viewList}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Owner: the workspace export, then deleting the workspace once its exact name is typed
 * (ConfirmByTyping); then back to /.
 */
export function DangerTab({ workspace, onClose }: { workspace: Workspace; onClose: () => void }) {
  const remove = useDeleteWorkspace();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  const handleDelete = (typed: string) => {
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
    <Stack gap="lg">
      <ExportSection workspace={workspace} onClose={onClose} />
      <Divider />
      <ConfirmByTyping
        expected={workspace.name}
        label={t.dangerConfirmLabel(workspace.name)}
        mismatch={t.nameMismatch}
        confirmLabel={t.dangerDelete}
        warning={
          <Alert
            variant="light"
            color="red"
            title={t.dangerTitle}
            icon={<IconAlertTriangle size={18} />}
          >
            {t.dangerDescription}
          </Alert>
        }
        pending={remove.isPending}
        failure={failure}
        onConfirm={handleDelete}
        inputTestId="danger-confirm-input"
        buttonTestId="danger-delete-button"
      />
    </Stack>
  );
}
