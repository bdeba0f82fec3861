import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { Link } from 'react-router';
import { notifications } from '@mantine/notifications';
import type {
  EvaluationDetail,
  EvaluationResults,
  EvaluationTeamResult,
} from '@teamup/contracts/evaluation';
import { ErrorAlert } from '../../../components/error-alert';
import { routes } from '../../../config/paths';
import { evaluationKo } from '../../../i18n/ko/evaluation';
import { errorMessage } from '../../../lib/error-message';
import {
  downloadResultsCsv,
  useCloseEvaluation,
  useEvaluationResults,
  useReleaseEvaluation,
} from '../api/evaluations';

const t = evaluationKo.staff;
const num = (value: number | null) => (value === null ? '–' : String(value));

function TeamResult({
  team,
  criteria,
  workspaceId,
}: {
  team: EvaluationTeamResult;
  criteria: string[];
  workspaceId: number;
}) {
  const [raw, setRaw] = useState(false);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="team-result">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="md">
            {team.teamName}
          </Title>
          <Group gap={4}>
            <Badge variant="default">{t.teamMean(num(team.teamMean))}</Badge>
            <Badge variant="default">{t.disagreement(num(team.disagreement))}</Badge>
            {team.teamDisagree && (
              <Badge color="orange" data-testid="flag-team-disagree">
                {t.teamDisagree}
              </Badge>
            )}
          </Group>
        </Group>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="xs" c="dimmed">
            {t.evidenceRange(team.evidenceFrom, team.evidenceTo)}
          </Text>
          <Anchor
            component={Link}
            size="xs"
            to={routes.team.href(workspaceId, team.teamId, { tab: 'contribution' })}
          >
            {t.openContribution}
          </Anchor>
        </Group>
        <Table.ScrollContainer minWidth={720}>
          <Table striped withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.student}</Table.Th>
                <Table.Th>{t.raters}</Table.Th>
                {criteria.map((c) => (
                  <Table.Th key={c}>{c}</Table.Th>
                ))}
                <Table.Th>{t.overall}</Table.Th>
                <Table.Th>{t.self}</Table.Th>
                <Table.Th>{t.adjustment}</Table.Th>
                <Table.Th>{t.flags}</Table.Th>
                <Table.Th visibleFrom="sm">{t.evidence}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {team.students.map((s) => (
                <Table.Tr key={s.userId} data-testid="student-result">
                  <Table.Td>
                    {s.name}{' '}
                    <Badge size="xs" variant="light" color={s.done ? 'teal' : 'gray'}>
                      {s.done ? t.done : t.notDone}
                    </Badge>
                    {/* On a phone the table scrolls sideways: the evidence stays by the name. */}
                    <Text
                      hiddenFrom="sm"
                      fz="xs"
                      c="dimmed"
                      mt={4}
                      w={180}
                      style={{ whiteSpace: 'normal' }}
                    >
                      {t.evidenceLine(s.evidence)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{s.peerRaters}</Table.Td>
                  {criteria.map((c, i) => (
                    <Table.Td key={c}>{num(s.criterionMeans[i] ?? null)}</Table.Td>
                  ))}
                  <Table.Td fw={600}>{num(s.overall)}</Table.Td>
                  <Table.Td>{num(s.selfOverall)}</Table.Td>
                  <Table.Td>{num(s.adjustment)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {s.flags.map((flag) => (
                        <Tooltip key={flag} label={evaluationKo.flagHints[flag]}>
                          <Badge color="red" variant="light" size="sm" tabIndex={0}>
                            {evaluationKo.flags[flag]}
                          </Badge>
                        </Tooltip>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td visibleFrom="sm" fz="xs" c="dimmed" data-testid="student-evidence">
                    {t.evidenceLine(s.evidence)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {team.responses.length > 0 && (
          <Group>
            <Button
              variant="subtle"
              size="xs"
              onClick={() => setRaw((v) => !v)}
              aria-expanded={raw}
            >
              {raw ? t.rawHide : t.raw}
            </Button>
          </Group>
        )}
        {raw && (
          <Table.ScrollContainer minWidth={480}>
            <Table withTableBorder fz="xs" data-testid="raw-responses">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.rater}</Table.Th>
                  <Table.Th>{t.ratee}</Table.Th>
                  <Table.Th>{t.scores}</Table.Th>
                  <Table.Th>{t.comment}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {team.responses.map((r) => (
                  <Table.Tr key={`${r.raterId}-${r.rateeId}`}>
                    <Table.Td>{r.raterName}</Table.Td>
                    <Table.Td>{r.rateeName}</Table.Td>
                    <Table.Td>{r.scores.join(' / ')}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.comment}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

export function ResultsTables({ results }: { results: EvaluationResults }) {
  const criteria = results.round.criteria.map((c) => c.title);
  if (!results.round.hasResponses) return <Text c="dimmed">{t.noResults}</Text>;
  return (
    <Stack gap="sm">
      {results.teams.map((team) => (
        <TeamResult
          key={team.teamId}
          team={team}
          criteria={criteria}
          workspaceId={results.round.workspaceId}
        />
      ))}
    </Stack>
  );
}

/** Staff: completion by team, results with flags, raw answers, CSV, close and release. */
export function StaffView({ detail }: { detail: EvaluationDetail }) {
  const { round } = detail;
  const results = useEvaluationResults(round.id, true);
  const release = useReleaseEvaluation(round.id);
  const close = useCloseEvaluation(round.id);
  const [csvError, setCsvError] = useState<string | null>(null);

  return (
    <Stack gap="lg">
      <Group gap="xs" wrap="wrap">
        <Button
          variant="default"
          onClick={() => {
            setCsvError(null);
            downloadResultsCsv(round.id).catch((error: unknown) =>
              setCsvError(errorMessage(error, { fallback: t.csvFailed })),
            );
          }}
          data-testid="results-csv"
        >
          {t.csv}
        </Button>
        {detail.canRun && round.status === 'OPEN' && (
          <Button
            variant="default"
            loading={close.isPending}
            onClick={() =>
              close.mutate(undefined, {
                onSuccess: () => notifications.show({ message: t.closed }),
              })
            }
          >
            {t.closeNow}
          </Button>
        )}
        {detail.canRun && round.status === 'CLOSED' && round.releasedAt === null && (
          <Button
            loading={release.isPending}
            onClick={() => {
              if (!window.confirm(t.releaseConfirm)) return;
              release.mutate(undefined, {
                onSuccess: () => notifications.show({ color: 'teal', message: t.released }),
              });
            }}
            data-testid="release"
          >
            {t.release}
          </Button>
        )}
      </Group>
      {csvError && <ErrorAlert message={csvError} />}
      {release.isError && (
        <ErrorAlert message={errorMessage(release.error, { fallback: t.releaseFailed })} />
      )}
      {close.isError && (
        <ErrorAlert message={errorMessage(close.error, { fallback: t.closeFailed })} />
      )}
      <section aria-labelledby="completion-heading">
        <Title order={2} fz="lg" id="completion-heading" mb="xs">
          {t.completion}
        </Title>
        <Stack gap="xs">
          {(detail.completion ?? []).map((team) => (
            <Paper key={team.teamId} withBorder radius="md" p="sm" data-testid="team-completion">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600}>{team.teamName}</Text>
                <Text size="sm" c="dimmed">
                  {team.students.filter((s) => s.done).length}/{team.students.length}
                </Text>
              </Group>
              <Group gap={4} mt={4} wrap="wrap">
                {team.students.map((s) => (
                  <Badge key={s.userId} variant="light" color={s.done ? 'teal' : 'gray'}>
                    {s.name} · {s.done ? t.done : t.notDone}
                  </Badge>
                ))}
              </Group>
            </Paper>
          ))}
        </Stack>
      </section>
      <section aria-labelledby="results-heading">
        <Title order={2} fz="lg" id="results-heading" mb="xs">
          {t.results}
        </Title>
        {results.isPending ? (
          <Text c="dimmed">{evaluationKo.loading}</Text>
        ) : results.isError ? (
          <ErrorAlert
            message={errorMessage(results.error, { fallback: evaluationKo.loadFailed })}
          />
        ) : (
          <ResultsTables results={results.data} />
        )}
      </section>
    </Stack>
  );
}
