// The web push thread (issue 43): each push's RFC 8291 encryption and its POST to the push
// service (RFC 8030) run here, off the event loop that answers requests. A fan-out of 1,000 pushes
// spent ~1.2 ms of the main thread on each (encryption and undici's request), and the chat sends
// waited behind them (bench push-fanout, docs/performance.md). Plain JavaScript: it is started by
// path, both from the sources (tests, tsx) and beside the bundle (scripts/build-server.mjs copies
// it). The protocol is push-sender.ts's; the two change together.
import { readlinkSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import webpush from 'web-push';

const port = parentPort;
if (!port) throw new Error('push-worker runs as a worker thread');

try {
  writeFileSync('/proc/thread-self/comm', 'web-push');
} catch {
  // Not Linux, or /proc is not mounted: nothing depends on the name.
}

// A lower CPU priority for this thread only (Linux takes a thread's id where a process id goes):
// where the cores are busy, the requests' thread and the database's go first, and a fan-out of a
// thousand pushes takes a little longer instead of stalling chat sends (issue 43's target: chat
// p99 within 1.2x during a fan-out). Pushes have seconds to spare; a send has milliseconds.
const PUSH_THREAD_NICE = 10;
try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(threadId)) setPriority(threadId, PUSH_THREAD_NICE);
} catch {
  // Not Linux, or not allowed: the thread runs at the process's priority.
}

/**
 * One push: `{ id, target: { endpoint, p256dh, auth }, payload, authorization, ttlSeconds,
 * urgency, topic, timeoutMs }` in; `{ id, outcome, status?, error? }` out, where outcome is
 * 'delivered', 'gone' (404/410, or keys the library cannot use) or 'failed'.
 */
async function post(push) {
  try {
    const request = webpush.generateRequestDetails(
      {
        endpoint: push.target.endpoint,
        keys: { p256dh: push.target.p256dh, auth: push.target.auth },
      },
      push.payload,
      {
        headers: { Authorization: push.authorization },
        TTL: push.ttlSeconds,
        urgency: push.urgency,
        ...(push.topic ? { topic: push.topic } : {}),
        contentEncoding: 'aes128gcm',
      },
    );
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      // fetch sets the length of the body itself.
      if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
    }
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: new Uint8Array(request.body),
      redirect: 'error',
      signal: AbortSignal.timeout(push.timeoutMs),
    });
    // Nothing of the answer is needed; reading it frees the connection for the next push.
    await response.arrayBuffer().catch(() => undefined);
    if (response.ok) return { outcome: 'delivered' };
    if (response.status === 404 || response.status === 410) return { outcome: 'gone' };
    return { outcome: 'failed', status: response.status };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A subscription whose keys the library cannot use never will: treat it as gone.
    const unusableKeys = /p256dh|auth|public key|keys/i.test(message);
    return { outcome: unusableKeys ? 'gone' : 'failed', error: message };
  }
}

port.on('message', (push) => {
  void post(push).then((result) => port.postMessage({ id: push.id, ...result }));
});
