import { forwardRef, type HTMLAttributes, type KeyboardEvent } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import type { Task } from '@teamup/contracts/kanban';
import { taskDndId, translateStyle } from '../lib/dnd-ids';
import classes from './kanban.module.css';
import {
  AssigneeAvatars,
  CommentCount,
  DeadlineBadge,
  RejectionReason,
  TaskStateBadge,
} from './task-badges';

interface TaskCardViewProps extends HTMLAttributes<HTMLDivElement> {
  task: Task;
  today: string;
  /** The copy that follows the pointer during a drag. */
  overlay?: boolean;
  dragging?: boolean;
}

/**
 * What a card shows: subject, state, deadline, a rejection's reason, assignees and the comment
 * count.
 */
export const TaskCardView = forwardRef<HTMLDivElement, TaskCardViewProps>(function TaskCardView(
  { task, today, overlay = false, dragging = false, className, ...props },
  ref,
) {
  const classNames = [
    classes.card,
    dragging && classes.cardDragging,
    overlay && classes.cardOverlay,
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Paper
      ref={ref}
      withBorder
      radius="md"
      p="sm"
      shadow={overlay ? 'lg' : 'xs'}
      className={classNames}
      data-testid={overlay ? 'kanban-task-overlay' : 'kanban-task'}
      data-task-id={task.id}
      {...props}
    >
      <Stack gap={6}>
        <Text
          size="sm"
          fw={600}
          style={{ overflowWrap: 'anywhere' }}
          data-testid="kanban-task-subject"
        >
          {task.subject}
        </Text>
        <Group gap={4} wrap="wrap">
          <TaskStateBadge task={task} />
          <DeadlineBadge task={task} today={today} />
        </Group>
        <RejectionReason task={task} />
        {(task.members.length > 0 || task.commentCount > 0) && (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <AssigneeAvatars members={task.members} />
            <CommentCount count={task.commentCount} />
          </Group>
        )}
      </Stack>
    </Paper>
  );
});

interface SortableTaskCardProps {
  task: Task;
  today: string;
  onOpen: (taskId: number) => void;
  /** While a list is dragged, cards are not drop targets. */
  droppable: boolean;
}

/**
 * A card that drags (mouse after a few pixels, touch after a press, keyboard with Space) and
 * opens its detail on a click or Enter.
 */
export function SortableTaskCard({ task, today, onOpen, droppable }: SortableTaskCardProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: taskDndId(task.id),
    data: { type: 'task', listId: task.kanbanListId },
    disabled: { draggable: false, droppable: !droppable },
  });

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    listeners?.onKeyDown?.(event);
    if (event.key === 'Enter' && !isDragging && !event.defaultPrevented) {
      event.preventDefault();
      onOpen(task.id);
    }
  };

  return (
    <li>
      <TaskCardView
        ref={setNodeRef}
        task={task}
        today={today}
        dragging={isDragging}
        style={{ transform: translateStyle(transform), transition }}
        {...attributes}
        {...listeners}
        onKeyDown={handleKeyDown}
        onClick={() => onOpen(task.id)}
      />
    </li>
  );
}
