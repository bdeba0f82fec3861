import { Text } from '@mantine/core';
import { MemberAvatar } from '../../../components/member-avatar';
import { chatKo } from '../../../i18n/ko/chat';
import type { MentionOption } from '../lib/composer-mentions';
import classes from './chat.module.css';

/**
 * The members offered after `@`, above the input. The input keeps the focus: the list is
 * announced through the input's aria-controls and aria-activedescendant (`${listId}-${index}`).
 */
export function MentionList({
  listId,
  options,
  activeIndex,
  onActivate,
  onPick,
}: {
  listId: string;
  options: readonly MentionOption[];
  activeIndex: number;
  onActivate: (index: number) => void;
  onPick: (option: MentionOption) => void;
}) {
  return (
    <div
      id={listId}
      role="listbox"
      aria-label={chatKo.mention.listLabel}
      className={classes.mentionList}
      data-testid="chat-mention-list"
    >
      {options.map((option, index) => (
        <div
          key={String(option.target)}
          id={`${listId}-${index}`}
          role="option"
          aria-selected={index === activeIndex}
          className={classes.mentionOption}
          data-testid="chat-mention-option"
          // Keeps the focus (and the cursor) in the input.
          onMouseDown={(event) => event.preventDefault()}
          onMouseEnter={() => onActivate(index)}
          onClick={() => onPick(option)}
        >
          {option.imageUrl !== null || typeof option.target === 'number' ? (
            <MemberAvatar name={option.name} imageUrl={option.imageUrl} size={22} />
          ) : null}
          <Text size="sm" fw={600} truncate="end">
            @{option.name}
          </Text>
          {option.hint && (
            <Text size="xs" c="dimmed" truncate="end">
              {option.hint}
            </Text>
          )}
        </div>
      ))}
    </div>
  );
}
