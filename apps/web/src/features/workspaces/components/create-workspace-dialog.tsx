import { useState } from 'react';
import {
  Button,
  Divider,
  Group,
  List,
  Loader,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import type { ImportResult } from '@teamup/contracts/exports';
import { Limits } from '@teamup/contracts/limits';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { exportsKo } from '../../../i18n/ko/exports';
import { workspacesKo } from '../../../i18n/ko/workspaces';
import { errorMessage } from '../../../lib/error-message';
import { useCreateWorkspace } from '../api/create-workspace';
import { useUploadWorkspaceIcon } from '../api/upload-workspace-icon';
import { useOpenWorkspace } from '../hooks/use-open-workspace';
import { iconKind } from '../../../lib/workspace-icon';
import { clearRedirectFlag } from '../../../lib/workspace-storage';
import { emptyIconDraft, IconField, releaseIconDraft, type IconDraft } from './icon-field';
import { importedMessage } from '../lib/import-file';
import { ImportWorkspaceSection } from './import-workspace-section';

interface CreateWorkspaceDialogProps {
  opened: boolean;
  onClose: () => void;
}

const t = workspacesKo.create;

function checkName(value: string): string | null {
  const name = value.trim();
  if (!name) return t.nameRequired;
  if (name.length > Limits.workspaceNameMax) return t.nameTooLong;
  return null;
}

function checkPassword(value: string): string | null {
  if (value && value.length < Limits.workspacePasswordMin) return t.passwordTooShort;
  return null;
}

/**
 * Creates a workspace (spec 01 section 2): name, optional icon (text or an image uploaded right
 * after creation) and optional password. The creator becomes the owner and lands on its home.
 * Or, below (issue 46), imports one from a workspace export (.zip) and lands on that.
 */
export function CreateWorkspaceDialog({ opened, onClose }: CreateWorkspaceDialogProps) {
  const create = useCreateWorkspace();
  const upload = useUploadWorkspaceIcon();
  const openWorkspace = useOpenWorkspace();
  const [icon, setIcon] = useState<IconDraft>(emptyIconDraft);
  const [failure, setFailure] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const form = useForm({
    initialValues: { name: '', password: '' },
    validate: { name: checkName, password: checkPassword },
  });
  const creating = create.isPending || upload.isPending;
  const busy = creating || importing;

  const reset = () => {
    form.reset();
    releaseIconDraft(icon);
    setIcon(emptyIconDraft);
    setFailure(null);
    setImporting(false);
    create.reset();
  };

  const handleClose = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const iconText = icon.mode === 'text' ? icon.text.trim() : '';
  const iconProblem =
    iconText && iconKind(iconText, 'x').kind !== 'text' ? workspacesKo.icon.invalid : null;

  const handleSubmit = form.onSubmit(async (values) => {
    if (iconProblem) return;
    setFailure(null);
    try {
      const workspace = await create.mutateAsync({
        name: values.name.trim(),
        iconUrl: iconText || undefined,
        password: values.password || undefined,
      });
      if (icon.mode === 'image' && icon.file) {
        try {
          await upload.mutateAsync({ workspaceId: workspace.id, file: icon.file });
        } catch (error) {
          notifications.show({
            color: 'orange',
            message: errorMessage(error, { fallback: workspacesKo.icon.uploadFailed }),
          });
        }
      }
      notifications.show({ color: 'teal', message: t.created(workspace.name) });
      clearRedirectFlag();
      reset();
      onClose();
      openWorkspace(workspace.id);
    } catch (error) {
      setFailure(errorMessage(error, { fallback: workspacesKo.join.failed }));
    }
  });

  const handleImported = (result: ImportResult) => {
    notifications.show({ color: 'teal', message: importedMessage(result) });
    clearRedirectFlag();
    reset();
    onClose();
    openWorkspace(result.workspaceId);
  };

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title={t.title}
      centered
      size="md"
      // On the content box: the root has no size of its own (its children are fixed).
      attributes={{ content: { 'data-testid': 'create-workspace-dialog' } }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t.name}
            placeholder={t.namePlaceholder}
            withAsterisk
            maxLength={Limits.workspaceNameMax + 20}
            data-autofocus
            data-testid="workspace-name-input"
            disabled={busy}
            {...form.getInputProps('name')}
          />
          <IconField name={form.values.name} value={icon} onChange={setIcon} disabled={busy} />
          {iconProblem && (
            <Text size="xs" c="red" role="alert">
              {iconProblem}
            </Text>
          )}
          <PasswordInput
            label={t.password}
            description={t.passwordPlaceholder}
            autoComplete="new-password"
            maxLength={Limits.workspacePasswordMax}
            data-testid="workspace-password-input"
            disabled={busy}
            {...form.getInputProps('password')}
          />
          <List
            size="sm"
            c="dimmed"
            spacing={4}
            icon={
              <ThemeIcon size={18} radius="xl" variant="light" color="teal">
                <IconCheck size={12} />
              </ThemeIcon>
            }
          >
            <List.Item>{t.noteOwner}</List.Item>
            <List.Item>{t.noteInvite}</List.Item>
          </List>
          <ErrorAlert message={failure} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={handleClose} disabled={busy}>
              {ko.common.cancel}
            </Button>
            <Button
              type="submit"
              disabled={busy}
              leftSection={creating ? <Loader size={14} color="gray" /> : undefined}
              data-testid="create-workspace-submit"
            >
              {creating ? t.submitting : t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
      {/* Outside the form: Enter in the name field creates, never imports. */}
      <Divider my="md" label={exportsKo.import.divider} labelPosition="center" />
      <ImportWorkspaceSection
        disabled={creating}
        onPendingChange={setImporting}
        onImported={handleImported}
      />
    </Modal>
  );
}
