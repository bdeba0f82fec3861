import { Box, Text } from '@mantine/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { KanbanList } from '@teamup/contracts/kanban';
import { kanbanKo } from '../../../i18n/ko/kanban';
import { listDndId, taskDndId, translateStyle } from '../lib/dnd-ids';
import { AddTaskForm } from './add-task-form';
import classes from './kanban.module.css';
import { ListHeader } from './list-header';
import { SortableTaskCard } from './task-card';
import { useTeamReadOnly } from '../../../lib/team-read-only';

interface KanbanColumnProps {
  teamId: number;
  list: KanbanList;
  today: string;
  onOpenTask: (taskId: number) => void;
  onDeleteList: (list: KanbanList) => void;
  /** The leader marks the done list. */
  isLeader?: boolean;
  /** What is being dragged: cards are drop targets only while a card is. */
  dragging: 'task' | 'list' | null;
}

/** One list: a column that drags by its handle, holding sortable cards and the add field. */
export function KanbanColumn({
  teamId,
  list,
  today,
  onOpenTask,
  onDeleteList,
  isLeader = false,
  dragging,
}: KanbanColumnProps) {
  const readOnly = useTeamReadOnly();
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: listDndId(list.id), data: { type: 'list' } });

  return (
    <Box
      ref={setNodeRef}
      component="section"
      className={[classes.column, isDragging && classes.columnDragging].filter(Boolean).join(' ')}
      style={{ transform: translateStyle(transform), transition }}
      aria-label={list.kanbanListName}
      data-testid="kanban-list"
      data-list-id={list.id}
    >
      <ListHeader
        teamId={teamId}
        list={list}
        onDelete={onDeleteList}
        isLeader={isLeader}
        handleRef={setActivatorNodeRef}
        handleProps={{ ...attributes, ...listeners }}
      />
      <SortableContext
        items={list.tasks.map((task) => taskDndId(task.id))}
        strategy={verticalListSortingStrategy}
      >
        <ul className={classes.tasks} aria-label={kanbanKo.tasks.listLabel(list.kanbanListName)}>
          {list.tasks.map((task) => (
            <SortableTaskCard
              key={task.id}
              task={task}
              today={today}
              onOpen={onOpenTask}
              droppable={dragging !== 'list'}
            />
          ))}
        </ul>
      </SortableContext>
      {list.tasks.length === 0 && (
        <Text size="xs" c="dimmed" className={classes.emptyColumn}>
          {kanbanKo.lists.emptyColumn}
        </Text>
      )}
      {/* A card made in the done list is approved: the leader's to make (decision 0040). */}
      {(!list.isDoneList || isLeader) && !readOnly && (
        <AddTaskForm teamId={teamId} listId={list.id} listName={list.kanbanListName} />
      )}
    </Box>
  );
}
