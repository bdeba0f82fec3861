import { useCallback } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ChatMember, ChatReactionEmoji } from '@teamup/contracts/chat';
import { chatKo } from '../../../i18n/ko/chat';
import type { RoomRef } from '../api/room-messages';
import { useFadingHighlight } from '../hooks/use-fading-highlight';
import { useMessageWindowScroll } from '../hooks/use-message-window-scroll';
import { useStableRowHandlers } from '../hooks/use-stable-row-handlers';
import { useUnreadDivider } from '../hooks/use-unread-divider';
import { olderStep, visibleMessages, type LocalMessage } from '../lib/message-store';
import type { ReadCounter } from '../lib/read-counts';
import type { RoomSessionState } from '../lib/room-session';
import classes from './chat.module.css';
import {
  JumpToLatestButton,
  JumpToUnreadButton,
  LoadNewerButton,
  LoadOlderButton,
  MessageListEmpty,
  MessageListFailed,
  MessageListLoading,
} from './message-list-parts';
import { MessageRows } from './message-rows';

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
  const touch = useMediaQuery('(hover: none)') ?? false;
  const [highlight, setHighlight] = useFadingHighlight();
  const visible = visibleMessages(state.store);
  // Stable while the members are: the rows are memoised and re-render only when theirs change.
  const nameOf = useCallback((id: number) => members.get(id)?.name, [members]);
  const step = olderStep(state.store);
  const dividerShown =
    state.firstUnreadId !== null && visible.some((item) => item.id === state.firstUnreadId);
  const { listRef, contentRef, listShown, handleScroll, rememberAnchor, jumpToLatest } =
    useMessageWindowScroll({
      state,
      visible,
      atBottom,
      onAtBottomChange,
      onLoadNewer,
      onJumpToLatest,
      onFocused,
      setHighlight,
    });
  const { dividerRef, unreadInView, jumpToUnread } = useUnreadDivider({
    listRef,
    dividerShown,
    listShown,
  });

  /** A reply's quote: scroll its original into view and highlight it, when it is loaded. */
  const jumpTo = (messageId: number) => {
    const target = listRef.current?.querySelector<HTMLElement>(`[data-message-id="${messageId}"]`);
    if (!target) {
      notifications.show({ message: chatKo.reply.notLoaded });
      return;
    }
    target.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    setHighlight(null);
    requestAnimationFrame(() => setHighlight(messageId));
  };
  const rowHandlers = useStableRowHandlers({
    onDelete,
    onRetry,
    onReply,
    onReact,
    onEdit,
    onPin,
    onJumpTo: jumpTo,
  });

  if (state.status === 'loading' && visible.length === 0) return <MessageListLoading />;
  if (state.status === 'error' && visible.length === 0) {
    return <MessageListFailed onReload={onReload} />;
  }

  return (
    <>
      {dividerShown && !unreadInView && <JumpToUnreadButton onClick={jumpToUnread} />}
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
        <div
          ref={contentRef}
          className={visible.length === 0 ? classes.listContentEmpty : undefined}
        >
          {step > 0 && (
            <LoadOlderButton
              step={step}
              loading={state.loadingOlder}
              onClick={() => {
                rememberAnchor();
                onLoadOlder();
              }}
            />
          )}
          {visible.length === 0 && <MessageListEmpty />}
          <MessageRows
            visible={visible}
            firstUnreadId={state.firstUnreadId}
            dividerRef={dividerRef}
            myId={myId}
            members={members}
            nameOf={nameOf}
            canDeleteAny={canDeleteAny}
            canPin={canPin}
            touch={touch}
            highlight={highlight}
            handlers={{ ...rowHandlers, onPin: onPin ? rowHandlers.onPin : undefined }}
            room={room}
            readCounter={readCounter}
          />
          {state.newerOnServer && (
            <LoadNewerButton loading={state.loadingNewer} onClick={onLoadNewer} />
          )}
        </div>
      </div>
      {(!atBottom || state.newerOnServer) && visible.length > 0 && (
        <JumpToLatestButton onClick={jumpToLatest} />
      )}
    </>
  );
}
