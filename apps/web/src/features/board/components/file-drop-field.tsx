import { useState, type InputHTMLAttributes } from 'react';
import { ActionIcon, Box, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
// The drop zone's styles come with it, not on the first load (after Mantine's core styles).
import '@mantine/dropzone/styles.css';
import { IconFile, IconUpload, IconX } from '@tabler/icons-react';
import { Limits } from '@teamup/contracts/limits';
import { ErrorAlert } from '../../../components/error-alert';
import { boardKo } from '../../../i18n/ko/board';
import { checkPostFiles, totalSize } from '../lib/file-limits';
import { formatFileSize } from '../../../lib/file-size';

const MB = 1024 * 1024;

/** The hidden file input of the drop area; e2e tests set files on it. */
const inputProps = { 'data-testid': 'post-files-input' } as InputHTMLAttributes<HTMLInputElement>;

interface FileDropFieldProps {
  files: readonly File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}

/**
 * Files of a new post: dropped or picked (click, Enter or Space on the drop area), listed with
 * remove buttons. Each file is checked against the per-file, count and total limits as it
 * comes; one that does not fit is left out with the contract's text.
 */
export function FileDropField({ files, onChange, disabled }: FileDropFieldProps) {
  const [problem, setProblem] = useState<string | null>(null);

  const handleDrop = (dropped: File[]) => {
    const next = [...files];
    let refused: string | null = null;
    for (const file of dropped) {
      const fits = checkPostFiles([...next, file]);
      if (fits) refused ??= fits;
      else next.push(file);
    }
    setProblem(refused);
    if (next.length !== files.length) onChange(next);
  };

  const handleRemove = (index: number) => {
    setProblem(null);
    onChange(files.filter((_, position) => position !== index));
  };

  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={handleDrop}
        multiple
        disabled={disabled}
        radius="md"
        p="md"
        inputProps={inputProps}
        aria-label={boardKo.attachments.dropTitle}
      >
        <Group justify="center" gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <ThemeIcon variant="light" size={40} radius="xl" aria-hidden>
            <IconUpload size={20} />
          </ThemeIcon>
          <Box style={{ minWidth: 0 }}>
            <Text size="sm" fw={500}>
              {boardKo.attachments.dropTitle}
            </Text>
            <Text size="xs" c="dimmed">
              {boardKo.attachments.dropHint(
                Limits.attachmentMaxBytes / MB,
                Limits.attachmentsPerPost,
                Limits.postFilesMaxBytes / MB,
              )}
            </Text>
          </Box>
        </Group>
      </Dropzone>
      <ErrorAlert message={problem} />
      {files.length > 0 && (
        <Stack gap={6}>
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {files.map((file, index) => (
              <li key={`${file.name}-${file.size}-${file.lastModified}-${index}`}>
                <Paper withBorder radius="sm" px="sm" py={6} data-testid="post-file-row">
                  <Group gap="xs" wrap="nowrap">
                    <IconFile size={16} aria-hidden style={{ flex: 'none' }} />
                    <Text
                      size="sm"
                      truncate="end"
                      title={file.name}
                      style={{ flex: 1, minWidth: 0 }}
                    >
                      {file.name}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                      {formatFileSize(file.size)}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      onClick={() => handleRemove(index)}
                      disabled={disabled}
                      aria-label={boardKo.attachments.remove(file.name)}
                      data-testid="post-file-remove"
                    >
                      <IconX size={16} />
                    </ActionIcon>
                  </Group>
                </Paper>
              </li>
            ))}
          </Stack>
          <Text size="xs" c="dimmed">
            {boardKo.attachments.chosen(files.length, formatFileSize(totalSize(files)))}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
