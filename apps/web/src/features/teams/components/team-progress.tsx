import { Group, Progress, Stack, Text, type StackProps } from '@mantine/core';
import { ko } from '../../../i18n/ko';
import { teamsKo } from '../../../i18n/ko/teams';
import { progressPercent } from '../lib/progress';

/** A team's progress: its label and percentage above a bar named for screen readers. */
export function TeamProgress({ progress, ...stack }: { progress: number } & StackProps) {
  const percent = progressPercent(progress);
  const value = ko.home.progressValue(percent);
  return (
    <Stack gap={4} {...stack}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {teamsKo.progress}
        </Text>
        <Text size="xs" fw={600}>
          {value}
        </Text>
      </Group>
      <Progress value={percent} size="sm" radius="xl" aria-label={`${teamsKo.progress} ${value}`} />
    </Stack>
  );
}
