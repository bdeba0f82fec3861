import {
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { Group, Text } from '@mantine/core';
import { useComposerFiles } from '../hooks/use-composer-files';
import { useMentionPicker } from '../hooks/use-mention-picker';
import { editDraft, type MentionCandidate } from '../lib/composer-mentions';
import { withMentionTokens } from '../lib/message-text';
import { pastedFiles } from '../lib/picked-files';
import classes from './chat.module.css';
import { EditBanner, ReplyPreview, type ReplyTarget } from './composer-banners';
import { AttachFilesButton, SendButton } from './composer-buttons';
import { ComposerTextarea } from './composer-textarea';
import { PickedFileChips } from './picked-file-chips';

/** What the room gives the composer from outside it: files dropped onto the room. */
export interface ComposerHandle {
  addFiles: (files: readonly File[]) => void;
}

export interface MessageComposerProps {
  onSend: (text: string, files: File[]) => void;
  /** Lets the room add files dropped anywhere on it. */
  handle?: Ref<ComposerHandle>;
  disabled?: boolean;
  /** The message being answered: quoted above the input until sent or cancelled. */
  replyingTo?: ReplyTarget | null;
  onCancelReply?: () => void;
  /** My message being edited: its text fills the input; sending saves the edit. */
  editing?: { id: number; content: string } | null;
  onEdit?: (text: string) => void;
  onCancelEdit?: () => void;
  /** The room's members besides me, offered after `@`. */
  members?: readonly MentionCandidate[];
  /** The room's owner or a workspace admin: @all and @here are offered too. */
  canMentionAll?: boolean;
  /** Called as a new message is written (not an edit); the caller throttles what it sends. */
  onTyping?: () => void;
}

/**
 * The message input: Enter sends, Shift+Enter starts a new line, and Enter that ends a Korean
 * syllable being composed does neither. Files can be picked (several at once), pasted or dropped
 * onto the room; each shows as a chip with its name and size until sent or removed. Input and
 * files are cleared before sending.
 */
export function MessageComposer({
  onSend,
  handle,
  disabled = false,
  replyingTo = null,
  onCancelReply,
  editing = null,
  onEdit,
  onCancelEdit,
  members = [],
  canMentionAll = false,
  onTyping,
}: MessageComposerProps) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const mentions = useMentionPicker({ text, setText, members, canMentionAll, input });
  const { files, fileError, attach, remove, clear } = useComposerFiles({
    editing: editing !== null,
    onAdded: () => input.current?.focus(),
  });
  useImperativeHandle(handle, () => ({ addFiles: attach }));
  const blank = text.trim().length === 0;
  const empty = blank && files.length === 0;

  const submit = () => {
    if (editing) {
      if (blank || disabled) return;
      onEdit?.(withMentionTokens(text, mentions.picked));
      return;
    }
    if (empty || disabled) return;
    const value = withMentionTokens(text, mentions.picked);
    const sending = files;
    setText('');
    clear();
    mentions.setPicked([]);
    mentions.close();
    onSend(value, sending);
  };

  // Editing fills the input with the message's text; stopping empties it (set while rendering,
  // as React advises for state that follows a prop).
  const editingId = editing?.id;
  const [filledFor, setFilledFor] = useState<number | undefined>(undefined);
  if (editingId !== filledFor) {
    setFilledFor(editingId);
    const draft = editDraft(editingId === undefined ? '' : (editing?.content ?? ''), members);
    setText(draft.text);
    mentions.setPicked(draft.picked);
  }

  // Editing a message, or answering one, puts the cursor in the input.
  useEffect(() => {
    if (editingId !== undefined) input.current?.focus();
  }, [editingId]);
  useEffect(() => {
    if (replyingTo) input.current?.focus();
  }, [replyingTo]);

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mentions.handleListKey(event)) return;
    // Escape leaves the edit, or else the reply, when the room gave a way to.
    const cancel = (editing ? onCancelEdit : undefined) ?? (replyingTo ? onCancelReply : undefined);
    if (event.key === 'Escape' && cancel) {
      event.preventDefault();
      cancel();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey) return;
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    submit();
  };

  // A pasted image (a screenshot) or file becomes a file to send; pasted text stays text.
  const handlePaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = pastedFiles(event.clipboardData);
    if (pasted.length === 0) return;
    event.preventDefault();
    attach(pasted);
  };

  return (
    <form
      className={classes.composer}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {editing && <EditBanner onCancel={onCancelEdit} />}
      {replyingTo && !editing && <ReplyPreview replyingTo={replyingTo} onCancel={onCancelReply} />}
      {files.length > 0 && <PickedFileChips files={files} onRemove={remove} />}
      {fileError && (
        <Text size="xs" c="red" role="alert" mb={4}>
          {fileError}
        </Text>
      )}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <AttachFilesButton disabled={disabled || editing !== null} onFiles={attach} />
        <ComposerTextarea
          inputRef={input}
          text={text}
          mentions={mentions}
          disabled={disabled}
          onChange={(value, cursor) => {
            setText(value);
            mentions.follow(value, cursor);
            if (!editing && value.trim()) onTyping?.();
          }}
          onKeyDown={handleKeyDown}
          onPaste={handlePaste}
        />
        <SendButton disabled={(editing ? blank : empty) || disabled} />
      </Group>
    </form>
  );
}
