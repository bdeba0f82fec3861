import type { ReactNode } from 'react';
import { Alert, Button, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, type Icon } from '@tabler/icons-react';
import { ko } from '../../../i18n/ko';
import { boardKo } from '../../../i18n/ko/board';

/** Grey blocks in the shape of a list while its first page loads. */
export function ListSkeleton({ rows, testId }: { rows: number; testId: string }) {
  return (
    <Stack
      gap="sm"
      role="status"
      aria-live="polite"
      aria-label={ko.common.loading}
      data-testid={testId}
    >
      {Array.from({ length: rows }, (_, index) => (
        <Paper key={index} withBorder radius="md" p="md">
          <Skeleton height={14} width="45%" radius="sm" />
          <Skeleton height={10} mt="sm" radius="sm" />
          <Skeleton height={10} mt={6} width="70%" radius="sm" />
        </Paper>
      ))}
    </Stack>
  );
}

interface EmptyStateProps {
  icon: Icon;
  title: string;
  hint: string;
  action?: ReactNode;
  testId: string;
}

/** A friendly message for a list with nothing in it yet, with a way to add the first item. */
export function EmptyState({ icon: StateIcon, title, hint, action, testId }: EmptyStateProps) {
  return (
    <Paper withBorder radius="lg" p="xl" data-testid={testId}>
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
          <StateIcon size={28} />
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}

interface LoadErrorProps {
  message: string;
  onRetry: () => void;
  retrying: boolean;
  testId: string;
}

/** A load failure with the spec's text and a retry button. */
export function LoadError({ message, onRetry, retrying, testId }: LoadErrorProps) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      role="alert"
      data-testid={testId}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying}>
          {boardKo.retry}
        </Button>
      </Stack>
    </Alert>
  );
}
