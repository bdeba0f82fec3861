import { Anchor, Badge, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { routes } from '../../../config/paths';
import { ko } from '../../../i18n/ko';
import { evaluationKo } from '../../../i18n/ko/evaluation';
import { formatDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage } from '../../../lib/error-message';
import { useEvaluation } from '../api/evaluations';
import { FeedbackView } from '../components/feedback-view';
import { RatingForm } from '../components/rating-form';
import { StaffView } from '../components/staff-view';

const t = evaluationKo;

/** /ws/:wid/evaluations/:roundId: a student's rating form and feedback; staff's results. */
export function EvaluationPage() {
  const params = useParams();
  const workspaceId = Number(params.workspaceId);
  const roundId = Number(params.roundId);
  const detail = useEvaluation(roundId);
  useDocumentTitle([detail.data?.round.title ?? t.title, ko.brand]);

  return (
    <Stack maw={960} mx="auto" gap="lg" p={{ base: 'xs', sm: 0 }} data-testid="evaluation-page">
      <Anchor component={Link} to={routes.evaluations.href(workspaceId)} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {t.backToList}
        </Group>
      </Anchor>
      {detail.isPending ? (
        <Center py="xl">
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t.loading}
            </Text>
          </Group>
        </Center>
      ) : detail.isError ? (
        <Stack gap="xs" align="flex-start">
          <ErrorAlert message={errorMessage(detail.error, { fallback: t.loadFailed })} />
          <Button variant="default" onClick={() => void detail.refetch()}>
            {t.retry}
          </Button>
        </Stack>
      ) : (
        <>
          <Stack gap={4}>
            <Group gap="xs" wrap="wrap">
              <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
                {detail.data.round.title}
              </Title>
              <Badge variant="light">{t.status[detail.data.round.status]}</Badge>
              {detail.data.round.releasedAt && (
                <Badge variant="light" color="teal">
                  {t.released}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {t.period(
                formatDateTime(detail.data.round.opensAt),
                formatDateTime(detail.data.round.closesAt),
              )}
            </Text>
            {detail.data.round.description && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {detail.data.round.description}
              </Text>
            )}
          </Stack>
          {detail.data.viewer === 'STAFF' ? (
            <StaffView detail={detail.data} />
          ) : (
            <Stack gap="lg">
              {detail.data.round.releasedAt && <FeedbackView roundId={roundId} />}
              {detail.data.myTeams.length === 0 ? (
                <Text c="dimmed">{t.rate.noTeams}</Text>
              ) : (
                detail.data.myTeams.map((team) => (
                  <RatingForm
                    key={`${team.teamId}-${team.submittedAt ?? ''}`}
                    round={detail.data.round}
                    team={team}
                  />
                ))
              )}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
