import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { CHAT_TYPING_INTERVAL_MS } from '@teamup/contracts/chat';
import { useLiveEvents } from '../../../lib/live/use-live';
import { sendTyping } from '../api/send-typing';
import type { RoomRef } from '../api/room-messages';
import { heardTyping, stillTyping, stoppedTyping, type TypingEntry } from '../lib/typing';

const NO_ENTRIES: TypingEntry[] = [];

/**
 * Who else is typing in the room now, in the order first heard (decision 0021): CHAT_TYPING
 * shows someone for a few seconds unless heard again; their message ends it at once. I am
 * never shown.
 */
export function useTypingNames(roomId: number, myId: number): string[] {
  const [state, setState] = useState<{ roomId: number; entries: TypingEntry[] }>({
    roomId,
    entries: [],
  });
  const entries = state.roomId === roomId ? state.entries : NO_ENTRIES;
  const update = (change: (entries: TypingEntry[]) => TypingEntry[]) =>
    setState((previous) => ({
      roomId,
      entries: change(previous.roomId === roomId ? previous.entries : []),
    }));

  useLiveEvents((event) => {
    if (event.type === 'CHAT_TYPING' && event.chatRoomId === roomId && event.userId !== myId) {
      update((current) =>
        heardTyping(current, { userId: event.userId, name: event.userName }, Date.now()),
      );
    } else if (event.type === 'NEW_CHAT_MESSAGE' && event.chatRoomId === roomId) {
      update((current) => stoppedTyping(current, event.senderId));
    }
  });

  // Each entry goes when its time is up (the earliest first). A timer may fire a moment before
  // that time: the entries are then a new array with the same entry, and the effect, keyed on
  // them, waits again for what is left (keyed on the expiry alone, that entry stayed for good).
  const expire = useEffectEvent(() => update((current) => stillTyping(current, Date.now())));
  useEffect(() => {
    const nextExpiry = entries.reduce((soonest, item) => Math.min(soonest, item.until), Infinity);
    if (nextExpiry === Infinity) return;
    const timer = setTimeout(expire, Math.max(nextExpiry - Date.now(), 0) + 1);
    return () => clearTimeout(timer);
  }, [entries]);

  return entries.map((item) => item.name);
}

/**
 * Tells the room I am typing, at most once per CHAT_TYPING_INTERVAL_MS (failures are ignored:
 * it is only a hint). `sent()` after sending a message, so the next words are told at once.
 */
export function useTypingSender(room: RoomRef) {
  const last = useRef(-Infinity);
  const typing = useCallback(() => {
    const now = Date.now();
    if (now - last.current < CHAT_TYPING_INTERVAL_MS) return;
    last.current = now;
    void sendTyping(room).catch(() => undefined);
  }, [room]);
  const sent = useCallback(() => {
    last.current = -Infinity;
  }, []);
  return { typing, sent };
}
