import type { ClipboardEvent, KeyboardEvent, RefObject } from 'react';
import { Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Limits } from '@teamup/contracts/limits';
import { chatKo } from '../../../i18n/ko/chat';
import type { MentionPicker } from '../hooks/use-mention-picker';
import { MentionList } from './mention-list';

/**
 * The message input itself, with the mention list that opens after `@` above the composer (the
 * form is its containing block, so the list clears the reply and edit bars).
 */
export function ComposerTextarea({
  inputRef,
  text,
  mentions,
  disabled,
  onChange,
  onKeyDown,
  onPaste,
}: {
  inputRef: RefObject<HTMLTextAreaElement | null>;
  text: string;
  mentions: MentionPicker;
  disabled: boolean;
  /** The new text and where the cursor stands in it. */
  onChange: (value: string, cursor: number) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => void;
}) {
  const { listOpen, listId, activeIndex } = mentions;
  // A phone's on-screen keyboard has no Shift+Enter to speak of: no keyboard advice there.
  const touchWidth = useMediaQuery('(max-width: 48em), (hover: none)') ?? false;
  return (
    <div style={{ flex: 1, minWidth: 0 }}>
      {listOpen && (
        <MentionList
          listId={listId}
          options={mentions.options}
          activeIndex={activeIndex}
          onActivate={mentions.setActive}
          onPick={mentions.pick}
        />
      )}
      <Textarea
        ref={inputRef}
        value={text}
        onChange={(event) =>
          onChange(event.currentTarget.value, event.currentTarget.selectionStart)
        }
        onClick={(event) => mentions.follow(text, event.currentTarget.selectionStart)}
        onBlur={mentions.close}
        // A textarea may only be a textbox (ARIA in HTML): no combobox role and so no
        // aria-expanded; the list is announced through aria-controls and the active option.
        aria-autocomplete="list"
        aria-controls={listOpen ? listId : undefined}
        aria-activedescendant={listOpen ? `${listId}-${activeIndex}` : undefined}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        placeholder={touchWidth ? chatKo.inputPlaceholderTouch : chatKo.inputPlaceholder}
        aria-label={chatKo.inputLabel}
        autosize
        minRows={1}
        maxRows={5}
        maxLength={Limits.chatMessageMax}
        disabled={disabled}
        data-testid="chat-input"
      />
    </div>
  );
}
