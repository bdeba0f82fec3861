/** One server-sent event as a browser's EventSource would see it. */
export type SseEvent = { id: string | undefined; data: Record<string, unknown> };

/** A PRESENCE_CHANGED event that carries `userId`'s change to `status` (among others). */
export function tellsPresence(event: SseEvent, userId: number, status: string): boolean {
  const changes = event.data['changes'];
  return (
    event.data['type'] === 'PRESENCE_CHANGED' &&
    Array.isArray(changes) &&
    changes.some(
      (change: { userId?: unknown; status?: unknown }) =>
        change.userId === userId && change.status === status,
    )
  );
}

/**
 * A minimal EventSource over fetch for tests: collects the events of one stream so a test can
 * wait for what it expects. Comments (heart-beats) are counted separately.
 */
export type SseStream = {
  status: number;
  events: SseEvent[];
  comments: string[];
  /** Names of the named events (`event:` lines: ping, reauth). */
  named: string[];
  /** Resolves when the server ends the stream (not on close()). */
  ended: Promise<void>;
  /** Whether the server has ended the stream. */
  isEnded(): boolean;
  waitFor(predicate: (events: SseEvent[]) => boolean, timeoutMs?: number): Promise<SseEvent[]>;
  close(): void;
};

export async function openSse(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const named: string[] = [];
  let endedByServer = false;
  let markEnded: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => {
    markEnded = () => {
      endedByServer = true;
      resolve();
    };
  });
  const waiters = new Set<() => void>();
  const stream: SseStream = {
    status: response.status,
    events,
    comments,
    named,
    ended,
    isEnded: () => endedByServer,
    waitFor(predicate, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate(events)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(events);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
  if (!response.ok || !response.body) return stream;

  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    // As an EventSource keeps it: the last `id:` given, kept across events that carry none.
    let lastEventId: string | undefined;
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let name = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id:')) lastEventId = line.slice(3).trim();
            else if (line.startsWith('event:')) name = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trim());
          }
          // Named events (the `ping` keep-alive) are not what an `onmessage` handler sees.
          if (name !== 'message') named.push(name);
          if (name === 'message' && data.length > 0) {
            events.push({
              id: lastEventId,
              data: JSON.parse(data.join('\n')) as Record<string, unknown>,
            });
          }
          for (const waiter of [...waiters]) waiter();
          end = buffer.indexOf('\n\n');
        }
      }
      markEnded();
    } catch {
      // aborted by close()
    }
  })();
  return stream;
}
