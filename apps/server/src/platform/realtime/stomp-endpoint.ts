import type { WebSocket } from 'ws';
import { idSchema } from '@teamup/contracts/common';
import type { AppContext } from '../../context';
import { AppError, serviceUnavailable, tooManyRequests } from '../errors/app-error';
import { unavailabilityOf } from '../errors/unavailable';
import { assertAcceptableText } from '../http/validation';
import { liveMetrics } from '../observability/live-metrics';
import type { LimitResult } from '../rate-limit/limiter';
import { armDeadline, type LiveAccess, type LiveEndReason, type LiveLink } from './live-access';
import { StompOutbox } from './stomp-outbox';
import {
  bodyOfEvent,
  encodeBody,
  encodeMessage,
  type EncodedBody,
  FrameReader,
  negotiateHeartbeat,
  StompProtocolError,
  type StompFrame,
} from './stomp-frames';

/** What we offer: send and expect heart-beats every 10 s (spec 02 section 9). */
const SERVER_HEARTBEAT: [number, number] = [10_000, 10_000];
const CONNECT_TIMEOUT_MS = 10_000;
const MAX_SUBSCRIPTIONS = 100;
/**
 * SEND here with `{"token": "<fresh access token>"}` to keep the socket past the expiry of the
 * token it was opened with (same user, same login session); otherwise it ends at that expiry.
 */
export const REAUTH_DESTINATION = '/app/auth';

/** A destination a client may subscribe to: the bus topic behind it and who may listen. */
export type SubscribeRoute = {
  topic: string;
  allowed: () => Promise<boolean>;
  /**
   * Runs once the subscription is in place, with a way to write to this subscriber alone (a
   * history on entry). May answer a clean-up run when the subscription ends (presence).
   */
  opened?: (deliver: (payload: unknown) => void) => Promise<(() => void) | void>;
  /** True for an event after which this subscriber may no longer listen (sent out of a meeting). */
  endsAfter?: (payload: Record<string, unknown>) => boolean;
  /** False for an event of the topic that is not for this subscriber (someone else sent out). */
  isFor?: (payload: Record<string, unknown>) => boolean;
};

/** What a SEND to a destination does; a thrown AppError becomes an ERROR frame with its text. */
export type SendHandler = (body: unknown) => Promise<void>;

/** One session's view of itself, for the destinations it uses. */
export type StompSession = {
  userId: number;
  /** Writes to this session's subscriptions of `destination` only (an answer to a request). */
  deliver: (destination: string, payload: unknown) => void;
};

/** A module's STOMP destinations (chat rooms, meetings), contributed through `LiveContribution`. */
export type StompDestinations = {
  subscription: (destination: string, session: StompSession) => SubscribeRoute | undefined;
  send: (destination: string, session: StompSession) => SendHandler | undefined;
  /** Ends what the destinations keep running (meeting presence), when the app closes. */
  stop?: () => Promise<void>;
};

/** The ids a destination pattern captured, each a valid id, or none at all. */
export function destinationIds(match: RegExpExecArray | null): number[] {
  if (!match) return [];
  const ids = match.slice(1).map((raw) => idSchema.safeParse(raw));
  return ids.every((id) => id.success) ? ids.map((id) => id.data) : [];
}

/** Who the socket is for (`/ws?token=`, or the token in CONNECT), and how long that lasts. */
export type StompAuth = {
  userId: number;
  sessionId: number;
  /** When the socket ends unless re-authenticated (epoch ms); null for never. */
  deadline: number | null;
  /** Checks a fresh access token sent on the socket: its deadline, or null if not good here. */
  renew: (token: string) => Promise<number | null>;
};

/** Checks an access token sent in the CONNECT frame: who it is for, or null if not good here. */
export type StompLogin = (token: string) => Promise<StompAuth | null>;

/** Counts one request of the user against their request budget (the one HTTP spends from). */
export type StompSpend = (userId: number) => Promise<LimitResult>;

/**
 * The frames that make the server work, each one request of the account's budget as an HTTP
 * call is: every SEND (chat, reactions, edits, read marks, typing, meeting chat and signals,
 * presence, re-authentication) and every SUBSCRIBE (an access check, a meeting's history).
 */
const SPENDING_COMMANDS: ReadonlySet<string> = new Set(['SEND', 'SUBSCRIBE']);

