import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { Kanban, Task } from '@teamup/contracts/kanban';
import { Limits } from '@teamup/contracts/limits';
import type { TeamMember } from '@teamup/contracts/teams';
import { kanbanKo } from '../../../i18n/ko/kanban';
import { useReviewCompletion } from '../api/review-completion';
import { pendingTasks } from '../lib/board-moves';
import { kanbanErrorMessage } from '../lib/kanban-errors';

const texts = kanbanKo.pending;

interface PendingPanelProps {
  teamId: number;
  board: Kanban;
  members: TeamMember[];
  onOpenTask: (taskId: number) => void;
}

/** The leader's list of cards waiting for approval; each is approved or rejected with a note. */
export function PendingPanel({ teamId, board, members, onOpenTask }: PendingPanelProps) {
  const pending = pendingTasks(board);
  if (pending.length === 0) return null;
  const doneList = board.kanbanLists.find((list) => list.isDoneList);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="kanban-pending-title"
      data-testid="kanban-pending-panel"
      style={{ borderColor: 'var(--mantine-color-blue-3)' }}
    >
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={3} fz="md" id="kanban-pending-title">
            {texts.title}
          </Title>
          <Badge variant="light" color="blue">
            {texts.count(pending.length)}
          </Badge>
        </Group>
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {pending.map(({ task, listName }) => (
            <li key={task.id}>
              <PendingItem
                teamId={teamId}
                task={task}
                listName={listName}
                doneList={doneList}
                requester={members.find((member) => member.id === task.completionRequesterId)}
                onOpenTask={onOpenTask}
              />
            </li>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

interface PendingItemProps {
  teamId: number;
  task: Task;
  listName: string;
  /** Where an approved card goes, if the board has a done list. */
  doneList: { id: number; kanbanListName: string } | undefined;
  requester: TeamMember | undefined;
  onOpenTask: (taskId: number) => void;
}

function PendingItem({
  teamId,
  task,
  listName,
  doneList,
  requester,
  onOpenTask,
}: PendingItemProps) {
  const [message, setMessage] = useState('');
  const review = useReviewCompletion(teamId);

  // mutateAsync: the answer is shown even though this item leaves the panel as the board refetches.
  const decide = (approved: boolean) => {
    review.mutateAsync({ taskId: task.id, approved, approvalMessage: message }).then(
      (reviewed) =>
        notifications.show({
          color: 'teal',
          message: !approved
            ? texts.rejected
            : doneList && reviewed.kanbanListId === doneList.id && task.kanbanListId !== doneList.id
              ? texts.approvedMoved(doneList.kanbanListName)
              : texts.approved,
        }),
      (error: unknown) =>
        notifications.show({ color: 'red', message: kanbanErrorMessage(error, texts.failed) }),
    );
  };

  const deciding = review.isPending ? review.variables.approved : null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="pending-item" data-task-id={task.id}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Anchor
            component="button"
            type="button"
            fw={600}
            size="sm"
            ta="left"
            style={{ overflowWrap: 'anywhere' }}
            onClick={() => onOpenTask(task.id)}
          >
            {task.subject}
          </Anchor>
          <Text size="xs" c="dimmed">
            {texts.inList(listName)}
            {requester ? ` · ${texts.requestedBy(requester.name)}` : ''}
          </Text>
        </Group>
        {task.completionRequestMessage && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {kanbanKo.completion.requestMessage(task.completionRequestMessage)}
          </Text>
        )}
        <Group gap="xs" wrap="wrap" align="flex-end">
          <TextInput
            size="sm"
            flex="1 1 180px"
            placeholder={texts.messagePlaceholder}
            aria-label={texts.messageLabel(task.subject)}
            maxLength={Limits.shortTextMax * 5}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            data-testid="pending-message-input"
          />
          <Group gap="xs" wrap="nowrap">
            <Button
              size="sm"
              color="teal"
              leftSection={<IconCheck size={16} />}
              loading={deciding === true}
              disabled={review.isPending}
              onClick={() => decide(true)}
              data-testid="pending-approve"
              data-task-id={task.id}
            >
              {texts.approve}
            </Button>
            <Button
              size="sm"
              color="red"
              variant="light"
              leftSection={<IconX size={16} />}
              loading={deciding === false}
              disabled={review.isPending}
              onClick={() => decide(false)}
              data-testid="pending-reject"
              data-task-id={task.id}
            >
              {texts.reject}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
