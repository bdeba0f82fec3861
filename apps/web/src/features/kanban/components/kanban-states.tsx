import { Alert, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconLayoutKanban } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { kanbanKo } from '../../../i18n/ko/kanban';
import classes from './kanban.module.css';

/** Three grey columns while the board loads. */
export function BoardSkeleton() {
  return (
    <div
      className={classes.board}
      role="status"
      aria-live="polite"
      aria-label={kanbanKo.loading}
      data-testid="kanban-loading"
    >
      {[3, 2, 1].map((cards, column) => (
        <div key={column} className={classes.column}>
          <Skeleton height={18} width="55%" radius="sm" />
          {Array.from({ length: cards }, (_, card) => (
            <Paper key={card} withBorder radius="md" p="sm">
              <Skeleton height={12} width="80%" radius="sm" />
              <Skeleton height={10} mt="sm" width="40%" radius="sm" />
            </Paper>
          ))}
        </div>
      ))}
    </div>
  );
}

interface BoardLoadErrorProps {
  onRetry: () => void;
  retrying: boolean;
}

export function BoardLoadError({ onRetry, retrying }: BoardLoadErrorProps) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      role="alert"
      data-testid="kanban-error"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{kanbanKo.loadFailed}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying}>
          {kanbanKo.retry}
        </Button>
      </Stack>
    </Alert>
  );
}

interface EmptyBoardProps {
  /** Absent for a reader who cannot make lists (a class's staff, issue 45). */
  onStarterLists?: (() => void) | undefined;
  creating: boolean;
  /** The add-list field, for a board of one's own lists. */
  children: ReactNode;
}

/** A board without lists: a friendly word, the three starter lists in one click, or one's own. */
export function EmptyBoard({ onStarterLists, creating, children }: EmptyBoardProps) {
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="kanban-empty">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
          <IconLayoutKanban size={28} />
        </ThemeIcon>
        <Text fw={600}>{kanbanKo.empty}</Text>
        {onStarterLists && (
          <>
            <Text size="sm" c="dimmed" maw={420} style={{ wordBreak: 'keep-all' }}>
              {kanbanKo.emptyHint}
            </Text>
            <Button onClick={onStarterLists} loading={creating} data-testid="kanban-starter-lists">
              {kanbanKo.starterLists}
            </Button>
          </>
        )}
        <Group w="100%" maw={320} justify="center">
          <div style={{ width: '100%' }}>{children}</div>
        </Group>
      </Stack>
    </Paper>
  );
}