/**
 * The access token a CONNECT (or STOMP) frame carries: `Authorization: Bearer <token>`, or the
 * standard `passcode` header (what STOMP clients fill in from a login/passcode pair).
 */
export function connectTokenOf(frame: StompFrame): string | null {
  const header = frame.headers['Authorization'] ?? frame.headers['authorization'];
  const bearer = header === undefined ? undefined : /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  const token = bearer ?? frame.headers['passcode'];
  return token ? token : null;
}

type Subscription = { destination: string; route?: SubscribeRoute; stop: () => Promise<void> };

/**
 * One STOMP 1.2 session over a WebSocket: CONNECT with the user already known from `/ws?token=`
 * (`opened`) or with an access token in its headers (`login`; none, or a bad one, is an ERROR and
 * a close), heart-beat negotiation, SUBSCRIBE/UNSUBSCRIBE checked per destination, SEND,
 * receipts, and an ERROR frame (then close) for anything malformed, oversize or not allowed. A
 * SEND or SUBSCRIBE past the account's request budget (`spend`) is refused the same way, with
 * the `RATE_LIMITED` code, before anything runs.
 *
 * Registered in the live-access registry: when the user's memberships shrink every subscription
 * is checked again and the ones no longer allowed end; when the login session ends, or the access
 * token expires without a re-authentication (`/app/auth`), the socket gets an ERROR and closes.
 */
