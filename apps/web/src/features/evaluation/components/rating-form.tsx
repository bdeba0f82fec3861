import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  EvaluationLimits,
  EvaluationScale,
  type EvaluationRound,
  type MyEvaluationTeam,
} from '@teamup/contracts/evaluation';
import { ErrorAlert } from '../../../components/error-alert';
import { evaluationKo } from '../../../i18n/ko/evaluation';
import { formatDateTime } from '../../../lib/dates';
import { errorMessage } from '../../../lib/error-message';
import { useSaveEvaluation } from '../api/evaluations';
import { answersOf, draftFrom, isDraftComplete, type Draft } from '../lib/draft';

const t = evaluationKo.rate;
const scores = [1, 2, 3, 4, 5] as const;

/** One team's rating form: per teammate, per criterion a 1–5 choice, and a comment. */
export function RatingForm({ round, team }: { round: EvaluationRound; team: MyEvaluationTeam }) {
  const [draft, setDraft] = useState<Draft>(() => draftFrom(team, round.criteria.length));
  const [missing, setMissing] = useState(false);
  const save = useSaveEvaluation(round.id);
  const open = round.status === 'OPEN';

  const setScore = (rateeId: number, criterion: number, score: number) =>
    setDraft((current) => {
      const entry = current[rateeId];
      if (!entry) return current;
      const next = [...entry.scores];
      next[criterion] = score;
      return { ...current, [rateeId]: { ...entry, scores: next } };
    });

  const submit = () => {
    if (!isDraftComplete(draft)) {
      setMissing(true);
      return;
    }
    setMissing(false);
    save.mutate(
      { teamId: team.teamId, responses: answersOf(draft) },
      { onSuccess: () => notifications.show({ color: 'teal', message: t.complete }) },
    );
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="rating-form">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="lg">
            {t.heading(team.teamName)}
          </Title>
          <Badge color={team.complete ? 'teal' : 'gray'} variant="light" data-testid="rating-state">
            {team.complete ? t.complete : t.incomplete}
          </Badge>
        </Group>
        {team.submittedAt && (
          <Text size="sm" c="dimmed" data-testid="rating-saved-at">
            {(open ? t.savedAt : t.savedAtClosed)(formatDateTime(team.submittedAt))}
          </Text>
        )}
        {!open && <Alert color="gray">{t.notOpen}</Alert>}
        {team.ratees.length === 0 && <Text c="dimmed">{t.nobody}</Text>}
        {team.ratees.map((ratee) => {
          const entry = draft[ratee.userId];
          const name = ratee.isSelf ? `${ratee.name} ${t.self}` : ratee.name;
          return (
            <Paper
              key={ratee.userId}
              withBorder
              radius="md"
              p="sm"
              component="fieldset"
              m={0}
              data-testid="rating-ratee"
            >
              <Text component="legend" fw={600} px={4}>
                {name}
              </Text>
              <Stack gap="sm">
                {round.criteria.map((criterion, c) => {
                  const value = entry?.scores[c] ?? null;
                  return (
                    <Stack key={criterion.title} gap={4}>
                      <Text size="sm" fw={500} id={`crit-${team.teamId}-${ratee.userId}-${c}`}>
                        {criterion.title}
                        {criterion.description && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            · {criterion.description}
                          </Text>
                        )}
                      </Text>
                      <SegmentedControl
                        fullWidth
                        disabled={!open}
                        aria-label={t.criterionLabel(name, criterion.title)}
                        value={value === null ? '' : String(value)}
                        onChange={(next) => setScore(ratee.userId, c, Number(next))}
                        data={scores.map((score) => ({
                          value: String(score),
                          label: (
                            <span
                              title={EvaluationScale[score]}
                              aria-label={t.scoreLabel(score, EvaluationScale[score])}
                            >
                              {score}
                            </span>
                          ),
                        }))}
                      />
                      <Text size="xs" c="dimmed" aria-live="polite">
                        {value === null ? '\u00a0' : `${value}점 · ${EvaluationScale[value as 1]}`}
                      </Text>
                    </Stack>
                  );
                })}
                <Textarea
                  label={t.comment(name)}
                  autosize
                  minRows={2}
                  maxLength={EvaluationLimits.commentMax}
                  disabled={!open}
                  value={entry?.comment ?? ''}
                  onChange={(event) => {
                    const comment = event.currentTarget.value;
                    setDraft((current) => {
                      const e = current[ratee.userId];
                      return e ? { ...current, [ratee.userId]: { ...e, comment } } : current;
                    });
                  }}
                />
              </Stack>
            </Paper>
          );
        })}
        {missing && (
          <Alert color="orange" data-testid="rating-missing">
            {t.missing}
          </Alert>
        )}
        {save.isError && <ErrorAlert message={errorMessage(save.error, { fallback: t.failed })} />}
        {open && team.ratees.length > 0 && (
          <Group justify="flex-end">
            <Button onClick={submit} loading={save.isPending} data-testid="rating-submit">
              {team.complete ? t.resubmit : t.submit}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
