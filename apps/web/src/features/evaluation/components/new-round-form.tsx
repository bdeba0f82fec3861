import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { EvaluationLimits } from '@teamup/contracts/evaluation';
import { ErrorAlert } from '../../../components/error-alert';
import { evaluationKo } from '../../../i18n/ko/evaluation';
import { errorMessage } from '../../../lib/error-message';
import { useCreateEvaluation } from '../api/evaluations';

const t = evaluationKo.form;

/** A datetime-local value (the browser's local time) for an instant. */
function localValue(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
const toIso = (local: string) => (local ? new Date(local).toISOString() : '');

/** 새 평가: title, description, criteria, self-rating, opening and closing times. */
export function NewRoundForm({ workspaceId, onDone }: { workspaceId: number; onDone: () => void }) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [criteria, setCriteria] = useState<Array<{ title: string; description: string }>>(() =>
    t.defaultCriteria.map((c) => ({ ...c })),
  );
  const [includeSelf, setIncludeSelf] = useState(false);
  const [opensAt, setOpensAt] = useState(() => localValue(Date.now()));
  const [closesAt, setClosesAt] = useState(() => localValue(Date.now() + 7 * 86_400_000));
  const create = useCreateEvaluation(workspaceId);

  const setCriterion = (index: number, field: 'title' | 'description', value: string) =>
    setCriteria((list) => list.map((c, i) => (i === index ? { ...c, [field]: value } : c)));

  return (
    <Paper withBorder radius="md" p="md" data-testid="new-round-form">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(
            {
              title,
              description,
              criteria,
              includeSelf,
              opensAt: toIso(opensAt),
              closesAt: toIso(closesAt),
            },
            {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t.created });
                onDone();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t.title}
          </Title>
          <TextInput
            label={t.name}
            required
            maxLength={EvaluationLimits.titleMax}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
          <Textarea
            label={t.description}
            autosize
            minRows={2}
            maxLength={EvaluationLimits.descriptionMax}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Text fw={500} size="sm">
            {t.criteria}
          </Text>
          {criteria.map((criterion, index) => (
            <Group key={index} align="flex-end" gap="xs" wrap="nowrap">
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <TextInput
                  aria-label={t.criterionTitle(index + 1)}
                  placeholder={t.criterionTitle(index + 1)}
                  required
                  maxLength={EvaluationLimits.criterionTitleMax}
                  value={criterion.title}
                  onChange={(e) => setCriterion(index, 'title', e.currentTarget.value)}
                />
                <TextInput
                  aria-label={t.criterionDescription(index + 1)}
                  placeholder={t.criterionDescription(index + 1)}
                  maxLength={EvaluationLimits.criterionDescriptionMax}
                  value={criterion.description}
                  onChange={(e) => setCriterion(index, 'description', e.currentTarget.value)}
                />
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t.removeCriterion(index + 1)}
                disabled={criteria.length <= EvaluationLimits.criteriaMin}
                onClick={() => setCriteria((list) => list.filter((_, i) => i !== index))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlus size={14} />}
              disabled={criteria.length >= EvaluationLimits.criteriaMax}
              onClick={() => setCriteria((list) => [...list, { title: '', description: '' }])}
            >
              {t.addCriterion}
            </Button>
          </Group>
          <Switch
            label={t.includeSelf}
            checked={includeSelf}
            onChange={(e) => setIncludeSelf(e.currentTarget.checked)}
          />
          <Group grow wrap="wrap" gap="sm">
            <TextInput
              type="datetime-local"
              label={t.opensAt}
              required
              value={opensAt}
              onChange={(e) => setOpensAt(e.currentTarget.value)}
              miw={200}
            />
            <TextInput
              type="datetime-local"
              label={t.closesAt}
              required
              value={closesAt}
              onChange={(e) => setClosesAt(e.currentTarget.value)}
              miw={200}
            />
          </Group>
          {create.isError && (
            <ErrorAlert message={errorMessage(create.error, { fallback: t.failed })} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="new-round-submit">
              {t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
