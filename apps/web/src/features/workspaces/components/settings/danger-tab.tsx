import { useState } from 'react';
import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { Workspace } from '@teamup/contracts/workspaces';
import { routes } from '../../../../config/paths';
import { ConfirmByTyping } from '../../../../components/confirm-by-typing';
import { workspacesKo } from '../../../../i18n/ko/workspaces';
import { errorMessage } from '../../../../lib/error-message';
import { useDeleteWorkspace } from '../../api/delete-workspace';
import { clearRedirectFlag } from '../../../../lib/workspace-storage';

const t = workspacesKo.settings;

/** Owner: deletes the workspace once its exact name is typed (ConfirmByTyping); then back to /. */
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
  );
}
