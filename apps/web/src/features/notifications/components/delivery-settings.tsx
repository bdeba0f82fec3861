import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, NativeSelect, Select, Stack, Switch, Text } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import {
  DEFAULT_TIME_ZONE,
  digestFrequencies,
  taskReminderOffsets,
  type DeliverySettings,
  type DigestFrequency,
} from '@teamup/contracts/delivery';
import { TimeField } from '../../../components/date-fields';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { notificationsKo } from '../../../i18n/ko/notifications';
import { errorMessage } from '../../../lib/error-message';
import { useDeliverySettings, useUpdateDeliverySettings } from '../api/delivery';

const t = notificationsKo.delivery;

/** Every zone the browser knows, Seoul first and the browser's own next, then the rest A-Z. */
function timeZoneOptions(current: string): string[] {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([DEFAULT_TIME_ZONE, own, current, ...all])];
}

/** The digest mail and the quiet hours (방해금지), saved together. */
export function DeliverySettingsSection() {
  const settings = useDeliverySettings();
  if (settings.isPending) return <Text size="sm">{ko.common.loading}</Text>;
  if (settings.isError) return <ErrorAlert message={errorMessage(settings.error)} />;
  return <DeliveryForm initial={settings.data} />;
}

function DeliveryForm({ initial }: { initial: DeliverySettings }) {
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateDeliverySettings();
  const quiet = values.quietHours;
  const setQuiet = (change: Partial<DeliverySettings['quietHours']>) =>
    setValues((current) => ({ ...current, quietHours: { ...current.quietHours, ...change } }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (quiet.enabled && (!quiet.start || !quiet.end)) {
      setProblem(t.incomplete);
      return;
    }
    setProblem(null);
    update.mutate(values, {
      onSuccess: (saved) => {
        setValues(saved);
        toasts.show({ color: 'teal', message: t.saved });
      },
      onError: (error) => setProblem(errorMessage(error, { fallback: t.saveFailed })),
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="delivery-settings">
      <Stack gap="sm">
        <div>
          <Text fw={600} size="sm">
            {t.title}
          </Text>
          <Text size="xs" c="dimmed">
            {t.hint}
          </Text>
        </div>
        <NativeSelect
          label={t.digest}
          size="sm"
          data={digestFrequencies.map((value) => ({ value, label: t.digests[value] }))}
          value={values.digest}
          onChange={(event) =>
            setValues((current) => ({
              ...current,
              digest: event.currentTarget.value as DigestFrequency,
            }))
          }
          maw={420}
          data-testid="delivery-digest"
        />
        <Checkbox.Group
          label={t.taskReminders}
          description={
            values.taskReminders.length === 0
              ? `${t.taskRemindersOff} · ${t.taskRemindersHint}`
              : t.taskRemindersHint
          }
          value={values.taskReminders}
          onChange={(chosen) =>
            setValues((current) => ({
              ...current,
              // Kept in the offered order, whatever order they were ticked in.
              taskReminders: taskReminderOffsets.filter((offset) => chosen.includes(offset)),
            }))
          }
          data-testid="delivery-task-reminders"
        >
          <Group gap="lg" mt={6}>
            {taskReminderOffsets.map((offset) => (
              <Checkbox
                key={offset}
                size="sm"
                value={offset}
                label={t.taskReminderOffsets[offset]}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <Switch
          size="sm"
          label={t.quiet}
          description={t.quietHint}
          checked={quiet.enabled}
          onChange={(event) => setQuiet({ enabled: event.currentTarget.checked })}
          data-testid="delivery-quiet"
        />
        {quiet.enabled && (
          <Stack gap="xs" pl={{ base: 0, xs: 'xl' }}>
            <Group gap="sm" align="flex-start" wrap="wrap">
              <TimeField
                label={t.quietStart}
                size="sm"
                value={quiet.start}
                onChange={(start) => setQuiet({ start })}
                testId="delivery-quiet-start"
              />
              <TimeField
                label={t.quietEnd}
                size="sm"
                value={quiet.end}
                onChange={(end) => setQuiet({ end })}
                testId="delivery-quiet-end"
              />
            </Group>
            <Checkbox
              size="sm"
              label={t.allowMentions}
              checked={quiet.allowMentions}
              onChange={(event) => setQuiet({ allowMentions: event.currentTarget.checked })}
              data-testid="delivery-allow-mentions"
            />
          </Stack>
        )}
        <Select
          label={t.timeZone}
          size="sm"
          searchable
          allowDeselect={false}
          nothingFoundMessage={t.timeZoneNone}
          data={timeZoneOptions(values.timeZone)}
          value={values.timeZone}
          onChange={(zone) => zone && setValues((current) => ({ ...current, timeZone: zone }))}
          maw={320}
          comboboxProps={{ withinPortal: true }}
          data-testid="delivery-time-zone"
        />
        <ErrorAlert message={problem} />
        <Group justify="flex-end">
          <Button type="submit" size="sm" loading={update.isPending} data-testid="delivery-save">
            {t.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
