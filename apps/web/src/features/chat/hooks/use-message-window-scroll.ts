import { useEffect, useEffectEvent, useLayoutEffect, useRef } from 'react';
import type { LocalMessage } from '../lib/message-store';
import type { RoomSessionState } from '../lib/room-session';

/** Within this many px of the end, the list counts as showing the newest message. */
const BOTTOM_SLACK_PX = 48;
/** A move up within this long after the reader touched the list is theirs (not the browser's). */
const GESTURE_WINDOW_MS = 1000;
/** What the reader does to scroll a list: wheel, touch, the scrollbar, the keyboard. */
const GESTURES = ['wheel', 'touchstart', 'touchmove', 'pointerdown', 'keydown'] as const;

/**
 * Where the message list stands: at the bottom it follows new messages, a resize of the list,
 * and its content growing under it (pictures, previews and fonts loading after a message was
 * shown), and it keeps its place when a page of older or newer ones comes in. Reports whether the newest
 * message is on screen, loads the next newer page at the end of an older window, and scrolls to
 * the message the room was opened at (a search result) once it is shown.
 */
export function useMessageWindowScroll({
  state,
  visible,
  atBottom,
  onAtBottomChange,
  onLoadNewer,
  onJumpToLatest,
  onFocused,
  setHighlight,
}: {
  state: RoomSessionState;
  visible: readonly LocalMessage[];
  atBottom: boolean;
  onAtBottomChange: (atBottom: boolean) => void;
  onLoadNewer?: () => void;
  onJumpToLatest?: () => void;
  onFocused?: (focus: { messageId: number; found: boolean }) => void;
  /** Highlights the message the room was opened at (a frame after it was scrolled to). */
  setHighlight: (messageId: number) => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  /** Everything the list scrolls (its rows and buttons), watched for growing. */
  const contentRef = useRef<HTMLDivElement>(null);
  const stickRef = useRef(true);
  /** Where the list stood at the last scroll event: a move up is the reader leaving the end. */
  const lastTopRef = useRef(0);
  /** When the reader last touched the list (wheel, touch, pointer, key), by performance.now(). */
  const gestureAtRef = useRef(Number.NEGATIVE_INFINITY);
  /** A message on screen and how far below the list's top it stood before a page was loaded. */
  const anchorRef = useRef<{ id: string; offset: number } | null>(null);
  const focusedRef = useRef(false);

  const firstId = visible[0]?.id;
  const last = visible.at(-1);
  const lastId = last?.id;
  const lastIsMineSending = last?.pending?.delivery === 'sending';
  const listShown = visible.length > 0 || state.status === 'ready';

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
    const top = list.scrollTop;
    // Only the reader leaves the end. The browser also moves a list up by itself (scroll anchoring
    // when something above shrinks as pictures load); taken for the reader, that stopped the list
    // from following its newest message after a reload (issue 41).
    const movedUp =
      top < lastTopRef.current && performance.now() - gestureAtRef.current < GESTURE_WINDOW_MS;
    lastTopRef.current = top;
    const bottom = list.scrollHeight - top - list.clientHeight < BOTTOM_SLACK_PX;
    if (!bottom && stickRef.current && !movedUp && !state.newerOnServer) {
      // Not scrolled away: the content grew under the list (a picture loaded) before the
      // observer below could follow it. The list stays at the newest message.
      list.scrollTop = list.scrollHeight;
      return;
    }
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

  useEffect(() => {
    const list = listRef.current;
    if (!list) return undefined;
    const touched = () => {
      gestureAtRef.current = performance.now();
    };
    for (const type of GESTURES) list.addEventListener(type, touched, { passive: true });
    return () => {
      for (const type of GESTURES) list.removeEventListener(type, touched);
    };
  }, [listShown]);

  // A smaller or larger list (a turned phone, a growing input) keeps showing the newest message,
  // and so does a list whose content grows once it is shown: a picture's height is known only
  // when it has been fetched and decoded, well after its message was scrolled to.
  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stickRef.current) list.scrollTop = list.scrollHeight;
    });
    observer.observe(list);
    if (contentRef.current) observer.observe(contentRef.current);
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
  }, [focus, listShown, onFocused, setHighlight]);

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

  return { listRef, contentRef, listShown, handleScroll, rememberAnchor, jumpToLatest };
}
