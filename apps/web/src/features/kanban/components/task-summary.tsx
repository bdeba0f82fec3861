import { Stack, Text, Title } from '@mantine/core';
import type { Task } from '@teamup/contracts/kanban';
import { kanbanKo } from '../../../i18n/ko/kanban';
import { deadlineDate, todayIso } from '../lib/deadline';

const texts = kanbanKo.detail;

/**
 * A card as read by a class's instructor or TA (issue 45): what the edit form shows, as text, for
 * someone who may read the team's board but not change it.
 */
export function TaskSummary({ task }: { task: Task }) {
  const deadline = task.deadline ? deadlineDate(task.deadline, todayIso(), kanbanKo.dates) : null;
  const assignees = task.members.map((member) => member.memberName).join(', ');
  return (
    <Stack gap="xs" data-testid="task-summary">
      <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
        {task.subject}
      </Title>
      <Text
        size="sm"
        c={task.content ? undefined : 'dimmed'}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {task.content || texts.noContent}
      </Text>
      <Text size="sm">
        {texts.deadline}: {deadline ?? texts.none}
      </Text>
      <Text size="sm">
        {texts.assignees}: {assignees || texts.none}
      </Text>
    </Stack>
  );
}
