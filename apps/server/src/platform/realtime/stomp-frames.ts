/** One STOMP 1.2 frame. Header names and values are already unescaped. */
export type StompFrame = {
  command: string;
  headers: Record<string, string>;
  body: string;
};

export class StompProtocolError extends Error {}

export const StompLimits = {
  /** A whole frame, headers and body. */
  maxFrameBytes: 64 * 1024,
  maxHeaders: 32,
  maxHeaderLineBytes: 2048,
} as const;

const CLIENT_COMMANDS = new Set([
  'CONNECT',
  'STOMP',
  'SEND',
  'SUBSCRIBE',
  'UNSUBSCRIBE',
  'ACK',
  'NACK',
  'BEGIN',
  'COMMIT',
  'ABORT',
  'DISCONNECT',
]);

/** CONNECT and CONNECTED headers are never escaped (STOMP 1.2 "Value Encoding"). */
const unescaped = (command: string) => command === 'CONNECT' || command === 'CONNECTED';

function unescapeHeader(value: string): string {
  return value.replace(/\\(.)/g, (_, code: string) => {
    switch (code) {
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 'c':
        return ':';
      case '\\':
        return '\\';
      default:
        throw new StompProtocolError(`undefined escape sequence \\${code}`);
    }
  });
}

function escapeHeader(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/\r/g, '\\r')
    .replace(/\n/g, '\\n')
    .replace(/:/g, '\\c');
}

/** A frame's body with its length in bytes (the content-length header), worked out once. */
export type EncodedBody = { text: string; bytes: number };

export const encodeBody = (payload: unknown): EncodedBody => {
  const text = JSON.stringify(payload);
  return { text, bytes: Buffer.byteLength(text) };
};

function encodeWithBody(command: string, frameHeaders: Record<string, string>, body: EncodedBody) {
  const escape = unescaped(command) ? (value: string) => value : escapeHeader;
  const headers = Object.entries(frameHeaders).map(
    ([name, value]) => `${escape(name)}:${escape(value)}`,
  );
  if (body.text) headers.push(`content-length:${body.bytes}`);
  return `${command}\n${headers.join('\n')}\n\n${body.text}\0`;
}

/** Serialises a server frame (CONNECTED, MESSAGE, RECEIPT, ERROR). */
export function encodeFrame(frame: StompFrame): string {
  return encodeWithBody(frame.command, frame.headers, {
    text: frame.body,
    bytes: Buffer.byteLength(frame.body),
  });
}

/** A MESSAGE frame around a body already encoded (the same for every subscriber). */
export function encodeMessage(headers: Record<string, string>, body: EncodedBody): string {
  return encodeWithBody('MESSAGE', headers, body);
}

const bodies = new WeakMap<object, EncodedBody>();

/**
 * The MESSAGE body of a bus event (its fields but the log id), built once: every subscriber of a
 * topic gets the same event object from the bus, so an event to 1,000 sockets is serialised once.
 */
export function bodyOfEvent(event: { eventId?: number } & Record<string, unknown>): EncodedBody {
  let body = bodies.get(event);
  if (body === undefined) {
    const { eventId: _logId, ...payload } = event;
    body = encodeBody(payload);
    bodies.set(event, body);
  }
  return body;
}

/**
 * Reads client frames from WebSocket messages. A frame may span several messages (clients
 * split frames into chunks) and one message may hold several frames or heart-beat EOLs.
 */
export class FrameReader {
  private buffer = Buffer.alloc(0);

  /** Adds received bytes; answers the frames now complete and whether heart-beats came. */
  push(chunk: Buffer): { frames: StompFrame[]; heartbeat: boolean } {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    const frames: StompFrame[] = [];
    let heartbeat = false;
    for (;;) {
      // EOLs between frames are heart-beats.
      let start = 0;
      while (
        start < this.buffer.length &&
        (this.buffer[start] === 0x0a || this.buffer[start] === 0x0d)
      ) {
        start += 1;
      }
      if (start > 0) {
        heartbeat = true;
        this.buffer = this.buffer.subarray(start);
      }
      if (this.buffer.length === 0) break;
      const frame = this.next();
      if (!frame) break;
      frames.push(frame);
    }
    if (this.buffer.length > StompLimits.maxFrameBytes) {
      throw new StompProtocolError('frame too large');
    }
    return { frames, heartbeat };
  }

