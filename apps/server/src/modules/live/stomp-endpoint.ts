import type { WebSocket } from 'ws';
import { Topics } from '@teamup/contracts/events';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors/app-error';
import {
  encodeFrame,
  FrameReader,
  negotiateHeartbeat,
  StompProtocolError,
  type StompFrame,
} from '../../platform/stomp/frames';
import { isRoomMember, sendMessage } from '../chat/chat.service';

/** What we offer: send and expect heart-beats every 10 s (spec 02 section 9). */
const SERVER_HEARTBEAT: [number, number] = [10_000, 10_000];
const CONNECT_TIMEOUT_MS = 10_000;
const MAX_SUBSCRIPTIONS = 100;

/**
 * A destination a client may subscribe to, with the bus topic behind it and who may listen.
 * Chat rooms: `/topic/chat-rooms/{roomId}` (room members). The meeting destinations of the video
 * issue plug in here.
 */
type Route = { topic: string; allowed: (userId: number) => Promise<boolean> };

function routeOf(ctx: AppContext, destination: string): Route | undefined {
  const room = /^\/topic\/chat-rooms\/(\d+)$/.exec(destination);
  if (room) {
    const roomId = Number(room[1]);
    return {
      topic: Topics.chatRoom(roomId),
      allowed: (userId) => isRoomMember(ctx, roomId, userId),
    };
  }
  return undefined;
}

/** `/app/chat-rooms/{roomId}/messages` with a JSON body `{content}`: sends a chat message. */
function sendTargetOf(destination: string) {
  const match = /^\/app\/workspaces\/(\d+)\/chat-rooms\/(\d+)\/messages$/.exec(destination);
  return match ? { workspaceId: Number(match[1]), roomId: Number(match[2]) } : undefined;
}

/**
 * One STOMP 1.2 session over a WebSocket, for an already authenticated user: CONNECT with
 * heart-beat negotiation, SUBSCRIBE/UNSUBSCRIBE checked per destination, SEND, receipts, and an
 * ERROR frame (then close) for anything malformed, oversize or not allowed.
 */
