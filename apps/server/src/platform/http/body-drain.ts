import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * How much of a request body the server still reads, and throws away, after it has answered
 * before the body was all there (413, 401, 429, a refused upload). Past either bound the
 * connection is closed: a body that never ends, or trickles, cannot hold a socket for long.
 */
export const BodyDrain = {
  maxBytes: 64 * 1024 * 1024,
  /** From the answer on, whatever the pace. */
  maxMs: 30_000,
  /** No byte for this long: the client stopped sending (and did not close). */
  idleMs: 5_000,
} as const;

/**
 * An answer sent while the request body is still arriving (Fastify's 413 for a body over
 * bodyLimit is sent before reading it; an upload is refused at its file limit) used to go with
 * `Connection: close`, and Node then closed the socket at once: the client, still writing, got a
 * reset, and the reset threw away the answer waiting in its receive buffer. A client that writes
 * all before it reads never saw the 413.
 *
 * Instead the rest of the body is read and discarded, within BodyDrain's bounds; the answer
 * leaves as a keep-alive one, so Node neither closes the socket under the client nor mistakes
 * the body's bytes for a next request (it keeps the request's framing). Past a bound the socket
 * is destroyed: a client that sends that much after being refused gets what it asked for.
 */
export function registerBodyDrain(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    // `complete` is Node's own flag (injected requests have none): the body has all arrived.
    if (raw.complete !== false || raw.readableEnded) return payload;
    if (String(reply.getHeader('connection') ?? '').toLowerCase() === 'close') {
      reply.removeHeader('connection');
    }
    drain(raw);
    return payload;
  });
}

function drain(raw: IncomingMessage) {
  const socket = raw.socket;
  let read = 0;
  let idle: NodeJS.Timeout | undefined;
  const stop = () => {
    clearTimeout(total);
    clearTimeout(idle);
    raw.off('data', onData);
    raw.off('end', stop);
    socket.off('close', stop);
  };
  const cut = () => {
    stop();
    socket.destroy();
  };
  const total = setTimeout(cut, BodyDrain.maxMs);
  // Counted on the request: Node's parser reads the socket's handle itself (no socket events).
  const onData = (chunk: Buffer) => {
    read += chunk.length;
    if (read > BodyDrain.maxBytes) {
      cut();
      return;
    }
    clearTimeout(idle);
    idle = setTimeout(cut, BodyDrain.idleMs);
  };
  idle = setTimeout(cut, BodyDrain.idleMs);
  raw.on('data', onData);
  raw.once('end', stop);
  socket.once('close', stop);
  // The answer is on its way: nothing reads the body any more. An upload's parser refused at its
  // file limit stalls (its file stream is gone) and, piped, holds the request paused, and a paused
  // request stops Node reading the socket: it is cut off, and the rest flows to the bin.
  raw.unpipe();
  raw.resume();
}
