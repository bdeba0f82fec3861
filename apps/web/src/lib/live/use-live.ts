import { useContext, useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import type { LiveEvent } from '@teamup/contracts/events';
import type { LiveConnection, LiveState } from './live-connection';
import { LiveContext } from './live-context';

function useLiveConnection(): LiveConnection {
  const connection = useContext(LiveContext);
  if (!connection) throw new Error('live hooks must be used inside <LiveProvider>');
  return connection;
}

/** Calls `handler` with every live event while the component is mounted. */
export function useLiveEvents(handler: (event: LiveEvent) => void): void {
  const connection = useLiveConnection();
  const onEvent = useEffectEvent(handler);
  useEffect(() => connection.subscribe((event) => onEvent(event)), [connection]);
}

/** Calls `handler` when the server says missed events are gone (reload from the API). */
export function useLiveResync(handler: () => void): void {
  const connection = useLiveConnection();
  const onResync = useEffectEvent(handler);
  useEffect(() => connection.onResync(() => onResync()), [connection]);
}

/** The live link's state: connecting, open or down. */
export function useLiveState(): LiveState {
  const connection = useLiveConnection();
  return useSyncExternalStore(connection.onStateChange, connection.getState);
}

/** Starts the link over after it gave up (the retry button). */
export function useLiveRetry(): () => void {
  const connection = useLiveConnection();
  return () => connection.retryNow();
}
