import { Avatar, Badge, Box, Group, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconCalendarDue, IconMessageCircle } from '@tabler/icons-react';
import type { Task, TaskMember } from '@teamup/contracts/kanban';
import { kanbanKo } from '../../../i18n/ko/kanban';
import { deadlineDate, deadlineKind } from '../lib/deadline';
import { taskState } from '../lib/task-state';
import { visibleAssignees } from '../lib/task-state';
import classes from './kanban.module.css';
import { MemberAvatar } from '../../../components/member-avatar';

const texts = kanbanKo.tasks;

/** Overdue (not approved) in red, due today in orange, else the date. */
export function DeadlineBadge({ task, today }: { task: Task; today: string }) {
  const kind = deadlineKind(task.deadline, today, task.isApproved);
  if (!kind || !task.deadline) return null;
  const date = deadlineDate(task.deadline, today, kanbanKo.dates);
  const label = kind === 'overdue' ? texts.overdue : kind === 'today' ? texts.dueToday : date;
  return (
    <Badge
      size="sm"
      variant={kind === 'date' ? 'default' : 'light'}
      color={kind === 'overdue' ? 'red' : kind === 'today' ? 'orange' : 'gray'}
      leftSection={<IconCalendarDue size={12} aria-hidden />}
      title={texts.deadline(date)}
      data-testid="task-deadline"
      data-deadline-kind={kind}
    >
      {label}
    </Badge>
  );
}

const stateColors = { requested: 'blue', approved: 'teal', rejected: 'red' } as const;

/** 완료 요청됨 / 승인됨 / 반려됨; the request's or the leader's message as a tooltip. */
export function TaskStateBadge({ task }: { task: Task }) {
  const state = taskState(task);
  if (state === 'normal') return null;
  const message = state === 'requested' ? task.completionRequestMessage : task.approvalMessage;
  const badge = (
    <Badge
      size="sm"
      variant="light"
      color={stateColors[state]}
      data-testid="task-state"
      data-state={state}
      aria-label={message ? `${texts.states[state]}: ${message}` : undefined}
    >
      {texts.states[state]}
    </Badge>
  );
  if (!message) return badge;
  return (
    <Tooltip
      label={message}
      withArrow
      multiline
      maw={260}
      events={{ hover: true, focus: true, touch: true }}
    >
      {badge}
    </Tooltip>
  );
}

/** A rejected card says why on its face, until the next request (the leader's message). */
export function RejectionReason({ task }: { task: Task }) {
  if (taskState(task) !== 'rejected' || !task.approvalMessage) return null;
  return (
    <Box className={classes.rejection} data-testid="task-rejection">
      <Group gap={4} wrap="nowrap" align="center">
        <IconArrowBackUp size={14} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="xs" fw={700} span>
          {texts.rejectionReason}
        </Text>
      </Group>
      <Text
        size="xs"
        lineClamp={3}
        style={{ overflowWrap: 'anywhere' }}
        title={task.approvalMessage}
      >
        {task.approvalMessage}
      </Text>
    </Box>
  );
}

/** Up to three assignee avatars, then '+N'. */
export function AssigneeAvatars({ members }: { members: TaskMember[] }) {
  if (members.length === 0) return null;
  const { shown, more } = visibleAssignees(members);
  return (
    <Tooltip
      label={texts.assignees(members.map((member) => member.memberName).join(', '))}
      withArrow
      multiline
      maw={260}
    >
      <Avatar.Group
        spacing={6}
        data-testid="task-assignees"
        aria-label={texts.assignees(members.map((member) => member.memberName).join(', '))}
      >
        {shown.map((member) => (
          <MemberAvatar
            key={member.accountId}
            name={member.memberName}
            imageUrl={member.profileImage}
            size={24}
            data-testid="task-assignee"
          />
        ))}
        {more > 0 && (
          // The count of the assignees not shown ('+2'), not a person.
          // eslint-disable-next-line no-restricted-syntax
          <Avatar
            size={24}
            radius="xl"
            data-testid="task-assignees-more"
            aria-label={texts.moreLabel(more)}
          >
            {texts.more(more)}
          </Avatar>
        )}
      </Avatar.Group>
    </Tooltip>
  );
}

export function CommentCount({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Group
      gap={2}
      wrap="nowrap"
      c="dimmed"
      aria-label={texts.comments(count)}
      data-testid="task-comment-count"
    >
      <IconMessageCircle size={14} aria-hidden />
      <Text size="xs" span>
        {count}
      </Text>
    </Group>
  );
}