export function serveStomp(ctx: AppContext, socket: WebSocket, userId: number) {
  const reader = new FrameReader();
  const subscriptions = new Map<string, () => Promise<void>>();
  let connected = false;
  let closed = false;
  let lastHeard = Date.now();
  let sendTimer: NodeJS.Timeout | undefined;
  let checkTimer: NodeJS.Timeout | undefined;
  let messageCounter = 0;

  const write = (frame: StompFrame) => {
    if (socket.readyState === socket.OPEN) socket.send(encodeFrame(frame));
  };
  const shutdown = async () => {
    if (closed) return;
    closed = true;
    clearTimeout(connectTimer);
    clearInterval(sendTimer);
    clearInterval(checkTimer);
    for (const stop of subscriptions.values()) await stop();
    subscriptions.clear();
  };
  const fail = (message: string, detail = '', receipt?: string) => {
    write({
      command: 'ERROR',
      headers: {
        message,
        'content-type': 'text/plain',
        ...(receipt ? { 'receipt-id': receipt } : {}),
      },
      body: detail,
    });
    void shutdown();
    socket.close(1002, 'STOMP error');
  };
  const receipt = (frame: StompFrame) => {
    const id = frame.headers['receipt'];
    if (id !== undefined) write({ command: 'RECEIPT', headers: { 'receipt-id': id }, body: '' });
  };

  const connectTimer = setTimeout(() => {
    if (!connected) fail('CONNECT expected', 'no CONNECT frame within 10 s');
  }, CONNECT_TIMEOUT_MS);

  const onConnect = (frame: StompFrame) => {
    const versions = (frame.headers['accept-version'] ?? '1.2').split(',');
    if (!versions.includes('1.2')) {
      fail('unsupported version', 'only STOMP 1.2 is spoken here');
      return;
    }
    connected = true;
    clearTimeout(connectTimer);
    const beat = negotiateHeartbeat(frame.headers['heart-beat'], SERVER_HEARTBEAT);
    write({
      command: 'CONNECTED',
      headers: {
        version: '1.2',
        'heart-beat': `${SERVER_HEARTBEAT[0]},${SERVER_HEARTBEAT[1]}`,
        server: 'teamup',
        'user-name': String(userId),
      },
      body: '',
    });
    if (beat.sendEveryMs > 0) {
      sendTimer = setInterval(() => {
        if (socket.readyState === socket.OPEN) socket.send('\n');
      }, beat.sendEveryMs);
    }
    if (beat.expectEveryMs > 0) {
      // Some slack for network delay, as the STOMP spec suggests.
      const tolerance = beat.expectEveryMs * 2;
      checkTimer = setInterval(() => {
        if (Date.now() - lastHeard > tolerance) {
          void shutdown();
          socket.terminate();
        }
      }, beat.expectEveryMs);
    }
  };

  const onSubscribe = async (frame: StompFrame) => {
    const id = frame.headers['id'];
    const destination = frame.headers['destination'];
    if (!id || !destination) {
      fail('SUBSCRIBE needs id and destination', '', frame.headers['receipt']);
      return;
    }
    if (subscriptions.has(id)) {
      fail('subscription id already in use', id, frame.headers['receipt']);
      return;
    }
    if (subscriptions.size >= MAX_SUBSCRIPTIONS) {
      fail('too many subscriptions', '', frame.headers['receipt']);
      return;
    }
    const route = routeOf(ctx, destination);
    if (!route || !(await route.allowed(userId))) {
      fail('access denied', `not allowed to subscribe to ${destination}`, frame.headers['receipt']);
      return;
    }
    subscriptions.set(id, async () => undefined);
    const stop = await ctx.bus.subscribe(route.topic, (event) => {
      messageCounter += 1;
      const { eventId, ...payload } = event as { eventId?: number } & Record<string, unknown>;
      write({
        command: 'MESSAGE',
        headers: {
          subscription: id,
          'message-id': String(eventId ?? `m${messageCounter}`),
          destination,
          'content-type': 'application/json',
        },
        body: JSON.stringify(payload),
      });
    });
    if (closed || !subscriptions.has(id)) {
      await stop();
      return;
    }
    subscriptions.set(id, stop);
    receipt(frame);
  };

  const onSend = async (frame: StompFrame) => {
    const destination = frame.headers['destination'] ?? '';
    const target = sendTargetOf(destination);
    if (!target) {
      fail('unknown destination', destination, frame.headers['receipt']);
      return;
    }
    let content: unknown;
    try {
      content = (JSON.parse(frame.body) as { content?: unknown }).content;
    } catch {
      fail('body must be JSON', '', frame.headers['receipt']);
      return;
    }
    if (typeof content !== 'string' || content.trim() === '') {
      fail('content required', '', frame.headers['receipt']);
      return;
    }
    try {
      await sendMessage(ctx, userId, target.workspaceId, target.roomId, content);
    } catch (error) {
      const detail = error instanceof AppError ? error.detail : 'failed';
      fail('send refused', detail, frame.headers['receipt']);
      return;
    }
    receipt(frame);
  };

  const handle = async (frame: StompFrame) => {
    if (!connected) {
      if (frame.command === 'CONNECT' || frame.command === 'STOMP') onConnect(frame);
      else fail('CONNECT expected');
      return;
    }
    switch (frame.command) {
      case 'SUBSCRIBE':
        await onSubscribe(frame);
        return;
      case 'UNSUBSCRIBE': {
        const id = frame.headers['id'] ?? '';
        const stop = subscriptions.get(id);
        subscriptions.delete(id);
        await stop?.();
        receipt(frame);
        return;
      }
      case 'SEND':
        await onSend(frame);
        return;
      case 'DISCONNECT':
        receipt(frame);
        await shutdown();
        socket.close(1000, 'bye');
        return;
      default:
        fail(`${frame.command} is not supported`, '', frame.headers['receipt']);
    }
  };

  // Frames are handled one after another, in the order they arrived.
  let queue = Promise.resolve();
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    lastHeard = Date.now();
    if (closed) return;
    let frames: StompFrame[];
    try {
      frames = reader.push(isBinary ? data : Buffer.from(data)).frames;
    } catch (error) {
      fail(error instanceof StompProtocolError ? error.message : 'malformed frame');
      return;
    }
    for (const frame of frames) queue = queue.then(() => (closed ? undefined : handle(frame)));
  });
  socket.on('close', () => void shutdown());
  socket.on('error', () => void shutdown());
}