  /** One complete frame off the front of the buffer, or undefined while incomplete. */
  private next(): StompFrame | undefined {
    const headerEnd = this.findHeaderEnd();
    if (headerEnd === undefined) {
      if (this.buffer.length > StompLimits.maxHeaders * StompLimits.maxHeaderLineBytes) {
        throw new StompProtocolError('headers too large');
      }
      return undefined;
    }
    const lines = this.buffer
      .subarray(0, headerEnd.index)
      .toString('utf8')
      .split('\n')
      .map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
    const command = lines.shift() ?? '';
    if (!CLIENT_COMMANDS.has(command)) throw new StompProtocolError(`unknown command ${command}`);
    if (lines.length > StompLimits.maxHeaders) throw new StompProtocolError('too many headers');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      if (Buffer.byteLength(line) > StompLimits.maxHeaderLineBytes) {
        throw new StompProtocolError('header line too long');
      }
      const colon = line.indexOf(':');
      if (colon <= 0) throw new StompProtocolError('malformed header');
      const decode = unescaped(command) ? (value: string) => value : unescapeHeader;
      const name = decode(line.slice(0, colon));
      // The first occurrence of a repeated header wins (STOMP 1.2).
      if (!(name in headers)) headers[name] = decode(line.slice(colon + 1));
    }
    const bodyStart = headerEnd.index + headerEnd.length;
    const declared = headers['content-length'];
    let bodyEnd: number;
    if (declared !== undefined) {
      const length = Number(declared);
      if (!Number.isInteger(length) || length < 0) {
        throw new StompProtocolError('bad content-length');
      }
      if (length > StompLimits.maxFrameBytes) throw new StompProtocolError('body too large');
      if (this.buffer.length < bodyStart + length + 1) return undefined;
      bodyEnd = bodyStart + length;
      if (this.buffer[bodyEnd] !== 0) throw new StompProtocolError('frame not terminated');
    } else {
      const nul = this.buffer.indexOf(0, bodyStart);
      if (nul < 0) return undefined;
      bodyEnd = nul;
    }
    const body = this.buffer.subarray(bodyStart, bodyEnd).toString('utf8');
    this.buffer = this.buffer.subarray(bodyEnd + 1);
    return { command, headers, body };
  }

  private findHeaderEnd(): { index: number; length: number } | undefined {
    const lf = this.buffer.indexOf('\n\n');
    const crlf = this.buffer.indexOf('\r\n\r\n');
    if (lf < 0 && crlf < 0) return undefined;
    if (crlf >= 0 && (lf < 0 || crlf < lf)) return { index: crlf, length: 4 };
    return { index: lf, length: 2 };
  }
}

/**
 * Heart-beat negotiation (STOMP 1.2): the client offers `cx,cy`, we offer `sx,sy`. We send every
 * max(sx, cy) ms (0: never) and expect the client every max(cx, sy) ms (0: never).
 */
export function negotiateHeartbeat(clientHeader: string | undefined, server: [number, number]) {
  const [cx, cy] = (clientHeader ?? '0,0').split(',').map((part) => Number(part.trim()));
  const validCx = Number.isFinite(cx) && (cx ?? 0) >= 0 ? (cx ?? 0) : 0;
  const validCy = Number.isFinite(cy) && (cy ?? 0) >= 0 ? (cy ?? 0) : 0;
  const [sx, sy] = server;
  return {
    sendEveryMs: sx === 0 || validCy === 0 ? 0 : Math.max(sx, validCy),
    expectEveryMs: sy === 0 || validCx === 0 ? 0 : Math.max(validCx, sy),
  };
}
