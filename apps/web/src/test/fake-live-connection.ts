import type { LiveEvent } from '@teamup/contracts/events';
import type { LiveConnection } from '../lib/live/live-connection';

/**
 * A live connection for screen and hook tests: what subscribes to it hears the events `emit`
 * hands it (the real one is tested against the server in test/live-clients).
 */
export function fakeLiveConnection() {
  const handlers = new Set<(event: LiveEvent) => void>();
  // Only subscribe is used by the live handlers under test.
  const connection = {
    subscribe: (handler: (event: LiveEvent) => void) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  } as unknown as LiveConnection;
  return {
    connection,
    emit: (event: LiveEvent) => {
      for (const handler of handlers) handler(event);
    },
    reset: () => handlers.clear(),
  };
}
