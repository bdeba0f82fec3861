import { useState } from 'react';
import { Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { Limits } from '@teamup/contracts/limits';
import type { UpdateWorkspaceInput, Workspace } from '@teamup/contracts/workspaces';
import { ErrorAlert } from '../../../../components/error-alert';
import { workspacesKo } from '../../../../i18n/ko/workspaces';
import { errorMessage } from '../../../../lib/error-message';
import { useUpdateWorkspace } from '../../api/update-workspace';
import { useUploadWorkspaceIcon } from '../../api/upload-workspace-icon';
import { iconKind } from '../../../../lib/workspace-icon';
import { IconField, releaseIconDraft, type IconDraft } from '../icon-field';
import { showSettingsToast } from '../../lib/settings-toast';

const t = workspacesKo.settings;

function draftOf(workspace: Workspace): IconDraft {
  const icon = iconKind(workspace.iconUrl, workspace.name);
  return {
    mode: icon.kind === 'image' ? 'image' : 'text',
    text: icon.kind === 'text' ? icon.text : '',
    file: null,
    previewUrl: null,
  };
}

/** Owner: the workspace name (max 100, never empty) and its icon. */
export function ProfileTab({ workspace }: { workspace: Workspace }) {
  const update = useUpdateWorkspace();
  const upload = useUploadWorkspaceIcon();
  const [name, setName] = useState(workspace.name);
  const [icon, setIcon] = useState<IconDraft>(() => draftOf(workspace));
  const [failure, setFailure] = useState<string | null>(null);
  const busy = update.isPending || upload.isPending;
  const trimmed = name.trim();
  const nameError =
    trimmed.length > Limits.workspaceNameMax ? workspacesKo.create.nameTooLong : null;
  const iconText = icon.mode === 'text' ? icon.text.trim() : '';
  const iconError =
    iconText && iconKind(iconText, 'x').kind !== 'text' ? workspacesKo.icon.invalid : null;

  const handleSave = async () => {
    if (!trimmed || nameError || iconError) return;
    setFailure(null);
    try {
      if (icon.mode === 'image' && icon.file) {
        await upload.mutateAsync({ workspaceId: workspace.id, file: icon.file });
        releaseIconDraft(icon);
        setIcon({ ...icon, file: null, previewUrl: null });
      }
      const body: UpdateWorkspaceInput = { name: trimmed };
      // An image chosen earlier stays unless the owner switched back to text.
      if (icon.mode === 'text') body.iconUrl = iconText || null;
      await update.mutateAsync({ workspaceId: workspace.id, body });
      showSettingsToast({ color: 'teal', message: t.profileSaved });
    } catch (error) {
      setFailure(errorMessage(error, { fallback: t.updateFailed }));
    }
  };

  const handleClassMode = (isClass: boolean) =>
    update.mutate(
      { workspaceId: workspace.id, body: { isClass } },
      {
        onSuccess: () =>
          showSettingsToast({ color: 'teal', message: isClass ? t.classModeOn : t.classModeOff }),
        onError: (error) => setFailure(errorMessage(error, { fallback: t.updateFailed })),
      },
    );

  return (
    <Stack gap="md">
      <Switch
        label={t.classMode}
        description={t.classModeHint}
        checked={workspace.isClass}
        disabled={busy}
        onChange={(event) => handleClassMode(event.currentTarget.checked)}
        data-testid="settings-class-mode"
      />
      <TextInput
        label={t.profileName}
        withAsterisk
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={trimmed ? nameError : workspacesKo.create.nameRequired}
        maxLength={Limits.workspaceNameMax + 20}
        disabled={busy}
        data-testid="settings-name-input"
      />
      <IconField
        name={trimmed || workspace.name}
        value={icon}
        onChange={setIcon}
        savedIconUrl={icon.mode === 'image' ? workspace.iconUrl : null}
        disabled={busy}
      />
      <ErrorAlert message={iconError ?? failure} />
      <Group justify="flex-end">
        <Button
          onClick={() => void handleSave()}
          loading={busy}
          disabled={!trimmed || Boolean(nameError) || Boolean(iconError)}
          data-testid="settings-profile-save"
        >
          {t.profileSave}
        </Button>
      </Group>
    </Stack>
  );
}
