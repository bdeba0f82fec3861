import type { ReactNode } from 'react';
import { ActionIcon, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { workspacesKo } from '../../i18n/ko/workspaces';

interface SidePanelSectionProps {
  title: string;
  onAdd: () => void;
  /** Shown when there is nothing to list. */
  emptyText: string;
  children?: ReactNode;
  testId?: string;
}

/** One section of the workspace side panel: a heading with a plus button, then its links. */
export function SidePanelSection({
  title,
  onAdd,
  emptyText,
  children,
  testId,
}: SidePanelSectionProps) {
  const headingId = `side-panel-${testId ?? title}`;
  return (
    <Stack component="section" gap={4} aria-labelledby={headingId} data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" gap={4} pl="xs">
        <Text id={headingId} size="xs" fw={700} c="dimmed" tt="uppercase">
          {title}
        </Text>
        <Tooltip label={workspacesKo.panel.add(title)} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={workspacesKo.panel.add(title)}
            onClick={onAdd}
          >
            <IconPlus size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {children ?? (
        <Text size="sm" c="dimmed" px="xs" py={4}>
          {emptyText}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The states every side-panel list shares: skeleton rows while loading, the failure text, the
 * empty text. Null when there is a list to show.
 */
export function sidePanelListState({
  isPending,
  isError,
  isEmpty,
  failedText,
  emptyText,
  skeletonRows = 1,
}: {
  isPending: boolean;
  isError: boolean;
  isEmpty: boolean;
  failedText: string;
  emptyText: string;
  skeletonRows?: number;
}): ReactNode {
  if (isPending) {
    return (
      <Stack gap={6} px="xs">
        {Array.from({ length: skeletonRows }, (_, index) => (
          <Skeleton key={index} h={28} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (isError) {
    return (
      <Text size="sm" c="red" px="xs">
        {failedText}
      </Text>
    );
  }
  if (isEmpty) {
    return (
      <Text size="sm" c="dimmed" px="xs" py={4}>
        {emptyText}
      </Text>
    );
  }
  return null;
}
