import {
  Fragment,
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { ChatMember, ChatReactionEmoji } from '@teamup/contracts/chat';
import { ChatMessages } from '@teamup/contracts/chat';
import { ko } from '../../../i18n/ko';
import type { RoomRef } from '../api/room-messages';
import { olderStep, visibleMessages, type LocalMessage } from '../lib/message-store';
import { unreadReaders, type ReadCounter } from '../lib/read-counts';
import type { RoomSessionState } from '../lib/room-session';
import {
  formatMessageDay,
  messageDayKey,
  senderDisplayName,
  senderImage,
} from '../lib/room-display';
import classes from './chat.module.css';
import { MessageItem } from './message-item';

/** Within this many px of the end, the list counts as showing the newest message. */
const BOTTOM_SLACK_PX = 48;
/** A run of messages from one sender breaks after this long. */
const RUN_GAP_MS = 5 * 60_000;

export interface MessageListProps {
  state: RoomSessionState;
  myId: number;
  members: ReadonlyMap<number, ChatMember>;
  canDeleteAny: boolean;
  atBottom: boolean;
  onAtBottomChange: (atBottom: boolean) => void;
  onLoadOlder: () => void;
  /** The next newer page, when an older window is shown (scrolled to its end, or the button). */
  onLoadNewer?: () => void;
  /** Leaves an older window for the newest one. */
  onJumpToLatest?: () => void;
  /** The message the room was opened at has been scrolled to and highlighted (or is not here). */
  onFocused?: (focus: { messageId: number; found: boolean }) => void;
  onReload: () => void;
  onDelete: (message: LocalMessage) => void;
  onRetry: (tempId: number) => void;
  onReply: (message: LocalMessage) => void;
  onReact: (message: LocalMessage, emoji: ChatReactionEmoji) => void;
  onEdit: (message: LocalMessage) => void;
  room: RoomRef;
  /** Every member's read pointer, for the number beside each message; null until loaded. */
  readCounter?: ReadCounter | null;
  /** The room owner or an admin: messages can be pinned as the room's notice. */
  canPin?: boolean;
  onPin?: (message: LocalMessage) => void;
}

/** How long an original stays highlighted after a jump to it from a reply. */
export const HIGHLIGHT_MS = 1_600;

function startsRun(message: LocalMessage, previous: LocalMessage | undefined): boolean {
  if (!previous || previous.senderId !== message.senderId) return true;
  if (messageDayKey(previous.sentAt) !== messageDayKey(message.sentAt)) return true;
  return Date.parse(message.sentAt) - Date.parse(previous.sentAt) > RUN_GAP_MS;
}

/**
 * The room's message window: 'load older' on top, date separators, the '새 메시지' divider, the
 * messages, and buttons to jump to the first unread or back to the newest message. Stays at the
 * bottom as messages arrive when it was there, and keeps its place when older ones are added.
 */
export function MessageList({
  state,
  myId,
  members,
  canDeleteAny,
  atBottom,
  onAtBottomChange,
  onLoadOlder,
  onLoadNewer,
  onJumpToLatest,
  onFocused,
  onReload,
  onDelete,
  onRetry,
  onReply,
  onReact,
  onEdit,
  room,
  readCounter = null,
  canPin = false,
  onPin,
}: MessageListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const dividerRef = useRef<HTMLDivElement>(null);
  const stickRef = useRef(true);
  /** A message on screen and how far below the list's top it stood before a page was loaded. */
  const anchorRef = useRef<{ id: string; offset: number } | null>(null);
  const focusedRef = useRef(false);
  const [unreadInView, setUnreadInView] = useState(false);
  const [highlight, setHighlight] = useState<number | null>(null);
  const touch = useMediaQuery('(hover: none)') ?? false;

  const visible = visibleMessages(state.store);
  // Stable while the members are: the rows are memoised and re-render only when theirs change.
  const nameOf = useCallback((id: number) => members.get(id)?.name, [members]);
  const step = olderStep(state.store);
  const firstId = visible[0]?.id;
  const last = visible.at(-1);
  const lastId = last?.id;
  const lastIsMineSending = last?.pending?.delivery === 'sending';
  const dividerShown =
    state.firstUnreadId !== null && visible.some((item) => item.id === state.firstUnreadId);

  /**
   * The first message at the list's top edge, remembered before a page loads: older ones go on
   * top, and past the per-room cap the far end gives way, so the scroll height alone cannot
   * say where the shown messages went.
   */
  const rememberAnchor = () => {
    const list = listRef.current;
    if (!list) return;
    const top = list.getBoundingClientRect().top;
    for (const row of list.querySelectorAll<HTMLElement>('[data-message-id]')) {
      const rect = row.getBoundingClientRect();
      if (rect.bottom > top) {
        anchorRef.current = { id: row.dataset.messageId ?? '', offset: rect.top - top };
        return;
      }
    }
  };

  const handleScroll = () => {
    const list = listRef.current;
    if (!list) return;
    const bottom = list.scrollHeight - list.scrollTop - list.clientHeight < BOTTOM_SLACK_PX;
    // At the end of an older window the newest message is not there to follow: the next newer
    // page is loaded instead (and the list stays where it is as it grows below).
    // The end of an older window is not the room's newest: it does not count as read down to
    // the end (the read pointer moves only to what was seen, once the newest is reached).
    const atNewest = bottom && !state.newerOnServer;
    stickRef.current = atNewest;
    if (atNewest !== atBottom) onAtBottomChange(atNewest);
    if (bottom && state.newerOnServer && !state.loadingNewer && focusedRef.current) {
      rememberAnchor();
      onLoadNewer?.();
    }
  };
  const lookAgain = useEffectEvent(handleScroll);

  // The last newer page arrived: where the list stands is looked at again (at its end, the
  // newest is on screen now).
  useEffect(() => {
    if (!state.newerOnServer) lookAgain();
  }, [state.newerOnServer]);

  const listShown = visible.length > 0 || state.status === 'ready';

  // Once the divider has been on screen, the jump button is not needed any more.
  useEffect(() => {
    const divider = dividerRef.current;
    const list = listRef.current;
    if (!dividerShown || !divider || !list || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setUnreadInView(true);
      },
      { root: list },
    );
    observer.observe(divider);
    return () => observer.disconnect();
  }, [dividerShown, listShown]);

  // A smaller or larger list (a turned phone, a growing input) keeps showing the newest message.
  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stickRef.current) list.scrollTop = list.scrollHeight;
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, [listShown]);

  // A page came in (older ones on top, or newer ones below with the oldest giving way): the
  // message that was at the top edge stays where it was. Kept until the load has ended, as its
  // page may render in more than one pass.
  const pageLoading = state.loadingOlder || state.loadingNewer;
  useLayoutEffect(() => {
    const list = listRef.current;
    const anchor = anchorRef.current;
    if (!list || !anchor) return;
    const row = list.querySelector<HTMLElement>(`[data-message-id="${anchor.id}"]`);
    if (row) {
      const offset = row.getBoundingClientRect().top - list.getBoundingClientRect().top;
      list.scrollTop += offset - anchor.offset;
    }
    if (!pageLoading) anchorRef.current = null;
  }, [firstId, lastId, pageLoading]);

  // A newer message: follow it when the list was at the bottom, or when it is my own.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || lastId === undefined) return;
    if (stickRef.current || lastIsMineSending) list.scrollTop = list.scrollHeight;
  }, [lastId, lastIsMineSending]);

  // Opened at a message (a search result): once its window is shown, centre it and highlight it
  // as a jump from a reply does.
  const focus = state.focus;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!focus || focusedRef.current || !list) return;
    focusedRef.current = true;
    if (focus.found) {
      const target = list.querySelector<HTMLElement>(`[data-message-id="${focus.messageId}"]`);
      stickRef.current = false;
      target?.scrollIntoView?.({ block: 'center' });
      const { messageId } = focus;
      requestAnimationFrame(() => setHighlight(messageId));
    }
    onFocused?.(focus);
  }, [focus, listShown, onFocused]);

  const handleLoadOlder = () => {
    rememberAnchor();
    onLoadOlder();
  };

  const jumpToUnread = () => {
    dividerRef.current?.scrollIntoView?.({ block: 'center' });
    setUnreadInView(true);
  };

  // A highlight fades: the class goes after its animation so a second jump plays it again.
  useEffect(() => {
    if (highlight === null) return;
    const timer = setTimeout(() => setHighlight(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlight]);

  /** A reply's quote: scroll its original into view and highlight it, when it is loaded. */
  const jumpTo = (messageId: number) => {
    const target = listRef.current?.querySelector<HTMLElement>(`[data-message-id="${messageId}"]`);
    if (!target) {
      notifications.show({ message: ko.chat.reply.notLoaded });
      return;
    }
    target.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    setHighlight(null);
    requestAnimationFrame(() => setHighlight(messageId));
  };

  // The rows get handlers that never change (each calls the latest one given), so a row
  // re-renders only when its own message or figures change, not on every render of the room.
  const latest = useRef({ onDelete, onRetry, onReply, onReact, onEdit, onPin, jumpTo });
  useLayoutEffect(() => {
    latest.current = { onDelete, onRetry, onReply, onReact, onEdit, onPin, jumpTo };
  });
  const rowHandlers = useMemo(
    () => ({
      onDelete: (message: LocalMessage) => latest.current.onDelete(message),
      onRetry: (tempId: number) => latest.current.onRetry(tempId),
      onReply: (message: LocalMessage) => latest.current.onReply(message),
      onReact: (message: LocalMessage, emoji: ChatReactionEmoji) =>
        latest.current.onReact(message, emoji),
      onEdit: (message: LocalMessage) => latest.current.onEdit(message),
      onPin: (message: LocalMessage) => latest.current.onPin?.(message),
      onJumpTo: (messageId: number) => latest.current.jumpTo(messageId),
    }),
    [],
  );

  const jumpToLatest = () => {
    const list = listRef.current;
    if (state.newerOnServer) {
      // The newest window replaces this one; the list follows it to its end.
      stickRef.current = true;
      onJumpToLatest?.();
      return;
    }
    if (list) list.scrollTop = list.scrollHeight;
  };

  if (state.status === 'loading' && visible.length === 0) {
    return (
      <Center h="100%" role="status">
        <Loader size="sm" role="status" aria-label={ko.common.loading} />
      </Center>
    );
  }

  if (state.status === 'error' && visible.length === 0) {
    return (
      <Center h="100%" p="md">
        <Stack align="center" gap="xs">
          <Text c="red" size="sm" role="alert" data-testid="chat-messages-error">
            {ChatMessages.messagesFailed}
          </Text>
          <Button size="xs" variant="light" onClick={onReload}>
            {ko.chat.retryLoad}
          </Button>
        </Stack>
      </Center>
    );
  }

  return (
    <>
      {dividerShown && !unreadInView && (
        <Button
          className={`${classes.floating} ${classes.floatingTop}`}
          size="compact-sm"
          radius="xl"
          color="red"
          leftSection={<IconArrowUp size={14} />}
          data-testid="chat-jump-unread"
          onClick={jumpToUnread}
        >
          {ko.chat.jumpToUnread}
        </Button>
      )}
      <div
        ref={listRef}
        className={classes.list}
        onScroll={handleScroll}
        data-testid="chat-message-list"
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        tabIndex={0}
      >
        {step > 0 && (
          <Center mb="xs">
            <Button
              variant="subtle"
              size="compact-sm"
              loading={state.loadingOlder}
              data-testid="chat-load-older"
              onClick={handleLoadOlder}
            >
              {ko.chat.loadOlder(step)}
            </Button>
          </Center>
        )}
        {visible.length === 0 && (
          <Center h="100%">
            <Text c="dimmed" size="sm" ta="center" data-testid="chat-empty">
              {ko.chat.empty}
            </Text>
          </Center>
        )}
        {visible.map((message, index) => {
          const before = visible[index - 1];
          const newDay = !before || messageDayKey(before.sentAt) !== messageDayKey(message.sentAt);
          const own = message.senderId === myId;
          const divider = message.id === state.firstUnreadId;
          return (
            <Fragment key={message.id}>
              {newDay && (
                <div className={classes.separator} role="separator">
                  {formatMessageDay(message.sentAt)}
                </div>
              )}
              {divider && (
                <div
                  ref={dividerRef}
                  className={`${classes.separator} ${classes.unread}`}
                  role="separator"
                  data-testid="chat-unread-divider"
                >
                  {ko.chat.unreadDivider}
                </div>
              )}
              <MessageItem
                message={message}
                own={own}
                senderName={senderDisplayName(message, members)}
                senderImage={senderImage(message, members)}
                showSender={divider || newDay || startsRun(message, before)}
                canDelete={own || canDeleteAny}
                touch={touch}
                highlighted={highlight === message.id}
                onDelete={rowHandlers.onDelete}
                onRetry={rowHandlers.onRetry}
                onReply={rowHandlers.onReply}
                onJumpTo={rowHandlers.onJumpTo}
                myId={myId}
                onReact={rowHandlers.onReact}
                canEdit={own && message.attachments.length === 0}
                onEdit={rowHandlers.onEdit}
                room={room}
                readCount={
                  readCounter && !message.pending ? unreadReaders(readCounter, message) : undefined
                }
                nameOf={nameOf}
                canPin={canPin}
                onPin={onPin ? rowHandlers.onPin : undefined}
              />
            </Fragment>
          );
        })}
        {state.newerOnServer && (
          <Center mt="xs">
            <Button
              variant="subtle"
              size="compact-sm"
              loading={state.loadingNewer}
              data-testid="chat-load-newer"
              onClick={onLoadNewer}
            >
              {ko.chat.loadNewer}
            </Button>
          </Center>
        )}
      </div>
      {(!atBottom || state.newerOnServer) && visible.length > 0 && (
        <Button
          className={`${classes.floating} ${classes.floatingBottom}`}
          size="compact-sm"
          radius="xl"
          variant="default"
          leftSection={<IconArrowDown size={14} />}
          data-testid="chat-jump-latest"
          onClick={jumpToLatest}
        >
          {ko.chat.jumpToLatest}
        </Button>
      )}
    </>
  );
}
