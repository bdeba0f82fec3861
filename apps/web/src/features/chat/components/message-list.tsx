import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { ChatMember } from '@teamup/contracts/chat';
import { ChatMessages } from '@teamup/contracts/chat';
import { ko } from '../../../i18n/ko';
import { olderStep, visibleMessages, type LocalMessage } from '../lib/message-store';
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
  onReload: () => void;
  onDelete: (message: LocalMessage) => void;
  onRetry: (tempId: number) => void;
}

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
  onReload,
  onDelete,
  onRetry,
}: MessageListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const dividerRef = useRef<HTMLDivElement>(null);
  const stickRef = useRef(true);
  const anchorRef = useRef<{ height: number; top: number } | null>(null);
  const [unreadInView, setUnreadInView] = useState(false);
  const touch = useMediaQuery('(hover: none)') ?? false;

  const visible = visibleMessages(state.store);
  const step = olderStep(state.store);
  const firstId = visible[0]?.id;
  const last = visible.at(-1);
  const lastId = last?.id;
  const lastIsMineSending = last?.pending?.delivery === 'sending';
  const dividerShown =
    state.firstUnreadId !== null && visible.some((item) => item.id === state.firstUnreadId);

  const handleScroll = () => {
    const list = listRef.current;
    if (!list) return;
    const bottom = list.scrollHeight - list.scrollTop - list.clientHeight < BOTTOM_SLACK_PX;
    stickRef.current = bottom;
    if (bottom !== atBottom) onAtBottomChange(bottom);
  };

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

  // Older messages were put on top: keep the ones on screen where they were.
  useLayoutEffect(() => {
    const list = listRef.current;
    const anchor = anchorRef.current;
    if (!list || !anchor) return;
    anchorRef.current = null;
    list.scrollTop = anchor.top + (list.scrollHeight - anchor.height);
  }, [firstId]);

  // A newer message: follow it when the list was at the bottom, or when it is my own.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || lastId === undefined) return;
    if (stickRef.current || lastIsMineSending) list.scrollTop = list.scrollHeight;
  }, [lastId, lastIsMineSending]);

  const handleLoadOlder = () => {
    const list = listRef.current;
    if (list) anchorRef.current = { height: list.scrollHeight, top: list.scrollTop };
    onLoadOlder();
  };

  const jumpToUnread = () => {
    dividerRef.current?.scrollIntoView?.({ block: 'center' });
    setUnreadInView(true);
  };

  const jumpToLatest = () => {
    const list = listRef.current;
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
                onDelete={onDelete}
                onRetry={onRetry}
              />
            </Fragment>
          );
        })}
      </div>
      {!atBottom && visible.length > 0 && (
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
