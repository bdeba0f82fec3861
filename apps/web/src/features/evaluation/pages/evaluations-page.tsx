import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconStars } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { EvaluationListItem } from '@teamup/contracts/evaluation';
import { ErrorAlert } from '../../../components/error-alert';
import { routes } from '../../../config/paths';
import { ko } from '../../../i18n/ko';
import { evaluationKo } from '../../../i18n/ko/evaluation';
import { formatDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage } from '../../../lib/error-message';
import { useEvaluationList } from '../api/evaluations';
import { NewRoundForm } from '../components/new-round-form';

const t = evaluationKo;
const statusColor = { UPCOMING: 'gray', OPEN: 'blue', CLOSED: 'dark' } as const;

function RoundRow({
  round,
  workspaceId,
  staff,
}: {
  round: EvaluationListItem;
  workspaceId: number;
  staff: boolean;
}) {
  return (
    <Paper withBorder radius="md" p="sm" component="li" data-testid="evaluation-round">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={4} style={{ flex: 1, minWidth: 180 }}>
          <Anchor
            component={Link}
            to={routes.evaluation.href(workspaceId, round.id)}
            fw={600}
            aria-label={t.open(round.title)}
            style={{ overflowWrap: 'anywhere' }}
          >
            {round.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {t.period(formatDateTime(round.opensAt), formatDateTime(round.closesAt))}
          </Text>
        </Stack>
        <Group gap={4} wrap="wrap">
          <Badge variant="light" color={statusColor[round.status]}>
            {t.status[round.status]}
          </Badge>
          {round.releasedAt && (
            <Badge variant="light" color="teal">
              {t.released}
            </Badge>
          )}
          <Badge variant="default" data-testid="evaluation-progress">
            {staff
              ? t.progressStudents(round.progress.done, round.progress.total)
              : t.progressTeams(round.progress.done, round.progress.total)}
          </Badge>
        </Group>
      </Group>
    </Paper>
  );
}

/** /ws/:wid/evaluations: students' open and done rounds; staff's every round and 새 평가. */
export function EvaluationsPage() {
  useDocumentTitle([t.title, ko.brand]);
  const workspaceId = Number(useParams().workspaceId);
  const list = useEvaluationList(workspaceId);
  const [creating, setCreating] = useState(false);
  const staff = list.data?.viewer === 'STAFF';

  return (
    <Stack maw={880} mx="auto" gap="lg" p={{ base: 'xs', sm: 0 }} data-testid="evaluations-page">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={4}>
          <Group gap="xs">
            <IconStars size={26} aria-hidden />
            <Title order={1} fz="h2">
              {t.title}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {staff ? t.staffSubtitle : t.subtitle}
          </Text>
        </Stack>
        {list.data?.canRun && !creating && (
          <Button onClick={() => setCreating(true)} data-testid="new-round">
            {t.newRound}
          </Button>
        )}
      </Group>
      {creating && <NewRoundForm workspaceId={workspaceId} onDone={() => setCreating(false)} />}
      {list.isPending ? (
        <Center py="xl">
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t.loading}
            </Text>
          </Group>
        </Center>
      ) : list.isError ? (
        <Stack gap="xs" align="flex-start">
          <ErrorAlert message={errorMessage(list.error, { fallback: t.loadFailed })} />
          <Button variant="default" onClick={() => void list.refetch()}>
            {t.retry}
          </Button>
        </Stack>
      ) : list.data.rounds.length === 0 ? (
        <Paper withBorder radius="md" p="xl" data-testid="evaluations-empty">
          <Text ta="center">{staff ? t.emptyStaff : t.empty}</Text>
        </Paper>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {list.data.rounds.map((round) => (
            <RoundRow key={round.id} round={round} workspaceId={workspaceId} staff={staff} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
