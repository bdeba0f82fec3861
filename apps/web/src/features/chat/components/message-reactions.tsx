import { useState } from 'react';
import { Group, Popover, Tooltip, UnstyledButton } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { CHAT_REACTIONS, type ChatReaction, type ChatReactionEmoji } from '@teamup/contracts/chat';
import { chatKo } from '../../../i18n/ko/chat';
import classes from './chat.module.css';

const t = chatKo.reactions;

export interface ReactionBarProps {
  reactions: readonly ChatReaction[];
  myId: number;
  onToggle: (emoji: ChatReactionEmoji) => void;
}

/**
 * A message's reactions under its bubble: each emoji with its count, mine marked; a press
 * toggles mine. Who reacted shows on hover or keyboard focus, and on a long press on touch.
 */
export function ReactionBar({ reactions, myId, onToggle }: ReactionBarProps) {
  if (reactions.length === 0) return null;
  return (
    <Group
      gap={4}
      mt={2}
      wrap="wrap"
      role="group"
      aria-label={t.listLabel}
      data-testid="chat-reactions"
    >
      {reactions.map((reaction) => {
        const mine = reaction.users.some((user) => user.id === myId);
        return (
          <Tooltip
            key={reaction.emoji}
            label={t.who(reaction.users.map((user) => user.name))}
            withArrow
            multiline
            maw={240}
            openDelay={200}
            events={{ hover: true, focus: true, touch: true }}
          >
            <UnstyledButton
              className={classes.reaction}
              data-mine={mine ? 'true' : 'false'}
              aria-pressed={mine}
              aria-label={t.chip(reaction.emoji, reaction.count, mine)}
              data-testid="chat-reaction"
              data-emoji={reaction.emoji}
              onClick={() => onToggle(reaction.emoji)}
            >
              <span aria-hidden>{reaction.emoji}</span>
              <span aria-hidden className={classes.reactionCount}>
                {reaction.count}
              </span>
            </UnstyledButton>
          </Tooltip>
        );
      })}
    </Group>
  );
}

/**
 * The smile button that opens the fixed set of reactions. The popover is mounted only while open:
 * every message row has this button, and a closed popover per row is a cost a long list feels.
 */
export function ReactionPicker({ onPick }: { onPick: (emoji: ChatReactionEmoji) => void }) {
  const [opened, setOpened] = useState(false);
  const button = (
    <button
      type="button"
      className={classes.actionButton}
      aria-label={t.add}
      title={opened ? undefined : t.add}
      aria-expanded={opened}
      data-testid="chat-reaction-add"
      onClick={() => setOpened((open) => !open)}
    >
      <IconMoodSmile size={15} />
    </button>
  );
  if (!opened) return button;
  return (
    <Popover opened onChange={setOpened} position="top" withArrow shadow="md" trapFocus>
      <Popover.Target>{button}</Popover.Target>
      <Popover.Dropdown p={4}>
        <Group gap={2} wrap="nowrap" data-testid="chat-reaction-picker">
          {CHAT_REACTIONS.map((emoji) => (
            <UnstyledButton
              key={emoji}
              className={classes.reactionPick}
              aria-label={t.pick(emoji)}
              data-testid="chat-reaction-pick"
              data-emoji={emoji}
              onClick={() => {
                setOpened(false);
                onPick(emoji);
              }}
            >
              {emoji}
            </UnstyledButton>
          ))}
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
