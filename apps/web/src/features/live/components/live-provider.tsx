import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LiveConnection } from '../../../lib/live/live-connection';
import { registerSse, sseSubscribeUrl } from '../api/register-sse';
import { LiveContext } from '../../../lib/live/live-context';
import { refetchAllInSlices } from '../../../lib/queries/refetch-in-slices';

function createConnection(): LiveConnection {
  const supported = typeof EventSource !== 'undefined';
  return new LiveConnection({
    register: registerSse,
    openStream: (url) => new EventSource(url),
    subscribeUrl: sseSubscribeUrl,
    supported,
  });
}

interface LiveProviderProps {
  children: ReactNode;
  /**
   * Connect now (default) or not yet: the logged-in frame connects once the first screen is up
   * and the features' handlers listen, so that no event arrives before they do. Subscribers
   * mounted before the start hear every event from the first one.
   */
  start?: boolean;
}

/**
 * The logged-in app's one live connection (ARCHITECTURE "Live delivery"): started on mount (or
 * once `start` turns true), stopped on logout, tried again at once when the browser comes back
 * online. The features' reactions to its events are their own (lib/live/live-handlers), mounted
 * by the app.
 */
export function LiveProvider({ children, start = true }: LiveProviderProps) {
  const [connection] = useState(createConnection);
  const queryClient = useQueryClient();

  // Missed events are gone from the server's log: every query on screen asks again.
  useEffect(
    () => connection.onResync(() => void refetchAllInSlices(queryClient)),
    [connection, queryClient],
  );

  // Started after the first screen fetched its data: what changed in between was never sent to
  // this connection (a first stream replays nothing), so the screen asks again once it is open.
  const startedAfterFirstScreen = useRef(!start);
  useEffect(() => {
    if (!start || !startedAfterFirstScreen.current) return;
    const stop = connection.onStateChange((state) => {
      if (state !== 'open') return;
      startedAfterFirstScreen.current = false;
      stop();
      void refetchAllInSlices(queryClient);
    });
    return stop;
  }, [connection, queryClient, start]);

  useEffect(() => {
    if (!start) return;
    connection.start();
    // Back online: no need to sit out the rest of a reconnect delay, or to stay given up.
    const handleOnline = () => {
      if (connection.getState() !== 'open') connection.retryNow();
    };
    window.addEventListener('online', handleOnline);
    return () => {
      window.removeEventListener('online', handleOnline);
      connection.stop();
    };
  }, [connection, start]);

  return <LiveContext value={connection}>{children}</LiveContext>;
}
