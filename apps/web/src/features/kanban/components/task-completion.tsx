import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import type { Task } from '@teamup/contracts/kanban';
import { Limits } from '@teamup/contracts/limits';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { kanbanKo } from '../../../i18n/ko/kanban';
import { useRequestCompletion } from '../api/request-completion';
import { kanbanErrorMessage } from '../lib/kanban-errors';
import { canRequestCompletion, taskState } from '../lib/task-state';

const texts = kanbanKo.completion;

const stateInfo = {
  requested: { color: 'blue', text: texts.waiting },
  approved: { color: 'teal', text: texts.approvedInfo },
  rejected: { color: 'orange', text: texts.rejectedInfo },
} as const;

/**
 * Where the card is in its review, and the Complete button (only when neither requested nor
 * approved) that asks the leader, with an optional message.
 */
export function TaskCompletion({
  teamId,
  task,
  readOnly = false,
}: {
  teamId: number;
  task: Task;
  /** Shown to someone who reads the team without being in it: the state, never the button. */
  readOnly?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState('');
  const request = useRequestCompletion(teamId);
  const state = taskState(task);

  const handleSubmit = () => {
    request.mutate(
      { taskId: task.id, message },
      {
        onSuccess: () => {
          setAsking(false);
          setMessage('');
          notifications.show({ color: 'teal', message: texts.requested });
        },
      },
    );
  };

  const leaderNote = state === 'requested' ? null : task.approvalMessage;
  return (
    <Stack gap="xs" data-testid="task-completion" data-state={state}>
      {state !== 'normal' && (
        <Alert color={stateInfo[state].color} variant="light" p="sm">
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {stateInfo[state].text}
            </Text>
            {state === 'requested' && task.completionRequestMessage && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {texts.requestMessage(task.completionRequestMessage)}
              </Text>
            )}
            {leaderNote && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {texts.leaderMessage(leaderNote)}
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      {!readOnly &&
        canRequestCompletion(task) &&
        (asking ? (
          <Stack gap="xs">
            <Textarea
              label={texts.messageLabel}
              placeholder={texts.messagePlaceholder}
              autosize
              minRows={2}
              maxRows={5}
              maxLength={Limits.shortTextMax * 5}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              autoFocus
              data-testid="task-complete-message"
            />
            <ErrorAlert
              message={
                request.error ? kanbanErrorMessage(request.error, texts.requestFailed) : null
              }
            />
            <Group justify="flex-end" gap="xs">
              <Button
                variant="default"
                size="sm"
                onClick={() => {
                  setAsking(false);
                  request.reset();
                }}
                disabled={request.isPending}
              >
                {ko.common.cancel}
              </Button>
              <Button
                size="sm"
                color="teal"
                loading={request.isPending}
                onClick={handleSubmit}
                data-testid="task-complete-submit"
              >
                {texts.submit}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group>
            <Button
              variant="light"
              color="teal"
              leftSection={<IconCircleCheck size={16} />}
              onClick={() => setAsking(true)}
              data-testid="task-complete-button"
            >
              {texts.request}
            </Button>
          </Group>
        ))}
    </Stack>
  );
}
