import type { WebSocket } from 'ws';
import type { AppContext } from '../../context';
import type { AppError } from '../errors/app-error';
import { liveMetrics } from '../observability/live-metrics';
import type { LiveEndReason, LiveLink } from './live-access';
import { StompSessionAuth, type StompAuth, type StompLogin } from './stomp-auth';
import { firstServing, type StompDestinations, type StompSession } from './stomp-destinations';
import { FrameReader, StompProtocolError, type StompFrame } from './stomp-frames';
import {
  runSend,
  spendsBudget,
  withinBudget,
  type FrameRefusals,
  type StompSpend,
} from './stomp-inbound';
import { StompSubscriptions } from './stomp-subscriptions';
import { StompTimers } from './stomp-timers';
import { problemHeaders, StompWriter } from './stomp-writer';

/**
 * SEND here with `{"token": "<fresh access token>"}` to keep the socket past the expiry of the
 * token it was opened with (same user, same login session); otherwise it ends at that expiry.
 */
export const REAUTH_DESTINATION = '/app/auth';

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
 *
 * Its parts: stomp-auth.ts (who it is for, until when), stomp-subscriptions.ts (SUBSCRIBE,
 * UNSUBSCRIBE, re-checks), stomp-inbound.ts (the budget, SEND to a module's destination),
 * stomp-writer.ts (frames out), stomp-timers.ts (CONNECT's wait, heart-beats).
 */
export function serveStomp(
  ctx: AppContext,
  socket: WebSocket,
  opened: StompAuth | null,
  destinationSets: readonly StompDestinations[],
  spend: StompSpend,
  login: StompLogin = async () => null,
): void {
  new StompEndpointSession(ctx, socket, destinationSets, spend, login).start(opened);
}

/** The session itself: its frames in order, CONNECT, SEND's dispatch, its end. */
class StompEndpointSession {
  private connected = false;
  private closed = false;
  private readonly reader = new FrameReader();
  private readonly writer: StompWriter;
  private readonly timers: StompTimers;
  private readonly subscriptions: StompSubscriptions;
  private readonly auth: StompSessionAuth;
  private readonly refusals: FrameRefusals;
  /** What the modules' destinations see of this session. */
  private readonly session: StompSession;
  /**
   * Frames are handled one after another, in the order they arrived; a re-check of access waits
   * its turn too, so a SUBSCRIBE in progress is checked again once it is in place.
   */
  private queue = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    private readonly socket: WebSocket,
    private readonly destinationSets: readonly StompDestinations[],
    private readonly spend: StompSpend,
    login: StompLogin,
  ) {
    liveMetrics.stompSockets.inc();
    this.writer = new StompWriter(socket);
    this.timers = new StompTimers(socket);
    this.refusals = {
      fail: (message, detail, receipt) => this.fail(message, detail, receipt),
      refuse: (frame, message, error) => this.refuse(frame, message, error),
      isClosed: () => this.closed,
    };
    this.subscriptions = new StompSubscriptions({
      bus: ctx.bus,
      writer: this.writer,
      routeOf: (destination) =>
        firstServing(this.destinationSets, (set) => set.subscription(destination, this.session)),
      isClosed: () => this.closed,
      fail: this.refusals.fail,
    });
    this.auth = new StompSessionAuth({
      access: ctx.liveAccess,
      holdPresence: (userId) => ctx.presence.hold(userId),
      login,
      linkOf: (granted) => this.linkOf(granted),
      isClosed: () => this.closed,
      fail: this.refusals.fail,
      expired: () => this.end('TOKEN_EXPIRED'),
    });
    const { auth, subscriptions } = this;
    this.session = {
      get userId() {
        return auth.userId;
      },
      deliver: (destination, payload) => subscriptions.deliver(destination, payload),
    };
  }

  start(opened: StompAuth | null): void {
    this.timers.awaitConnect(() => {
      if (!this.connected) this.fail('CONNECT expected', 'no CONNECT frame within 10 s');
    });
    if (opened !== null) this.auth.begin(opened);
    this.socket.on('message', (data: Buffer, isBinary: boolean) => this.received(data, isBinary));
    this.socket.on('close', () => void this.shutdown());
    this.socket.on('error', () => void this.shutdown());
  }

  private received(data: Buffer, isBinary: boolean): void {
    this.timers.heard();
    if (this.closed) return;
    let frames: StompFrame[];
    try {
      frames = this.reader.push(isBinary ? data : Buffer.from(data)).frames;
    } catch (error) {
      this.fail(error instanceof StompProtocolError ? error.message : 'malformed frame');
      return;
    }
    for (const frame of frames) {
      this.queue = this.queue.then(() => (this.closed ? undefined : this.handle(frame)));
    }
  }

  private async handle(frame: StompFrame): Promise<void> {
    if (!this.connected) {
      if (frame.command !== 'CONNECT' && frame.command !== 'STOMP') this.fail('CONNECT expected');
      else if (this.auth.known || (await this.auth.logIn(frame))) this.onConnect(frame);
      return;
    }
    // The one place every SEND and SUBSCRIBE passes: counted before any destination sees it.
    if (spendsBudget(frame) && !(await this.withinBudget(frame))) return;
    switch (frame.command) {
      case 'SUBSCRIBE':
        await this.subscriptions.subscribe(frame);
        return;
      case 'UNSUBSCRIBE': {
        await this.subscriptions.end(frame.headers['id'] ?? '');
        this.writer.receipt(frame);
        return;
      }
      case 'SEND':
        await this.onSend(frame);
        return;
      case 'DISCONNECT':
        this.writer.receipt(frame);
        await this.shutdown();
        this.writer.close(1000, 'bye');
        return;
      default:
        this.fail(`${frame.command} is not supported`, '', frame.headers['receipt']);
    }
  }

  private withinBudget(frame: StompFrame): Promise<boolean> {
    const userId = this.auth.userId;
    return withinBudget(frame, () => this.spend(userId), this.refusals, this.ctx.logger);
  }

  private linkOf(granted: StompAuth): LiveLink {
    return {
      userId: granted.userId,
      sessionId: granted.sessionId,
      hears: (topic) => this.subscriptions.hears(topic),
      recheck: () =>
        this.subscriptions.holdingEvents(() => {
          const run = this.queue.then(() =>
            this.closed ? undefined : this.subscriptions.recheck(),
          );
          this.queue = run.catch(() => undefined);
          return run;
        }),
      end: (reason) => this.end(reason),
    };
  }

  private onConnect(frame: StompFrame): void {
    const versions = (frame.headers['accept-version'] ?? '1.2').split(',');
    if (!versions.includes('1.2')) {
      this.fail('unsupported version', 'only STOMP 1.2 is spoken here');
      return;
    }
    this.connected = true;
    const offered = this.timers.connected(frame.headers['heart-beat'], () => {
      void this.shutdown();
      this.socket.terminate();
    });
    this.writer.connected(this.auth.userId, offered);
  }

  private async onSend(frame: StompFrame): Promise<void> {
    const destination = frame.headers['destination'] ?? '';
    // A send is a request like an HTTP one: searches give way to it (decision 0039).
    const ended = this.ctx.searchGate.otherStarted();
    let done: boolean;
    try {
      done =
        destination === REAUTH_DESTINATION
          ? await this.auth.renew(frame)
          : await runSend(
              frame,
              firstServing(this.destinationSets, (set) => set.send(destination, this.session)),
              this.refusals,
              this.ctx.logger,
            );
    } finally {
      ended();
    }
    if (done) this.writer.receipt(frame);
  }

  /** ERROR, then close: anything malformed, oversize or not allowed. */
  private fail(
    message: string,
    detail = '',
    receipt?: string,
    extra: Record<string, string> = {},
  ): void {
    this.writer.error(message, detail, receipt, extra);
    void this.shutdown();
    this.writer.close(1002, 'STOMP error');
  }

  /**
   * A frame refused for a reason the client may act on: ERROR (matched to the frame by
   * `receipt-id` when it asked for a receipt) with the Korean text as its body and the problem
   * code, as an HTTP problem would carry them.
   */
  private refuse(frame: StompFrame, message: string, error: AppError): void {
    this.fail(message, error.detail, frame.headers['receipt'], problemHeaders(error));
  }

  /** The right to listen ended: say why, then close (a client reconnects with a new token). */
  private end(reason: LiveEndReason): void {
    if (this.closed) return;
    const message = reason === 'TOKEN_EXPIRED' ? 'token expired' : 'session ended';
    this.writer.error(message, reason);
    void this.shutdown();
    this.writer.close(1008, message);
  }

  private async shutdown(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    liveMetrics.stompSockets.dec();
    this.auth.release();
    this.timers.stop();
    await this.subscriptions.stopAll();
  }
}
