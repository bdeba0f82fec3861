import { useState } from 'react';
import { Button, Group, Paper, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFilterOff, IconSearch } from '@tabler/icons-react';
import {
  AdminLimits,
  auditActions,
  auditActionSchema,
  type AuditAction,
} from '@teamup/contracts/admin';
import { DateField } from '../../../components/date-fields';
import { ErrorAlert } from '../../../components/error-alert';
import { adminKo } from '../../../i18n/ko/admin';
import { errorMessage } from '../../../lib/error-message';
import type { AuditFilters } from '../api/admin-query-keys';
import { useAdminAudit, useExportAuditLog } from '../api/audit';
import { seoulToday } from '../lib/audit';
import { AdminLoadError } from './admin-states';
import { toastFailed } from './admin-toast';
import { AuditCards, AuditTable } from './audit-entries';

const t = adminKo.audit;

/** How long typing rests before the log is asked for again. */
const SEARCH_DELAY_MS = 300;

const actionOptions = [
  { value: '', label: t.allActions },
  ...auditActions.map((action) => ({ value: action, label: adminKo.auditActions[action] })),
];

/** Each of the two day fields on a phone: half the row, less half the gap between them. */
const halfRow = 'calc(50% - var(--mantine-spacing-sm) / 2)';

/**
 * 감사 로그: who did what, to what, from where; searched, narrowed by action and days (in Korea),
 * newest first with older pages on demand, and exported as JSON lines with the same filters.
 */
export function AdminAudit() {
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [action, setAction] = useState<AuditAction | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filters: AuditFilters = { q, action, from, to };
  const list = useAdminAudit(filters);
  const exportLog = useExportAuditLog();
  const today = seoulToday();
  const filtered = search !== '' || action !== null || from !== '' || to !== '';

  const reset = () => {
    setSearch('');
    setAction(null);
    setFrom('');
    setTo('');
  };

  // What is typed goes out at once, not after the pause the list waits for.
  const exportFilters: AuditFilters = { ...filters, q: search.trim() };
  const events = list.data?.pages.flatMap((page) => page.events) ?? [];
  const retentionDays = list.data?.pages[0]?.retentionDays;

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label={t.filtersLabel}>
        <TextInput
          label={t.search}
          placeholder={t.searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maxLength={AdminLimits.userQueryMax}
          w={{ base: '100%', sm: 260 }}
          size="sm"
          data-testid="admin-audit-search"
        />
        <Select
          label={t.action}
          data={actionOptions}
          value={action ?? ''}
          onChange={(value) => {
            const next = auditActionSchema.safeParse(value);
            setAction(next.success ? next.data : null);
          }}
          allowDeselect={false}
          w={{ base: '100%', sm: 220 }}
          size="sm"
          data-testid="admin-audit-action-filter"
        />
        <Group gap="sm" wrap="nowrap" align="flex-end" w={{ base: '100%', sm: 'auto' }}>
          <DateField
            label={t.from}
            value={from}
            onChange={setFrom}
            clearable
            size="sm"
            maxDate={to || today}
            testId="admin-audit-from"
            w={{ base: halfRow, sm: 160 }}
            miw={0}
          />
          <DateField
            label={t.to}
            value={to}
            onChange={setTo}
            clearable
            size="sm"
            minDate={from || undefined}
            maxDate={today}
            pickerSide="right"
            testId="admin-audit-to"
            w={{ base: halfRow, sm: 160 }}
            miw={0}
          />
        </Group>
        <Group gap="sm" wrap="nowrap" w={{ base: '100%', sm: 'auto' }}>
          <Button
            variant="default"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={reset}
            disabled={!filtered}
            style={{ flex: '1 0 auto' }}
            data-testid="admin-audit-reset"
          >
            {t.reset}
          </Button>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exportLog.isPending}
            onClick={() =>
              exportLog.mutate(exportFilters, { onError: toastFailed(t.exportFailed) })
            }
            style={{ flex: '1 0 auto' }}
            data-testid="admin-audit-export"
          >
            {t.export}
          </Button>
        </Group>
      </Group>
      {retentionDays !== undefined && (
        <Text size="xs" c="dimmed" data-testid="admin-audit-retention">
          {t.retention(retentionDays)}
        </Text>
      )}
      {list.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={adminKo.loading}>
          <Skeleton h={52} radius="md" />
          <Skeleton h={52} radius="md" />
          <Skeleton h={52} radius="md" />
        </Stack>
      ) : list.isError && !list.data ? (
        <AdminLoadError
          error={list.error}
          fallback={t.loadFailed}
          onRetry={() => void list.refetch()}
        />
      ) : events.length === 0 ? (
        <Paper withBorder radius="md" p="xl" data-testid="admin-audit-empty">
          <Text ta="center" fw={600}>
            {t.empty}
          </Text>
        </Paper>
      ) : (
        <Stack gap="md" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {wide ? <AuditTable events={events} /> : <AuditCards events={events} />}
          {list.isFetchNextPageError && (
            <ErrorAlert message={errorMessage(list.error, { fallback: t.moreFailed })} />
          )}
          {list.hasNextPage && (
            <Group justify="center">
              <Button
                variant="default"
                loading={list.isFetchingNextPage}
                disabled={list.isPlaceholderData}
                onClick={() => void list.fetchNextPage()}
                data-testid="admin-audit-more"
              >
                {t.more}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
