import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '@teamup/contracts/events';
import { useLiveEvents } from './use-live';

/**
 * Live events by type (ARCHITECTURE "Live delivery"). Each feature reacts to the events about its
 * own data with a hook of its own built on these; the app mounts those hooks once inside the
 * live connection (app/live-handlers.tsx). Nothing here knows a feature.
 */
export type LiveEventType = LiveEvent['type'];
export type LiveHandler = (event: LiveEvent) => void;

/** Calls `handler` with the live events of `types` while the component is mounted. */
export function useLiveEvent(
  types: LiveEventType | readonly LiveEventType[],
  handler: LiveHandler,
): void {
  const wanted: readonly LiveEventType[] = typeof types === 'string' ? [types] : types;
  useLiveEvents((event) => {
    if (wanted.includes(event.type)) handler(event);
  });
}

/**
 * Live events as invalidation signals (STYLE habit 6): each event of `types` makes the queries
 * `keysOf(event)` names stale, so what shows them is fetched again.
 */
export function useLiveInvalidation(
  types: LiveEventType | readonly LiveEventType[],
  keysOf: (event: LiveEvent) => readonly QueryKey[],
): void {
  const queryClient = useQueryClient();
  useLiveEvent(types, (event) => {
    for (const queryKey of keysOf(event)) void queryClient.invalidateQueries({ queryKey });
  });
}
