import { Divider, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Kanban } from '@teamup/contracts/kanban';
import type { TeamMember } from '@teamup/contracts/teams';
import { CommentThread } from '../../../components/comments/comment-thread';
import type { CommentTexts } from '../../../components/comments/comment-texts';
import { useConfirmAction } from '../../../components/confirm-action';
import { kanbanKo } from '../../../i18n/ko/kanban';
import { useDeleteTask } from '../api/delete-task';
import { taskCommentEndpoints } from '../api/task-comments';
import { taskById } from '../lib/board-moves';
import { kanbanErrorMessage } from '../lib/kanban-errors';
import { TaskCompletion } from './task-completion';
import { TaskEditForm } from './task-edit-form';
import { useTeamReadOnly } from '../../../lib/team-read-only';
import { TaskSummary } from './task-summary';
import { taskState } from '../lib/task-state';

const texts = kanbanKo.detail;
const commentTexts: CommentTexts = {
  ...kanbanKo.comments,
  submit: kanbanKo.comments.add,
  retry: kanbanKo.retry,
  pager: kanbanKo.comments,
};

interface TaskDetailModalProps {
  teamId: number;
  board: Kanban;
  /** The open card; null when closed. */
  taskId: number | null;
  userId: number | undefined;
  members: TeamMember[];
  onClose: () => void;
  /** A comment of the card to show (a search result led here). */
  focusCommentId?: number | null;
}

/**
 * A card's detail: edit its fields, ask for completion, read and write its comments, delete it.
 * The card is read from the board, so a refetch shows what others changed; the confirm dialog is
 * stacked above it, so Escape closes only the top one.
 */
export function TaskDetailModal({
  teamId,
  board,
  taskId,
  userId,
  members,
  onClose,
  focusCommentId = null,
}: TaskDetailModalProps) {
  const readOnly = useTeamReadOnly();
  const found = taskById(board, taskId);
  const remove = useDeleteTask(teamId);
  const { confirm, confirmElement } = useConfirmAction({ stackId: 'task-confirm' });

  const handleDelete = () => {
    if (!found) return;
    const { task } = found;
    confirm({
      title: texts.deleteTitle,
      message: texts.deleteConfirm(task.subject),
      confirmLabel: texts.delete,
      onConfirm: () =>
        remove.mutate(
          { taskId: task.id },
          {
            onSuccess: () => {
              onClose();
              notifications.show({ color: 'teal', message: texts.deleted });
            },
            onError: (error) =>
              notifications.show({
                color: 'red',
                message: kanbanErrorMessage(error, texts.deleteFailed),
              }),
          },
        ),
    });
  };

  return (
    <Modal.Stack>
      <Modal
        stackId="task-detail"
        opened={taskId !== null}
        onClose={onClose}
        title={texts.title}
        size="lg"
        centered
        attributes={{ content: { 'data-testid': 'task-detail' } }}
      >
        {found ? (
          <Stack gap="md" key={found.task.id}>
            <Text size="xs" c="dimmed">
              {texts.inList(found.list.kanbanListName)}
            </Text>
            {readOnly ? (
              <TaskSummary task={found.task} />
            ) : (
              <TaskEditForm
                teamId={teamId}
                task={found.task}
                members={members}
                onDelete={handleDelete}
                deleting={remove.isPending}
                confirm={confirm}
              />
            )}
            {/* A reader who cannot ask for completion sees the section only when it says something. */}
            {!(readOnly && taskState(found.task) === 'normal') && (
              <>
                <Divider />
                <TaskCompletion teamId={teamId} task={found.task} readOnly={readOnly} />
              </>
            )}
            <Divider />
            <CommentThread
              readOnly={readOnly}
              endpoints={taskCommentEndpoints(teamId, found.task.id)}
              texts={commentTexts}
              headingId={`task-${found.task.id}-comments`}
              testIdPrefix="task-comment"
              userId={userId}
              errorMessage={kanbanErrorMessage}
              confirm={confirm}
              focusCommentId={focusCommentId}
            />
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" role="alert">
            {texts.gone}
          </Text>
        )}
      </Modal>
      {confirmElement}
    </Modal.Stack>
  );
}
