import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LiveConnection } from '../../../lib/live/live-connection';
import { useAuth } from '../../../lib/auth/use-auth';
import { registerSse, sseSubscribeUrl } from '../api/register-sse';
import { LiveContext } from '../../../lib/live/live-context';
import { useLiveInvalidation } from '../hooks/use-live-invalidation';

function createConnection(): LiveConnection {
  const supported = typeof EventSource !== 'undefined';
  return new LiveConnection({
    register: registerSse,
    openStream: (url) => new EventSource(url),
    subscribeUrl: sseSubscribeUrl,
    supported,
  });
}

function LiveInvalidation({ userId }: { userId: number | undefined }) {
  useLiveInvalidation(userId);
  return null;
}

/**
 * The logged-in app's one live connection (ARCHITECTURE "Live delivery"): started on mount,
 * stopped on logout, tried again at once when the browser comes back online.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [connection] = useState(createConnection);
  const queryClient = useQueryClient();

  // Missed events are gone from the server's log: every query on screen asks again.
  useEffect(
    () => connection.onResync(() => void queryClient.invalidateQueries()),
    [connection, queryClient],
  );

  useEffect(() => {
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
  }, [connection]);

  return (
    <LiveContext value={connection}>
      <LiveInvalidation userId={user?.id} />
      {children}
    </LiveContext>
  );
}