export function serveStomp(
  ctx: AppContext,
  socket: WebSocket,
  opened: StompAuth | null,
  destinationSets: readonly StompDestinations[],
  access: LiveAccess,
  spend: StompSpend,
  login: StompLogin = async () => null,
) {
  /** Null until the CONNECT frame's token is accepted, when the URL carried none. */
  let auth = opened;
  const userIdOf = () => auth?.userId ?? 0;
  const reader = new FrameReader();
  const subscriptions = new Map<string, Subscription>();
  let connected = false;
  let closed = false;
  let lastHeard = Date.now();
  let sendTimer: NodeJS.Timeout | undefined;
  let checkTimer: NodeJS.Timeout | undefined;
  let messageCounter = 0;
  liveMetrics.stompSockets.inc();

  const outbox = new StompOutbox(socket);
  const write = (frame: StompFrame | string) => outbox.write(frame);
  const closeSocket = (code: number, reason: string) => outbox.close(code, reason);
  const shutdown = async () => {
    if (closed) return;
    closed = true;
    liveMetrics.stompSockets.dec();
    unregister();
    unhold();
    disarm();
    clearTimeout(connectTimer);
    clearInterval(sendTimer);
    clearInterval(checkTimer);
    for (const { stop } of subscriptions.values()) await stop();
    subscriptions.clear();
  };
  const fail = (
    message: string,
    detail = '',
    receipt?: string,
    extra: Record<string, string> = {},
  ) => {
    write({
      command: 'ERROR',
      headers: {
        message,
        'content-type': 'text/plain',
        ...(receipt ? { 'receipt-id': receipt } : {}),
        ...extra,
      },
      body: detail,
    });
    void shutdown();
    closeSocket(1002, 'STOMP error');
  };
  /**
   * A frame refused for a reason the client may act on: ERROR (matched to the frame by
   * `receipt-id` when it asked for a receipt) with the Korean text as its body and the problem
   * code, as an HTTP problem would carry them.
   */
  const refuse = (frame: StompFrame, message: string, error: AppError) => {
    const retryAfter = error.extra.retryAfterSeconds;
    fail(message, error.detail, frame.headers['receipt'], {
      code: error.code,
      ...(retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) }),
    });
  };
  /** Counts the frame against the account's budget; false (and refused) once it is spent. */
  const withinBudget = async (frame: StompFrame): Promise<boolean> => {
    let spent: LimitResult;
    try {
      spent = await spend(userIdOf());
    } catch (error) {
      // The count lives in Redis when there is one: unreadable, the frame is refused as an HTTP
      // call would be, not let through uncounted.
      ctx.logger.warn({ err: error }, 'request budget unreadable: STOMP frame refused');
      if (!closed) {
        refuse(frame, 'unavailable', serviceUnavailable());
      }
      return false;
    }
    if (closed) return false;
    if (spent.allowed) return true;
    liveMetrics.stompRateLimited.inc();
    refuse(frame, 'rate limited', tooManyRequests(spent.retryAfterSeconds));
    return false;
  };
  /** The right to listen ended: say why, then close (a client reconnects with a new token). */
  const end = (reason: LiveEndReason) => {
    if (closed) return;
    const message = reason === 'TOKEN_EXPIRED' ? 'token expired' : 'session ended';
    write({ command: 'ERROR', headers: { message, 'content-type': 'text/plain' }, body: reason });
    void shutdown();
    closeSocket(1008, message);
  };
  let disarm = () => undefined as void;
  const receipt = (frame: StompFrame) => {
    const id = frame.headers['receipt'];
    if (id !== undefined) write({ command: 'RECEIPT', headers: { 'receipt-id': id }, body: '' });
  };

  const writeMessage = (
    subscription: string,
    destination: string,
    body: EncodedBody,
    eventId?: number,
  ) => {
    messageCounter += 1;
    write(
      encodeMessage(
        {
          subscription,
          'message-id': String(eventId ?? `m${messageCounter}`),
          destination,
          'content-type': 'application/json',
        },
        body,
      ),
    );
  };
  const session: StompSession = {
    get userId() {
      return userIdOf();
    },
    deliver(destination, payload) {
      for (const [id, subscription] of subscriptions) {
        if (subscription.destination === destination) {
          writeMessage(id, destination, encodeBody(payload));
        }
      }
    },
  };
  const firstOf = <T>(pick: (set: StompDestinations) => T | undefined): T | undefined => {
    for (const set of destinationSets) {
      const found = pick(set);
      if (found) return found;
    }
    return undefined;
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
        'user-name': String(userIdOf()),
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

  const endSubscription = async (id: string) => {
    const subscription = subscriptions.get(id);
    subscriptions.delete(id);
    await subscription?.stop();
  };

  /**
   * While re-checks run, events of the bus wait here; afterwards only those of subscriptions
   * still in place go out, so an event right after a removal never slips through.
   */
  let paused: Array<() => void> | null = null;
  let rechecking = 0;

  /** Ends the subscriptions whose destination this user may no longer hear. */
  const recheck = async () => {
    for (const [id, subscription] of [...subscriptions]) {
      if (closed) return;
      const route = subscription.route;
      if (route && subscriptions.get(id) === subscription && !(await route.allowed())) {
        await endSubscription(id);
      }
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
    const route = firstOf((set) => set.subscription(destination, session));
    if (!route || !(await route.allowed())) {
      fail('access denied', `not allowed to subscribe to ${destination}`, frame.headers['receipt']);
      return;
    }
    subscriptions.set(id, { destination, route, stop: async () => undefined });
    const receive = (event: unknown) => {
      if (closed || !subscriptions.has(id)) return;
      const logged = event as { eventId?: number } & Record<string, unknown>;
      const { eventId, ...payload } = logged;
      if (route.isFor?.(payload) !== false) {
        writeMessage(id, destination, bodyOfEvent(logged), eventId);
      }
      if (route.endsAfter?.(payload)) void endSubscription(id);
    };
    const stopListening = await ctx.bus.subscribe(route.topic, (event) => {
      if (paused) paused.push(() => receive(event));
      else receive(event);
    });
    if (closed || !subscriptions.has(id)) {
      await stopListening();
      return;
    }
    const cleanUp = await route.opened?.((payload) =>
      writeMessage(id, destination, encodeBody(payload)),
    );
    const stop = async () => {
      cleanUp?.();
      await stopListening();
    };
    if (closed || !subscriptions.has(id)) {
      await stop();
      return;
    }
    subscriptions.set(id, { destination, route, stop });
    receipt(frame);
  };

  /** `/app/auth`: a fresh access token of the same session moves the socket's deadline. */
  const onReauth = async (frame: StompFrame) => {
    let token: unknown;
    try {
      token = (JSON.parse(frame.body) as { token?: unknown } | null)?.token;
    } catch {
      token = undefined;
    }
    const deadline = typeof token === 'string' && token && auth ? await auth.renew(token) : null;
    if (closed) return;
    if (deadline === null) {
      fail(
        're-authentication refused',
        'not a valid token of this session',
        frame.headers['receipt'],
      );
      return;
    }
    disarm();
    disarm = armDeadline(deadline, () => end('TOKEN_EXPIRED'));
    receipt(frame);
  };

  const onSend = async (frame: StompFrame) => {
    const destination = frame.headers['destination'] ?? '';
    if (destination === REAUTH_DESTINATION) {
      await onReauth(frame);
      return;
    }
    const handler = firstOf((set) => set.send(destination, session));
    if (!handler) {
      fail('unknown destination', destination, frame.headers['receipt']);
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(frame.body);
    } catch {
      fail('body must be JSON', '', frame.headers['receipt']);
      return;
    }
    try {
      // The same text rule as every HTTP body: a NUL is refused before any handler runs.
      assertAcceptableText(body);
      await handler(body);
    } catch (error) {
      if (error instanceof AppError) {
        refuse(frame, 'send refused', error);
        return;
      }
      const unavailable = unavailabilityOf(error);
      if (unavailable !== undefined) {
        // As an HTTP call would be answered (0031): the client may send it again shortly.
        ctx.logger.warn({ cause: unavailable }, 'STOMP send refused: a dependency is unavailable');
        refuse(frame, 'unavailable', serviceUnavailable());
        return;
      }
      ctx.logger.error({ err: error }, 'STOMP send failed');
      fail('send refused', 'failed', frame.headers['receipt']);
      return;
    }
    receipt(frame);
  };

  const handle = async (frame: StompFrame) => {
    if (!connected) {
      if (frame.command !== 'CONNECT' && frame.command !== 'STOMP') fail('CONNECT expected');
      else if (auth !== null || (await logIn(frame))) onConnect(frame);
      return;
    }
    // The one place every SEND and SUBSCRIBE passes: counted before any destination sees it.
    if (SPENDING_COMMANDS.has(frame.command) && !(await withinBudget(frame))) return;
    switch (frame.command) {
      case 'SUBSCRIBE':
        await onSubscribe(frame);
        return;
      case 'UNSUBSCRIBE': {
        await endSubscription(frame.headers['id'] ?? '');
        receipt(frame);
        return;
      }
      case 'SEND':
        await onSend(frame);
        return;
      case 'DISCONNECT':
        receipt(frame);
        await shutdown();
        closeSocket(1000, 'bye');
        return;
      default:
        fail(`${frame.command} is not supported`, '', frame.headers['receipt']);
    }
  };

  // Frames are handled one after another, in the order they arrived; a re-check of access waits
  // its turn too, so a SUBSCRIBE in progress is checked again once it is in place.
  let queue = Promise.resolve();
  let unregister = () => undefined as void;
  let unhold = () => undefined as void;
  /** From here on the socket belongs to `granted`: its session's end and its token's expiry. */
  const begin = (granted: StompAuth) => {
    auth = granted;
    unregister = access.add(linkOf(granted));
    // An open socket keeps its user online (decision 0021).
    unhold = ctx.presence.hold(granted.userId);
    disarm = armDeadline(granted.deadline, () => end('TOKEN_EXPIRED'));
  };
  /** The CONNECT frame's token, when the URL had none: without a good one, ERROR and close. */
  const logIn = async (frame: StompFrame): Promise<boolean> => {
    const token = connectTokenOf(frame);
    const granted = token === null ? null : await login(token).catch(() => null);
    if (closed) return false;
    if (granted === null) {
      fail(
        'unauthorized',
        'an access token is required: Authorization: Bearer <token> or passcode in CONNECT',
      );
      return false;
    }
    begin(granted);
    return true;
  };
  const linkOf = (granted: StompAuth): LiveLink => ({
    userId: granted.userId,
    sessionId: granted.sessionId,
    hears: (topic) => [...subscriptions.values()].some((s) => s.route?.topic === topic),
    recheck: async () => {
      paused ??= [];
      rechecking += 1;
      const run = queue.then(() => (closed ? undefined : recheck()));
      queue = run.catch(() => undefined);
      try {
        await run;
      } finally {
        rechecking -= 1;
        if (rechecking === 0) {
          const waiting = paused ?? [];
          paused = null;
          for (const receive of waiting) receive();
        }
      }
    },
    end,
  });
  if (auth !== null) begin(auth);
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
