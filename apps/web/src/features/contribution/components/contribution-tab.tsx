import { useState } from 'react';
import {
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  useMatches,
} from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isCalendarDay } from '@teamup/contracts/contribution';
import { ErrorAlert } from '../../../components/error-alert';
import { routes } from '../../../config/paths';
import { contributionKo as t } from '../../../i18n/ko/contribution';
import { errorMessage } from '../../../lib/error-message';
import { useContribution, useDownloadContributionCsv, type DayRange } from '../api/contribution';
import { presetRange, type Preset } from '../lib/contribution';
import { ContributionItemsModal, type OpenItems } from './contribution-items-modal';
import { ContributionTable } from './contribution-table';

interface Props {
  workspaceId: number;
  teamId: number;
}

/**
 * The team's 기여도 tab (issue 45): a range (presets or two days), every member's numbers, each
 * opening its items, a CSV download and the printable page.
 */
export function ContributionTab({ workspaceId, teamId }: Props) {
  const [preset, setPreset] = useState<Preset | 'custom'>('all');
  const [range, setRange] = useState<DayRange>({ from: null, to: null });
  const [draft, setDraft] = useState<{ from: string; to: string } | null>(null);
  const [open, setOpen] = useState<OpenItems | null>(null);
  const layout = useMatches<'table' | 'cards'>({ base: 'cards', sm: 'table' });
  const contribution = useContribution(teamId, range);
  const csv = useDownloadContributionCsv(teamId);
  const data = contribution.data;
  const shown = draft ?? { from: data?.from ?? '', to: data?.to ?? '' };
  const draftError =
    draft && isCalendarDay(draft.from) && isCalendarDay(draft.to) && draft.from > draft.to
      ? t.badRange
      : null;

  const choosePreset = (value: string) => {
    const next = value as Preset;
    setPreset(next);
    setDraft(null);
    setRange(presetRange(next));
  };
  const editDay = (end: 'from' | 'to', value: string) => {
    const next = { ...shown, [end]: value };
    setDraft(next);
    if (isCalendarDay(next.from) && isCalendarDay(next.to) && next.from <= next.to) {
      setPreset('custom');
      setRange({ from: next.from, to: next.to });
    }
  };
  const effective: DayRange = data ? { from: data.from, to: data.to } : range;

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'lg' }}
      data-testid="team-panel-contribution"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Title order={3} size="h4">
              {t.title}
            </Title>
            <Text size="sm" c="dimmed">
              {t.hint}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={csv.isPending}
              onClick={() => csv.mutate(effective)}
              data-testid="contribution-csv"
            >
              {t.csv}
            </Button>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPrinter size={16} aria-hidden />}
              component={Link}
              to={routes.contributionPrint.href(workspaceId, teamId, {
                from: effective.from ?? undefined,
                to: effective.to ?? undefined,
              })}
              target="_blank"
              data-testid="contribution-print"
            >
              {t.print}
            </Button>
          </Group>
        </Group>
        {csv.isError && <ErrorAlert message={errorMessage(csv.error, { fallback: t.csvFailed })} />}
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            size="xs"
            aria-label={t.rangeLabel}
            value={preset === 'custom' ? '' : preset}
            onChange={choosePreset}
            data={[
              { value: 'week', label: t.presets.week },
              { value: 'month', label: t.presets.month },
              { value: 'all', label: t.presets.all },
            ]}
            data-testid="contribution-presets"
          />
          <TextInput
            type="date"
            size="xs"
            label={t.from}
            value={shown.from}
            onChange={(event) => editDay('from', event.currentTarget.value)}
            error={draftError}
            w={150}
            data-testid="contribution-from"
          />
          <TextInput
            type="date"
            size="xs"
            label={t.to}
            value={shown.to}
            onChange={(event) => editDay('to', event.currentTarget.value)}
            w={150}
            data-testid="contribution-to"
          />
        </Group>
        {contribution.isPending ? (
          <Center py="xl">
            <Loader size="sm" role="status" aria-label={t.loading} />
          </Center>
        ) : contribution.isError ? (
          <Stack gap="xs" align="flex-start">
            <ErrorAlert message={errorMessage(contribution.error, { fallback: t.loadFailed })} />
            <Button variant="light" size="xs" onClick={() => void contribution.refetch()}>
              {t.retry}
            </Button>
          </Stack>
        ) : contribution.data.members.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.empty}
          </Text>
        ) : (
          <ContributionTable
            members={contribution.data.members}
            layout={layout}
            onOpen={(member, kind) => setOpen({ userId: member.userId, name: member.name, kind })}
          />
        )}
      </Stack>
      <ContributionItemsModal
        workspaceId={workspaceId}
        teamId={teamId}
        range={effective}
        open={open}
        onClose={() => setOpen(null)}
      />
    </Paper>
  );
}
