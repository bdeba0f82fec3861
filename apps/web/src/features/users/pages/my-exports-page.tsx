import { useState, type ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconDownload, IconFileZip } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { DataExport } from '@teamup/contracts/exports';
import { ErrorAlert } from '../../../components/error-alert';
import { routes } from '../../../config/paths';
import { ko } from '../../../i18n/ko';
import { exportsKo } from '../../../i18n/ko/exports';
import { formatDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage } from '../../../lib/error-message';
import { formatFileSize } from '../../../lib/file-size';
import { useDataExports, useDownloadExport, useExportMine } from '../api/exports';
import { exportStateOf, exportSubject, type ExportState } from '../lib/exports';

const t = exportsKo;

const stateColors: Record<ExportState, string> = {
  PENDING: 'blue',
  READY: 'teal',
  FAILED: 'red',
  EXPIRED: 'gray',
};

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby={id}
    >
      <Stack gap="md">
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function ExportRow({
  item,
  downloading,
  onDownload,
}: {
  item: DataExport;
  downloading: boolean;
  onDownload: (item: DataExport) => void;
}) {
  const state = exportStateOf(item);
  const subject = exportSubject(item);
  const facts = [
    t.requestedAt(formatDateTime(item.createdAt)),
    item.finishedAt &&
      (state === 'FAILED' ? t.failedAt : t.finishedAt)(formatDateTime(item.finishedAt)),
    item.size !== null && state !== 'FAILED' && t.size(formatFileSize(item.size)),
  ].filter((fact): fact is string => Boolean(fact));

  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="export-row" data-state={state}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={4} miw={0} style={{ flex: '1 1 12rem' }}>
          <Group gap="xs" wrap="wrap">
            <IconFileZip size={18} aria-hidden />
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {subject}
            </Text>
            <Badge
              color={stateColors[state]}
              variant="light"
              leftSection={state === 'PENDING' ? <Loader size={10} color="blue" /> : undefined}
              data-testid="export-status"
            >
              {t.statuses[state]}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {facts.join(' · ')}
          </Text>
          {state === 'PENDING' && (
            <Text size="xs" c="dimmed">
              {t.pendingHint}
            </Text>
          )}
          {state === 'FAILED' && (
            <Text size="xs" c="red.8">
              {t.failedHint}
            </Text>
          )}
          {state === 'READY' && item.expiresAt && (
            <Text size="xs" c="dimmed">
              {t.until(formatDateTime(item.expiresAt))}
            </Text>
          )}
        </Stack>
        {item.downloadPath && (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={downloading}
            onClick={() => onDownload(item)}
            aria-label={t.downloadLabel(subject)}
            data-testid="export-download"
          >
            {t.download}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

function ExportList() {
  const exports = useDataExports();
  const download = useDownloadExport();
  const [downloadingId, setDownloadingId] = useState<number | null>(null);

  const handleDownload = (item: DataExport) => {
    setDownloadingId(item.id);
    download.mutate(item, {
      onError: (error) =>
        notifications.show({
          color: 'red',
          message: errorMessage(error, { fallback: t.downloadFailed }),
        }),
      onSettled: () => setDownloadingId(null),
    });
  };

  if (exports.isPending) {
    return (
      <Center py="lg">
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t.loading}
          </Text>
        </Group>
      </Center>
    );
  }
  if (exports.isError) {
    return (
      <Stack gap="xs" align="flex-start">
        <ErrorAlert message={errorMessage(exports.error, { fallback: t.loadFailed })} />
        <Button variant="light" size="compact-sm" onClick={() => void exports.refetch()}>
          {t.retry}
        </Button>
      </Stack>
    );
  }
  if (exports.data.length === 0) {
    return (
      <Stack gap={4} data-testid="exports-empty">
        <Text size="sm">{t.empty}</Text>
        <Text size="xs" c="dimmed">
          {t.emptyHint}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
      {exports.data.map((item) => (
        <ExportRow
          key={item.id}
          item={item}
          downloading={downloadingId === item.id}
          onDownload={handleDownload}
        />
      ))}
    </Stack>
  );
}

/**
 * /my-page/exports (issue 46): what a personal export holds and the button asking for one, then
 * every export the person asked for (their own and their workspaces'), each downloadable for a
 * week once ready. The list is asked again every 3 s while one is being built.
 */
export function MyExportsPage() {
  useDocumentTitle([t.title, ko.brand]);
  const exportMine = useExportMine();
  const [failure, setFailure] = useState<string | null>(null);

  const handleRequest = () => {
    setFailure(null);
    exportMine.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'teal', message: t.started }),
      onError: (error) => setFailure(errorMessage(error, { fallback: t.requestFailed })),
    });
  };

  return (
    <Stack maw={760} mx="auto" gap="lg" data-testid="my-exports-page">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} fz="h2">
          {t.title}
        </Title>
        <Anchor component={Link} to={routes.myPage.href()} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            {ko.profileEdit.backToMyPage}
          </Group>
        </Anchor>
      </Group>
      <Section title={t.aboutTitle} id="my-export-request">
        <Text size="sm">{t.intro}</Text>
        <List size="sm" spacing={2}>
          {t.contents.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
        <ErrorAlert message={failure} />
        <Group justify="flex-end">
          <Button
            leftSection={<IconFileZip size={16} aria-hidden />}
            loading={exportMine.isPending}
            onClick={handleRequest}
            data-testid="export-mine"
          >
            {t.request}
          </Button>
        </Group>
      </Section>
      <Section title={t.listTitle} id="my-export-list">
        <Text size="sm" c="dimmed" data-testid="exports-kept-hint">
          {t.keptHint}
        </Text>
        <ExportList />
      </Section>
    </Stack>
  );
}
