import { useRef, useState, type ChangeEvent } from 'react';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconFileUpload, IconFileZip } from '@tabler/icons-react';
import type { ImportResult } from '@teamup/contracts/exports';
import { ErrorAlert } from '../../../components/error-alert';
import { exportsKo } from '../../../i18n/ko/exports';
import { formatFileSize } from '../../../lib/file-size';
import { useImportWorkspace } from '../api/import-workspace';
import { checkImportFile, importAccept, importErrorMessage } from '../lib/import-file';

const t = exportsKo.import;

interface ImportWorkspaceSectionProps {
  /** The create form is busy: nothing here may start. */
  disabled: boolean;
  /** Heard when an import starts and ends, so the dialog stays open meanwhile. */
  onPendingChange: (pending: boolean) => void;
  onImported: (result: ImportResult) => void;
}

/**
 * The create dialog's second way (issue 46): a new workspace from a workspace export (.zip),
 * checked here, then sent with its upload progress; the server's refusal is shown in Korean.
 */
export function ImportWorkspaceSection({
  disabled,
  onPendingChange,
  onImported,
}: ImportWorkspaceSectionProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const importWorkspace = useImportWorkspace();
  const pending = importWorkspace.isPending;

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const chosen = input.files?.[0];
    input.value = ''; // choosing the same file again must fire again
    if (!chosen) return;
    const refused = checkImportFile(chosen);
    setProblem(refused);
    setFile(refused ? null : chosen);
  };

  const handleImport = () => {
    if (!file || pending) return;
    setProblem(null);
    setProgress(0);
    onPendingChange(true);
    importWorkspace.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (result) => {
          setFile(null);
          onImported(result);
        },
        onError: (error) => setProblem(importErrorMessage(error)),
        onSettled: () => {
          setProgress(null);
          onPendingChange(false);
        },
      },
    );
  };

  const uploaded = progress === null ? 0 : Math.round(progress * 100);
  // The whole file sent, the server is still reading it into the new workspace.
  const status = uploaded < 100 ? t.uploading(uploaded) : t.processing;

  return (
    <Stack gap={6} data-testid="import-workspace">
      <Text fw={600} size="sm">
        {t.title}
      </Text>
      <Text size="xs" c="dimmed">
        {t.hint}
      </Text>
      <input
        ref={fileInput}
        type="file"
        accept={importAccept}
        aria-label={t.fileLabel}
        data-testid="import-workspace-file"
        onChange={handleFile}
        style={{ display: 'none' }}
      />
      <Group gap="xs" wrap="wrap">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFileZip size={16} aria-hidden />}
          disabled={disabled || pending}
          onClick={() => fileInput.current?.click()}
          data-testid="import-workspace-choose"
        >
          {t.filePlaceholder}
        </Button>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconFileUpload size={16} aria-hidden />}
          disabled={!file || disabled}
          loading={pending}
          loaderProps={{ type: 'dots' }}
          onClick={handleImport}
          data-testid="import-workspace-submit"
        >
          {t.submit}
        </Button>
      </Group>
      {file && (
        <Text size="xs" style={{ overflowWrap: 'anywhere' }} data-testid="import-workspace-name">
          {file.name} ({formatFileSize(file.size)})
        </Text>
      )}
      {pending && (
        <Stack gap={4}>
          <Progress
            value={uploaded}
            animated={uploaded >= 100}
            striped={uploaded >= 100}
            aria-label={t.progressLabel}
          />
          <Text size="xs" c="dimmed" role="status">
            {status}
          </Text>
        </Stack>
      )}
      <ErrorAlert message={problem} />
    </Stack>
  );
}
