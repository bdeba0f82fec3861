import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type Dispatch,
  type KeyboardEvent,
  type RefObject,
  type SetStateAction,
} from 'react';
import {
  mentionOptions,
  type MentionCandidate,
  type MentionOption,
} from '../lib/composer-mentions';
import { mentionQueryAt, type PickedMention } from '../lib/message-text';

/** The `@` being typed: what follows it, where it starts, and where the cursor was. */
interface MentionQuery {
  query: string;
  start: number;
  end: number;
}

/** The mention list's state and what the input calls on it. */
export interface MentionPicker {
  picked: PickedMention[];
  setPicked: Dispatch<SetStateAction<PickedMention[]>>;
  listId: string;
  options: MentionOption[];
  listOpen: boolean;
  /** The option Enter or Tab would pick. */
  activeIndex: number;
  setActive: (index: number) => void;
  pick: (option: MentionOption) => void;
  /** Reads the `@` query at the cursor after the text changed or the cursor moved. */
  follow: (value: string, cursor: number) => void;
  close: () => void;
  /** The keys the open list takes (arrows, Enter, Tab, Escape); true when it took this one. */
  handleListKey: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
}

/**
 * The mention list of the message input: follows the `@` being typed, offers the members that
 * match, moves through them with the arrow keys and puts the one picked into the text. The
 * input's text stays the composer's; this hook reads it and writes it back through `setText`.
 */
export function useMentionPicker({
  text,
  setText,
  members,
  canMentionAll,
  input,
}: {
  text: string;
  setText: (text: string) => void;
  members: readonly MentionCandidate[];
  canMentionAll: boolean;
  input: RefObject<HTMLTextAreaElement | null>;
}): MentionPicker {
  const [picked, setPicked] = useState<PickedMention[]>([]);
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  const listId = useId();
  const options = mention ? mentionOptions(mention.query, members, canMentionAll) : [];
  const listOpen = options.length > 0;
  const activeIndex = Math.min(active, options.length - 1);
  /** Where the cursor goes once a picked mention's text is in the input. */
  const cursorAfterPick = useRef<number | null>(null);

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
  }, [text, picked, input]);

  const follow = (value: string, cursor: number) => {
    const end = Math.min(cursor, value.length);
    const found = mentionQueryAt(value, end);
    setMention(found && { ...found, end });
    if (found?.query !== mention?.query) setActive(0);
  };

  const handleListKey = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!listOpen || event.nativeEvent.isComposing || event.keyCode === 229) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + options.length) % options.length);
      return true;
    }
    if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      const option = options[activeIndex];
      if (option) pick(option);
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      setMention(null);
      return true;
    }
    return false;
  };

  return {
    picked,
    setPicked,
    listId,
    options,
    listOpen,
    activeIndex,
    setActive,
    pick,
    follow,
    close: () => setMention(null),
    handleListKey,
  };
}
