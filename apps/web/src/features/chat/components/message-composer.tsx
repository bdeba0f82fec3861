import {
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { ActionIcon, CloseButton, Group, Text, Textarea, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconFile,
  IconPaperclip,
  IconPencil,
  IconPhoto,
  IconSend,
} from '@tabler/icons-react';
import { parseMentions } from '@teamup/contracts/chat';
import { Limits } from '@teamup/contracts/limits';
import { MemberAvatar } from '../../../components/member-avatar';
import { ko } from '../../../i18n/ko';
import {
  mentionQueryAt,
  plainText,
  withMentionTokens,
  type MentionTarget,
  type PickedMention,
} from '../lib/message-text';
import { acceptFiles, pastedFiles } from '../lib/picked-files';
import classes from './chat.module.css';

const t = ko.chat.attachment;
/** How many members the mention list shows at once. */
const MENTION_OPTIONS_MAX = 8;

export interface MentionCandidate {
  id: number;
  name: string;
  imageUrl: string | null;
}

interface MentionOption {
  target: MentionTarget;
  name: string;
  hint: string | null;
  imageUrl: string | null;
}

/** The members (and, for owners and admins, @all / @here) that match what follows `@`. */
function mentionOptions(
  query: string,
  members: readonly MentionCandidate[],
  canMentionAll: boolean,
): MentionOption[] {
  const wanted = query.toLocaleLowerCase('ko-KR');
  const options: MentionOption[] = members
    .filter((member) => member.name.toLocaleLowerCase('ko-KR').includes(wanted))
    .slice(0, MENTION_OPTIONS_MAX)
    .map((member) => ({
      target: member.id,
      name: member.name,
      hint: null,
      imageUrl: member.imageUrl,
    }));
  if (canMentionAll) {
    if ('all'.startsWith(wanted)) {
      options.push({ target: 'all', name: 'all', hint: ko.chat.mention.all, imageUrl: null });
    }
    if ('here'.startsWith(wanted)) {
      options.push({ target: 'here', name: 'here', hint: ko.chat.mention.here, imageUrl: null });
    }
  }
  return options;
}

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
  replyingTo?: { senderName: string; content: string; hasFile: boolean } | null;
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
  const [picked, setPicked] = useState<PickedMention[]>([]);
  const [mention, setMention] = useState<{ query: string; start: number; end: number } | null>(
    null,
  );
  const [active, setActive] = useState(0);
  const listId = useId();
  const options = mention ? mentionOptions(mention.query, members, canMentionAll) : [];
  const listOpen = options.length > 0;
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  /** Where the cursor goes once a picked mention's text is in the input. */
  const cursorAfterPick = useRef<number | null>(null);
  const empty = text.trim().length === 0 && files.length === 0;

  const attach = (added: readonly File[]) => {
    if (added.length === 0 || editing) return;
    const { accepted, refusal } = acceptFiles(files, added);
    setFileError(refusal);
    setFiles(accepted);
    input.current?.focus();
  };
  useImperativeHandle(handle, () => ({ addFiles: attach }));

  const submit = () => {
    if (editing) {
      if (text.trim().length === 0 || disabled) return;
      onEdit?.(withMentionTokens(text, picked));
      return;
    }
    if (empty || disabled) return;
    const value = withMentionTokens(text, picked);
    const sending = files;
    setText('');
    setFiles([]);
    setFileError(null);
    setPicked([]);
    setMention(null);
    onSend(value, sending);
  };

  // Editing fills the input with the message's text; stopping empties it (set while rendering,
  // as React advises for state that follows a prop).
  const editingId = editing?.id;
  const [filledFor, setFilledFor] = useState<number | undefined>(undefined);
  if (editingId !== filledFor) {
    setFilledFor(editingId);
    const raw = editingId === undefined ? '' : (editing?.content ?? '');
    // Its mentions read as `@이름` in the input and are written back as tokens on saving.
    const nameOf = (id: number) => members.find((member) => member.id === id)?.name;
    setText(plainText(raw, nameOf));
    const found = parseMentions(raw);
    const again: PickedMention[] = found.userIds.flatMap((id) => {
      const name = nameOf(id);
      return name ? [{ target: id, name }] : [];
    });
    for (const target of ['all', 'here'] as const) {
      if (raw.includes(`<@${target}>`)) again.push({ target, name: target });
    }
    setPicked(again);
  }

  /** Puts `@이름 ` where the `@` being typed is, and remembers whom it names. */
  const pick = (option: MentionOption) => {
    if (!mention) return;
    // Where the cursor was when the `@` query was read (the text has not changed since).
    const cursor = mention.end;
    const label = `@${option.name} `;
    const next = text.slice(0, mention.start) + label + text.slice(cursor);
    setText(next);
    setPicked((all) => [...all.filter((m) => m.target !== option.target), option]);
    setMention(null);
    cursorAfterPick.current = mention.start + label.length;
  };
  // The cursor goes after the picked name in the same commit as the new text. Placed a frame
  // later (requestAnimationFrame), it landed behind letters typed in between: a fast typist
  // (or a loaded machine's slow frame) got '@이름 료부탁해요자'.
  useLayoutEffect(() => {
    const at = cursorAfterPick.current;
    if (at === null) return;
    cursorAfterPick.current = null;
    input.current?.focus();
    input.current?.setSelectionRange(at, at);
  }, [text, picked]);

  const follow = (value: string, cursor: number) => {
    const end = Math.min(cursor, value.length);
    const found = mentionQueryAt(value, end);
    setMention(found && { ...found, end });
    if (found?.query !== mention?.query) setActive(0);
  };
  useEffect(() => {
    if (editingId !== undefined) input.current?.focus();
  }, [editingId]);

  // Answering a message puts the cursor in the input.
  useEffect(() => {
    if (replyingTo) input.current?.focus();
  }, [replyingTo]);

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (listOpen && !event.nativeEvent.isComposing && event.keyCode !== 229) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => (index + step + options.length) % options.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        const option = options[Math.min(active, options.length - 1)];
        if (option) pick(option);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setMention(null);
        return;
      }
    }
    if (event.key === 'Escape' && editing && onCancelEdit) {
      event.preventDefault();
      onCancelEdit();
      return;
    }
    if (event.key === 'Escape' && replyingTo && onCancelReply) {
      event.preventDefault();
      onCancelReply();
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
      {editing && (
        <Group
          gap="xs"
          wrap="nowrap"
          className={classes.replyPreview}
          data-testid="chat-edit-banner"
        >
          <IconPencil size={16} aria-hidden style={{ flex: 'none' }} />
          <Text size="xs" fw={600} style={{ flex: 1, minWidth: 0 }} truncate="end">
            {ko.chat.edit.editing}
          </Text>
          <CloseButton
            size="sm"
            aria-label={ko.chat.edit.cancel}
            onClick={onCancelEdit}
            data-testid="chat-edit-cancel"
          />
        </Group>
      )}
      {replyingTo && !editing && (
        <Group
          gap="xs"
          wrap="nowrap"
          className={classes.replyPreview}
          data-testid="chat-reply-preview"
        >
          <IconArrowBackUp size={16} aria-hidden style={{ flex: 'none' }} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <Text size="xs" fw={600} truncate="end">
              {ko.chat.reply.composing(replyingTo.senderName)}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {replyingTo.content || (replyingTo.hasFile ? ko.chat.reply.fileOnly : '')}
            </Text>
          </div>
          <CloseButton
            size="sm"
            aria-label={ko.chat.reply.cancel}
            onClick={onCancelReply}
            data-testid="chat-reply-cancel"
          />
        </Group>
      )}
      {files.length > 0 && (
        <ul
          className={classes.pickedFiles}
          aria-label={t.picked(files.length)}
          data-testid="chat-attachment-preview"
        >
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}-${index}`}>
              <Group
                gap={4}
                wrap="nowrap"
                className={classes.pickedFile}
                data-testid="chat-file-chip"
              >
                {file.type.startsWith('image/') ? (
                  <IconPhoto size={16} aria-hidden style={{ flex: 'none' }} />
                ) : (
                  <IconFile size={16} aria-hidden style={{ flex: 'none' }} />
                )}
                <Text size="xs" truncate="end" maw="10rem">
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                  {t.sizeKb(file.size)}
                </Text>
                <CloseButton
                  size="sm"
                  aria-label={`${t.remove}: ${file.name}`}
                  onClick={() => {
                    setFiles((all) => all.filter((_, at) => at !== index));
                    setFileError(null);
                  }}
                  data-testid="chat-attachment-remove"
                />
              </Group>
            </li>
          ))}
        </ul>
      )}
      {fileError && (
        <Text size="xs" c="red" role="alert" mb={4}>
          {fileError}
        </Text>
      )}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Tooltip label={t.attach} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={36}
            radius="md"
            aria-label={t.attach}
            disabled={disabled || editing !== null}
            onClick={() => picker.current?.click()}
            data-testid="chat-attach"
          >
            <IconPaperclip size={18} />
          </ActionIcon>
        </Tooltip>
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          data-testid="chat-file-input"
          onChange={(event) => {
            attach([...(event.currentTarget.files ?? [])]);
            // The same file can be picked again after removing it.
            event.currentTarget.value = '';
          }}
        />
        <div style={{ flex: 1, minWidth: 0, position: 'relative' }}>
          {listOpen && (
            <div
              id={listId}
              role="listbox"
              aria-label={ko.chat.mention.listLabel}
              className={classes.mentionList}
              data-testid="chat-mention-list"
            >
              {options.map((option, index) => (
                <div
                  key={String(option.target)}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === Math.min(active, options.length - 1)}
                  className={classes.mentionOption}
                  data-testid="chat-mention-option"
                  // Keeps the focus (and the cursor) in the input.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => pick(option)}
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
          )}
          <Textarea
            ref={input}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              follow(event.currentTarget.value, event.currentTarget.selectionStart);
              if (!editing && event.currentTarget.value.trim()) onTyping?.();
            }}
            onClick={(event) => follow(text, event.currentTarget.selectionStart)}
            onBlur={() => setMention(null)}
            // A textarea may only be a textbox (ARIA in HTML): no combobox role and so no
            // aria-expanded; the list is announced through aria-controls and the active option.
            aria-autocomplete="list"
            aria-controls={listOpen ? listId : undefined}
            aria-activedescendant={
              listOpen ? `${listId}-${Math.min(active, options.length - 1)}` : undefined
            }
            onKeyDown={handleKeyDown}
            onPaste={handlePaste}
            placeholder={ko.chat.inputPlaceholder}
            aria-label={ko.chat.inputLabel}
            autosize
            minRows={1}
            maxRows={5}
            maxLength={Limits.chatMessageMax}
            disabled={disabled}
            data-testid="chat-input"
          />
        </div>
        <Tooltip label={ko.chat.send} withArrow>
          <ActionIcon
            type="submit"
            size={36}
            radius="md"
            aria-label={ko.chat.send}
            disabled={(editing ? text.trim().length === 0 : empty) || disabled}
            data-testid="chat-send"
          >
            <IconSend size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </form>
  );
}
