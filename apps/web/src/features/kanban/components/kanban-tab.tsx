import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Group, Loader, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { KanbanList } from '@teamup/contracts/kanban';
import { useConfirmAction } from '../../../components/confirm-action';
import { kanbanKo } from '../../../i18n/ko/kanban';
import { useTeamMembers } from '../../../lib/queries/team-members';
import { parseRouteId } from '../../../lib/route-id';
import { useCreateStarterLists } from '../api/create-list';
import { useDeleteList } from '../api/delete-list';
import { useTeamKanban } from '../api/team-kanban';
import { todayIso } from '../lib/deadline';
import { kanbanErrorMessage } from '../lib/kanban-errors';
import { AddListForm } from './add-list-form';
import { KanbanBoard } from './kanban-board';
import { BoardLoadError, BoardSkeleton, EmptyBoard } from './kanban-states';
import { PendingPanel } from './pending-panel';
import { TaskDetailModal } from './task-detail-modal';
import { useTeamReadOnly } from '../../../lib/team-read-only';

const TASK_PARAM = 'task';
const COMMENT_PARAM = 'comment';

interface KanbanTabProps {
  teamId: number;
  /** The team leader approves or rejects completion requests. */
  leaderId: number | undefined;
  /** The signed-in user: comment edit and delete are shown on their own comments only. */
  userId: number | undefined;
}

/**
 * The kanban tab (spec 02 section 2): lists as columns with cards, drag and drop, the card
 * detail, and the leader's panel of cards waiting for approval. The board is asked again on
 * window focus and after every change, so what others did shows up.
 */
export function KanbanTab({ teamId, leaderId, userId }: KanbanTabProps) {
  const readOnly = useTeamReadOnly();
  const board = useTeamKanban(teamId);
  const members = useTeamMembers(teamId);
  // `&task=12` (and `&comment=34`) in the address open that card at that comment: where a search
  // result or a notice leads. Closing the card takes them out of the address.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedTaskId = parseRouteId(searchParams.get(TASK_PARAM) ?? undefined);
  const linkedCommentId = parseRouteId(searchParams.get(COMMENT_PARAM) ?? undefined);
  const [pickedTaskId, setOpenTaskId] = useState<number | null>(null);
  const openTaskId = pickedTaskId ?? linkedTaskId;
  const closeTask = () => {
    setOpenTaskId(null);
    if (linkedTaskId === null) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(TASK_PARAM);
        next.delete(COMMENT_PARAM);
        return next;
      },
      { replace: true },
    );
  };
  const starter = useCreateStarterLists(teamId);
  const removeList = useDeleteList(teamId);
  const { confirm, confirmElement } = useConfirmAction();
  const today = todayIso();
  const isLeader = leaderId !== undefined && userId === leaderId;

  const handleDeleteList = (list: KanbanList) =>
    confirm({
      title: kanbanKo.lists.deleteTitle,
      message: kanbanKo.lists.deleteConfirm(list.kanbanListName, list.tasks.length),
      confirmLabel: kanbanKo.lists.delete,
      onConfirm: () =>
        removeList.mutate(
          { listId: list.id },
          {
            onSuccess: () => notifications.show({ color: 'teal', message: kanbanKo.lists.deleted }),
            onError: (error) =>
              notifications.show({
                color: 'red',
                message: kanbanErrorMessage(error, kanbanKo.lists.deleteFailed),
              }),
          },
        ),
    });

  const renderBody = () => {
    if (board.isPending) return <BoardSkeleton />;
    if (board.isError) {
      return <BoardLoadError onRetry={() => void board.refetch()} retrying={board.isFetching} />;
    }
    const data = board.data;
    if (data.kanbanLists.length === 0) {
      return (
        <EmptyBoard
          creating={starter.isPending}
          onStarterLists={
            readOnly
              ? undefined
              : () =>
                  starter.mutate(
                    { kanbanId: data.id, names: kanbanKo.starterNames },
                    {
                      onError: (error) =>
                        notifications.show({
                          color: 'red',
                          message: kanbanErrorMessage(error, kanbanKo.starterFailed),
                        }),
                    },
                  )
          }
        >
          {!readOnly && <AddListForm teamId={teamId} kanbanId={data.id} />}
        </EmptyBoard>
      );
    }
    return (
      <KanbanBoard
        teamId={teamId}
        board={data}
        today={today}
        onOpenTask={setOpenTaskId}
        onDeleteList={handleDeleteList}
        isLeader={isLeader}
      />
    );
  };

  return (
    <Stack gap="md" data-testid="team-panel-kanban">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="h4">
          {kanbanKo.heading}
        </Title>
        {board.isFetching && !board.isPending && (
          <Loader size="xs" role="status" aria-label={kanbanKo.refreshing} />
        )}
      </Group>
      {isLeader && board.data && (
        <PendingPanel
          teamId={teamId}
          board={board.data}
          members={members.data ?? []}
          onOpenTask={setOpenTaskId}
        />
      )}
      {renderBody()}
      {board.data && (
        <TaskDetailModal
          teamId={teamId}
          board={board.data}
          taskId={openTaskId}
          userId={userId}
          members={members.data ?? []}
          onClose={closeTask}
          focusCommentId={openTaskId === linkedTaskId ? linkedCommentId : null}
        />
      )}
      {confirmElement}
    </Stack>
  );
}
