import { Alert, Badge, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { EvaluationFeedback } from '@teamup/contracts/evaluation';
import { ErrorAlert } from '../../../components/error-alert';
import { evaluationKo } from '../../../i18n/ko/evaluation';
import { EvaluationMessages } from '@teamup/contracts/evaluation';
import { errorMessage } from '../../../lib/error-message';
import { useEvaluationFeedback } from '../api/evaluations';

const t = evaluationKo.feedback;

export function FeedbackTeams({ feedback }: { feedback: EvaluationFeedback }) {
  if (!feedback.released) return <Alert color="gray">{t.notReleased}</Alert>;
  return (
    <Stack gap="sm">
      {feedback.teams.map((team) => (
        <Paper key={team.teamId} withBorder radius="md" p="sm" data-testid="feedback-team">
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap">
              <Title order={3} fz="md">
                {team.teamName}
              </Title>
              <Badge variant="default">{t.raters(team.peerRaters)}</Badge>
            </Group>
            {team.withheld ? (
              <Alert color="gray" data-testid="feedback-withheld">
                {EvaluationMessages.withheld}
              </Alert>
            ) : (
              <>
                <Table withTableBorder fz="sm">
                  <Table.Tbody>
                    {feedback.criteria.map((criterion, i) => (
                      <Table.Tr key={criterion.title}>
                        <Table.Th>{criterion.title}</Table.Th>
                        <Table.Td>{team.criterionMeans[i] ?? '–'}</Table.Td>
                      </Table.Tr>
                    ))}
                    <Table.Tr>
                      <Table.Th>{t.overall}</Table.Th>
                      <Table.Td fw={600}>{team.overall ?? '–'}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th>{t.adjustment}</Table.Th>
                      <Table.Td>{team.adjustment ?? '–'}</Table.Td>
                    </Table.Tr>
                  </Table.Tbody>
                </Table>
                <Text size="xs" c="dimmed">
                  {t.adjustmentHint}
                </Text>
                <Text size="sm" fw={500}>
                  {t.comments}
                </Text>
                {team.comments.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t.noComments}
                  </Text>
                ) : (
                  <List size="sm" spacing={4} data-testid="feedback-comments">
                    {team.comments.map((comment, i) => (
                      <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
                        {comment}
                      </List.Item>
                    ))}
                  </List>
                )}
              </>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** 나에 대한 피드백, once the instructor released it. */
export function FeedbackView({ roundId }: { roundId: number }) {
  const feedback = useEvaluationFeedback(roundId, true);
  return (
    <section aria-labelledby="feedback-heading">
      <Title order={2} fz="lg" id="feedback-heading" mb="xs">
        {t.heading}
      </Title>
      {feedback.isPending ? (
        <Text c="dimmed">{evaluationKo.loading}</Text>
      ) : feedback.isError ? (
        <ErrorAlert message={errorMessage(feedback.error, { fallback: evaluationKo.loadFailed })} />
      ) : (
        <FeedbackTeams feedback={feedback.data} />
      )}
    </section>
  );
}
