import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconPhotoUp, IconX } from '@tabler/icons-react';
import { Limits } from '@teamup/contracts/limits';
import { workspacesKo } from '../../../i18n/ko/workspaces';
import { checkIconFile, iconAccept } from '../lib/icon-file';
import { WorkspaceIcon } from '../../../components/workspace-icon';

/** What the user chose as icon: typed text, or an image file waiting to be uploaded. */
export interface IconDraft {
  mode: 'text' | 'image';
  text: string;
  file: File | null;
  /** An object URL showing the chosen file. */
  previewUrl: string | null;
}

export const emptyIconDraft: IconDraft = { mode: 'text', text: '', file: null, previewUrl: null };

/** Frees the preview of a draft that is being thrown away. */
export function releaseIconDraft(draft: IconDraft): void {
  if (draft.previewUrl) URL.revokeObjectURL(draft.previewUrl);
}

interface IconFieldProps {
  /** The workspace name, for the first-letter preview. */
  name: string;
  value: IconDraft;
  onChange: (value: IconDraft) => void;
  /** The icon already saved (settings), shown while no new choice is made. */
  savedIconUrl?: string | null;
  disabled?: boolean;
}

/**
 * The workspace icon: an emoji or a few letters, or an image (JPG/PNG/GIF, 5 MB) checked here
 * before anything is uploaded.
 */
export function IconField({ name, value, onChange, savedIconUrl, disabled }: IconFieldProps) {
  const fileInputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // choosing the same file again must fire again
    if (!file) return;
    const refused = checkIconFile(file);
    setProblem(refused);
    if (refused) return;
    releaseIconDraft(value);
    onChange({ ...value, mode: 'image', file, previewUrl: URL.createObjectURL(file) });
  };

  const handleRemoveFile = () => {
    releaseIconDraft(value);
    onChange({ ...value, file: null, previewUrl: null });
  };

  const previewIcon =
    value.mode === 'image' ? (value.previewUrl ?? savedIconUrl) : value.text || savedIconUrl;

  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {workspacesKo.icon.label}{' '}
          <Text span c="dimmed" size="xs">
            ({workspacesKo.icon.optional})
          </Text>
        </Text>
        <SegmentedControl
          size="xs"
          value={value.mode}
          disabled={disabled}
          onChange={(mode) => {
            setProblem(null);
            onChange({ ...value, mode: mode === 'image' ? 'image' : 'text' });
          }}
          data={[
            { value: 'text', label: workspacesKo.icon.textMode },
            { value: 'image', label: workspacesKo.icon.imageMode },
          ]}
        />
      </Group>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {value.mode === 'image' && value.previewUrl ? (
          <img
            src={value.previewUrl}
            alt=""
            width={44}
            height={44}
            style={{ borderRadius: 8, objectFit: 'cover', flexShrink: 0 }}
          />
        ) : (
          <WorkspaceIcon name={name} iconUrl={previewIcon} />
        )}
        {value.mode === 'text' ? (
          <TextInput
            style={{ flex: 1 }}
            aria-label={workspacesKo.icon.label}
            placeholder={workspacesKo.icon.textPlaceholder}
            description={workspacesKo.icon.textHint}
            value={value.text}
            disabled={disabled}
            onChange={(event) => onChange({ ...value, text: event.currentTarget.value })}
            maxLength={Limits.workspaceIconTextMax * 2}
            data-testid="workspace-icon-input"
          />
        ) : (
          <Stack gap={4} style={{ flex: 1 }}>
            <input
              ref={fileInput}
              id={fileInputId}
              type="file"
              accept={iconAccept}
              aria-label={workspacesKo.icon.imageInput}
              data-testid="workspace-icon-file"
              onChange={handleFile}
              style={{ display: 'none' }}
            />
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                leftSection={<IconPhotoUp size={16} />}
                disabled={disabled}
                onClick={() => fileInput.current?.click()}
              >
                {value.file || savedIconUrl
                  ? workspacesKo.icon.changeImage
                  : workspacesKo.icon.chooseImage}
              </Button>
              {value.file && (
                <Button
                  variant="subtle"
                  color="gray"
                  size="xs"
                  leftSection={<IconX size={14} />}
                  disabled={disabled}
                  onClick={handleRemoveFile}
                >
                  {workspacesKo.icon.removeImage}
                </Button>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {value.file ? value.file.name : workspacesKo.icon.imageHint}
            </Text>
          </Stack>
        )}
      </Group>
      {problem && (
        <Text size="xs" c="red" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
