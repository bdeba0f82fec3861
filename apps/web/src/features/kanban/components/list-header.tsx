import { useRef, useState, type HTMLAttributes, type KeyboardEvent } from 'react';
import {
  ActionIcon,
  Badge,
  Group,
  Menu,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCircleCheck,
  IconCircleDashed,
  IconDots,
  IconGripVertical,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { updateListSchema, type KanbanList } from '@teamup/contracts/kanban';
import { Limits } from '@teamup/contracts/limits';
import { kanbanKo } from '../../../i18n/ko/kanban';
import { useMarkDoneList, useRenameList } from '../api/update-list';
import { kanbanErrorMessage } from '../lib/kanban-errors';
import classes from './kanban.module.css';

const texts = kanbanKo.lists;

interface ListHeaderProps {
  teamId: number;
  list: KanbanList;
  onDelete: (list: KanbanList) => void;
  /** The leader may mark or unmark the board's done list. */
  isLeader?: boolean;
  /** The drag handle's ref and its sensors' props (from useSortable). */
  handleRef?: (element: HTMLElement | null) => void;
  handleProps?: HTMLAttributes<HTMLElement>;
}

/**
 * Drag handle, the name (click to rename: Enter saves, Escape cancels), the done-list mark, card
 * count and menu (the leader also marks or unmarks the done list there).
 */
export function ListHeader({
  teamId,
  list,
  onDelete,
  isLeader = false,
  handleRef,
  handleProps,
}: ListHeaderProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(list.kanbanListName);
  const [problem, setProblem] = useState<string | null>(null);
  const skipBlur = useRef(false);
  const rename = useRenameList(teamId);
  const markDone = useMarkDoneList(teamId);
  const toggleDone = () => {
    const isDoneList = !list.isDoneList;
    markDone.mutate(
      { listId: list.id, isDoneList },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: isDoneList ? texts.markedDone(list.kanbanListName) : texts.unmarkedDone,
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: kanbanErrorMessage(error, texts.markDoneFailed),
          }),
      },
    );
  };

  const startEditing = () => {
    setDraft(list.kanbanListName);
    setProblem(null);
    skipBlur.current = false;
    setEditing(true);
  };

  const cancel = () => {
    skipBlur.current = true;
    setEditing(false);
    setProblem(null);
  };

  const save = () => {
    const parsed = updateListSchema.shape.kanbanListName.safeParse(draft);
    if (!parsed.success || parsed.data === undefined) {
      setProblem(parsed.error?.issues[0]?.message ?? texts.renameFailed);
      return;
    }
    skipBlur.current = true;
    if (parsed.data === list.kanbanListName) {
      setEditing(false);
      return;
    }
    rename.mutate(
      { listId: list.id, kanbanListName: parsed.data },
      {
        onSuccess: () => setEditing(false),
        onError: (error) => {
          skipBlur.current = false;
          setProblem(kanbanErrorMessage(error, texts.renameFailed));
        },
      },
    );
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  };

  if (editing) {
    return (
      <TextInput
        size="sm"
        autoFocus
        aria-label={texts.renameLabel}
        description={texts.renameHint}
        error={problem}
        maxLength={Limits.kanbanNameMax}
        value={draft}
        disabled={rename.isPending}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={handleKeyDown}
        onFocus={(event) => event.currentTarget.select()}
        onBlur={() => {
          // Clicking elsewhere keeps what was typed, as Enter would.
          if (!skipBlur.current) save();
        }}
        data-testid="kanban-list-name-input"
      />
    );
  }

  return (
    <Group gap={4} wrap="nowrap" align="center">
      <ActionIcon
        ref={handleRef}
        variant="subtle"
        color="gray"
        size="sm"
        className={classes.handle}
        aria-label={texts.moveHandle(list.kanbanListName)}
        data-testid="kanban-list-handle"
        {...handleProps}
      >
        <IconGripVertical size={16} aria-hidden />
      </ActionIcon>
      <UnstyledButton className={classes.listName} onClick={startEditing} title={texts.rename}>
        <Text component="h3" size="sm" fw={700} m={0} data-testid="kanban-list-name">
          {list.kanbanListName}
        </Text>
      </UnstyledButton>
      {list.isDoneList && (
        <Tooltip label={texts.doneListHint} withArrow multiline maw={220}>
          <IconCircleCheck
            size={16}
            color="var(--mantine-color-teal-7)"
            role="img"
            aria-label={texts.doneListHint}
            style={{ flexShrink: 0 }}
            data-testid="kanban-done-list-mark"
          />
        </Tooltip>
      )}
      <Badge size="sm" variant="default" aria-label={texts.taskCount(list.tasks.length)}>
        {list.tasks.length}
      </Badge>
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={texts.menu(list.kanbanListName)}
            data-testid="kanban-list-menu"
          >
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconPencil size={14} />}
            onClick={startEditing}
            data-testid="kanban-list-rename"
          >
            {texts.rename}
          </Menu.Item>
          {isLeader && (
            <Menu.Item
              leftSection={
                list.isDoneList ? <IconCircleDashed size={14} /> : <IconCircleCheck size={14} />
              }
              onClick={toggleDone}
              disabled={markDone.isPending}
              data-testid="kanban-list-done-toggle"
            >
              {list.isDoneList ? texts.unmarkDone : texts.markDone}
            </Menu.Item>
          )}
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => onDelete(list)}
            data-testid="kanban-list-delete"
          >
            {texts.delete}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
