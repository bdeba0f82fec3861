import type { WebSocket } from 'ws';
import type { AppError } from '../errors/app-error';
import { StompOutbox } from './stomp-outbox';
import { encodeMessage, type EncodedBody, type StompFrame } from './stomp-frames';

/**
 * The frames a session writes (MESSAGE, RECEIPT, ERROR, CONNECTED), through its outbox: what one
 * run of code writes leaves as one WebSocket message (see StompOutbox).
 */
export class StompWriter {
  private readonly outbox: StompOutbox;
  /** Numbers the MESSAGE frames of events that carry no event-log id. */
  private messageCounter = 0;

  constructor(socket: WebSocket) {
    this.outbox = new StompOutbox(socket);
  }

  write(frame: StompFrame | string): void {
    this.outbox.write(frame);
  }

  /** The answer to CONNECT: the user it is for, the heart-beats we offer. */
  connected(userId: number, heartbeat: string): void {
    this.write({
      command: 'CONNECTED',
      headers: {
        version: '1.2',
        'heart-beat': heartbeat,
        server: 'teamup',
        'user-name': String(userId),
      },
      body: '',
    });
  }

  /** An ERROR frame (matched by `receipt-id` to a frame that asked for a receipt). */
  error(message: string, detail = '', receipt?: string, extra: Record<string, string> = {}): void {
    this.write({
      command: 'ERROR',
      headers: {
        message,
        'content-type': 'text/plain',
        ...(receipt ? { 'receipt-id': receipt } : {}),
        ...extra,
      },
      body: detail,
    });
  }

  /** The RECEIPT a frame asked for, when it asked. */
  receipt(frame: StompFrame): void {
    const id = frame.headers['receipt'];
    if (id !== undefined)
      this.write({ command: 'RECEIPT', headers: { 'receipt-id': id }, body: '' });
  }

  /** A MESSAGE of a subscription; numbered here unless it is a logged event (`eventId`). */
  message(subscription: string, destination: string, body: EncodedBody, eventId?: number): void {
    this.messageCounter += 1;
    this.write(
      encodeMessage(
        {
          subscription,
          'message-id': String(eventId ?? `m${this.messageCounter}`),
          destination,
          'content-type': 'application/json',
        },
        body,
      ),
    );
  }

  /** Sends what is still queued (an ERROR's reason, a DISCONNECT's receipt), then closes. */
  close(code: number, reason: string): void {
    this.outbox.close(code, reason);
  }
}

/**
 * The ERROR headers of a frame refused for a reason the client may act on: the problem code (and
 * when to try again), as an HTTP problem would carry them.
 */
export function problemHeaders(error: AppError): Record<string, string> {
  const retryAfter = error.extra.retryAfterSeconds;
  return {
    code: error.code,
    ...(retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) }),
  };
}
