import { useRef, useState } from 'react';
import { Badge, Box, Group, Paper, Text } from '@mantine/core';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  getFirstCollision,
  KeyboardSensor,
  MeasuringStrategy,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type Over,
} from '@dnd-kit/core';
import { horizontalListSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import { notifications } from '@mantine/notifications';
import type { Kanban, KanbanList } from '@teamup/contracts/kanban';
import { kanbanKo } from '../../../i18n/ko/kanban';
import { useMoveList } from '../api/update-list';
import { useMoveTask } from '../api/update-task';
import {
  findTask,
  listDropIndex,
  listMoveRequest,
  moveBecameRequest,
  moveListTo,
  moveTaskTo,
  taskDropTarget,
  taskMoveRequest,
  type DropRef,
} from '../lib/board-moves';
import { listDndId, parseDndId } from '../lib/dnd-ids';
import { dragAnnouncement } from '../lib/drag-announcements';
import { kanbanErrorMessage } from '../lib/kanban-errors';
import { AddListForm } from './add-list-form';
import { KanbanColumn } from './kanban-column';
import { kanbanKeyboardCoordinates } from './kanban-keyboard';
import classes from './kanban.module.css';
import { TaskCardView } from './task-card';
import { useTeamReadOnly } from '../../../lib/team-read-only';

interface KanbanBoardProps {
  teamId: number;
  board: Kanban;
  today: string;
  onOpenTask: (taskId: number) => void;
  onDeleteList: (list: KanbanList) => void;
  /** The leader marks the done list in a list's menu. */
  isLeader?: boolean;
}

const typeOf = (item: Active | Over | null | undefined) =>
  (item?.data.current as { type?: 'task' | 'list' } | undefined)?.type;

/**
 * A dragged list only meets lists. A dragged card meets what the pointer is in (the mouse) or
 * what it overlaps (the keyboard); over a column with cards, the closest card of that column.
 */
const collisionDetection: CollisionDetection = (args) => {
  if (typeOf(args.active) === 'list') {
    return closestCenter({
      ...args,
      droppableContainers: args.droppableContainers.filter(
        (container) => container.data.current?.type === 'list',
      ),
    });
  }
  const within = pointerWithin(args);
  const collisions = within.length > 0 ? within : rectIntersection(args);
  const firstId = getFirstCollision(collisions, 'id');
  if (firstId == null) return [];
  const first = parseDndId(firstId);
  if (first?.type !== 'list') return [{ id: firstId }];
  const cards = args.droppableContainers.filter(
    (container) =>
      container.data.current?.type === 'task' &&
      container.data.current.listId === first.id &&
      container.id !== args.active.id,
  );
  if (cards.length === 0) return [{ id: firstId }];
  return closestCenter({ ...args, droppableContainers: cards });
};

/** Is the dragged card's middle below the middle of the card it is over? */
function isBelow(active: Active, over: Over): boolean {
  const rect = active.rect.current.translated;
  return rect !== null && rect.top + rect.height / 2 > over.rect.top + over.rect.height / 2;
}

/**
 * The columns, side by side in a sideways-scrolling area, with drag and drop of cards (within
 * and between lists) and of lists. A drag moves a local copy of the board; the drop shows the
 * result at once in the cache and sends one PUT, rolled back with a message if it fails.
 */
/** No drag at all: the board is read only. */
const noSensors: ReturnType<typeof useSensors> = [];

export function KanbanBoard({
  teamId,
  board,
  today,
  onOpenTask,
  onDeleteList,
  isLeader = false,
}: KanbanBoardProps) {
  const readOnly = useTeamReadOnly();
  const [preview, setPreview] = useState<Kanban | null>(null);
  const [active, setActive] = useState<DropRef | null>(null);
  // The board as the drag sees it, read by the screen-reader texts between renders.
  const dragBoard = useRef<Kanban>(board);
  const startBoard = useRef<Kanban>(board);
  const moveTask = useMoveTask(teamId);
  const moveList = useMoveList(teamId);
  const shown = preview ?? board;

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: kanbanKeyboardCoordinates,
      // Enter opens a card; only Space picks it up.
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  const setDragBoard = (next: Kanban) => {
    dragBoard.current = next;
    setPreview(next);
  };

  const finish = () => {
    setPreview(null);
    setActive(null);
  };

  const handleDragStart = ({ active: dragged }: DragStartEvent) => {
    const ref = parseDndId(dragged.id);
    if (!ref) return;
    startBoard.current = board;
    setDragBoard(board);
    setActive(ref);
  };

  const handleDragOver = ({ active: dragged, over }: DragOverEvent) => {
    const ref = parseDndId(dragged.id);
    const target = parseDndId(over?.id);
    if (ref?.type !== 'task' || !target || !over) return;
    const current = dragBoard.current;
    const from = findTask(current, ref.id);
    const to = taskDropTarget(current, ref.id, target, isBelow(dragged, over));
    // Within its own list the sortable strategy shows the shift; across lists the card moves.
    if (!from || !to || to.listId === from.listId) return;
    setDragBoard(moveTaskTo(current, ref.id, to.listId, to.index));
  };

  const handleDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    const ref = parseDndId(dragged.id);
    const target = parseDndId(over?.id);
    const before = startBoard.current;
    let after = dragBoard.current;
    if (!ref) return finish();
    if (ref.type === 'task') {
      const to =
        target && over ? taskDropTarget(after, ref.id, target, isBelow(dragged, over)) : null;
      if (to) after = moveTaskTo(after, ref.id, to.listId, to.index);
      dragBoard.current = after;
      const request = taskMoveRequest(before, after, ref.id);
      finish();
      if (request) {
        moveTask.move(
          { taskId: ref.id, ...request, board: after },
          {
            onError: (error) =>
              notifications.show({
                color: 'red',
                message: kanbanErrorMessage(error, kanbanKo.tasks.moveFailed),
              }),
            onSuccess: (answered) => {
              if (!moveBecameRequest(request, answered)) return;
              const doneName = before.kanbanLists.find((list) => list.isDoneList)?.kanbanListName;
              notifications.show({
                color: 'blue',
                message: kanbanKo.tasks.requestedByMove(doneName ?? kanbanKo.tasks.doneFallback),
              });
            },
          },
        );
      }
      return;
    }
    const index = target ? listDropIndex(after, ref.id, target) : null;
    if (index !== null) after = moveListTo(after, ref.id, index);
    dragBoard.current = after;
    const order = listMoveRequest(before, after, ref.id);
    finish();
    if (order !== null) {
      moveList.move(
        { listId: ref.id, order, board: after },
        {
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: kanbanErrorMessage(error, kanbanKo.lists.moveFailed),
            }),
        },
      );
    }
  };

  const describe = (
    phase: 'start' | 'over' | 'end' | 'cancel',
    dragged: Active,
    over: Over | null,
  ): string | undefined => {
    const ref = parseDndId(dragged.id);
    return ref ? dragAnnouncement(phase, dragBoard.current, ref, parseDndId(over?.id)) : undefined;
  };
  const announcements: Announcements = {
    onDragStart: ({ active: dragged }) => describe('start', dragged, null),
    onDragOver: ({ active: dragged, over }) => describe('over', dragged, over),
    onDragEnd: ({ active: dragged, over }) => describe('end', dragged, over),
    onDragCancel: ({ active: dragged, over }) => describe('cancel', dragged, over),
  };

  const activeTask =
    active?.type === 'task'
      ? shown.kanbanLists.flatMap((list) => list.tasks).find((task) => task.id === active.id)
      : undefined;
  const activeList =
    active?.type === 'list' ? shown.kanbanLists.find((list) => list.id === active.id) : undefined;

  return (
    <DndContext
      sensors={readOnly ? noSensors : sensors}
      collisionDetection={collisionDetection}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragStart={handleDragStart}
      onDragOver={handleDragOver}
      onDragEnd={handleDragEnd}
      onDragCancel={finish}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: kanbanKo.drag.instructions },
      }}
    >
      <Box
        className={classes.board}
        data-testid="kanban-board"
        data-dragging={active ? '' : undefined}
        role="region"
        aria-label={kanbanKo.boardLabel}
      >
        <SortableContext
          items={shown.kanbanLists.map((list) => listDndId(list.id))}
          strategy={horizontalListSortingStrategy}
        >
          {shown.kanbanLists.map((list) => (
            <KanbanColumn
              key={list.id}
              teamId={teamId}
              list={list}
              today={today}
              onOpenTask={onOpenTask}
              onDeleteList={onDeleteList}
              isLeader={isLeader}
              dragging={active?.type ?? null}
            />
          ))}
        </SortableContext>
        {!readOnly && (
          <Box className={`${classes.column} ${classes.addColumn}`}>
            <AddListForm teamId={teamId} kanbanId={board.id} />
          </Box>
        )}
      </Box>
      <DragOverlay>
        {activeTask ? (
          <TaskCardView task={activeTask} today={today} overlay />
        ) : activeList ? (
          <Paper withBorder radius="lg" p="sm" shadow="lg" className={classes.cardOverlay}>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
                {activeList.kanbanListName}
              </Text>
              <Badge size="sm" variant="default">
                {activeList.tasks.length}
              </Badge>
            </Group>
          </Paper>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
