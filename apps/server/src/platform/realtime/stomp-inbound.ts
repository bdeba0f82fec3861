import type { Logger } from 'pino';
import { AppError, serviceUnavailable, tooManyRequests } from '../errors/app-error';
import { unavailabilityOf } from '../errors/unavailable';
import { assertAcceptableText } from '../http/validation';
import { liveMetrics } from '../observability/live-metrics';
import type { LimitResult } from '../rate-limit/limiter';
import type { SendHandler } from './stomp-destinations';
import type { StompFrame } from './stomp-frames';

/** Counts one request of the user against their request budget (the one HTTP spends from). */
export type StompSpend = (userId: number) => Promise<LimitResult>;

/**
 * The frames that make the server work, each one request of the account's budget as an HTTP
 * call is: every SEND (chat, reactions, edits, read marks, typing, meeting chat and signals,
 * presence, re-authentication) and every SUBSCRIBE (an access check, a meeting's history).
 */
const SPENDING_COMMANDS: ReadonlySet<string> = new Set(['SEND', 'SUBSCRIBE']);

/** How a frame in is turned down: ERROR, then the session closes. */
export type FrameRefusals = {
  fail: (message: string, detail: string, receipt?: string) => void;
  /** Refused for a reason the client may act on: the AppError's text and problem code. */
  refuse: (frame: StompFrame, message: string, error: AppError) => void;
  isClosed: () => boolean;
};

/** Whether the frame spends from the account's budget (other frames cost nothing). */
export const spendsBudget = (frame: StompFrame): boolean => SPENDING_COMMANDS.has(frame.command);

/**
 * Counts a SEND or SUBSCRIBE against the account's budget (decision 0034); false (and refused)
 * once it is spent, or when the count cannot be read.
 */
export async function withinBudget(
  frame: StompFrame,
  spend: () => Promise<LimitResult>,
  refusals: FrameRefusals,
  logger: Logger,
): Promise<boolean> {
  let spent: LimitResult;
  try {
    spent = await spend();
  } catch (error) {
    // The count lives in Redis when there is one: unreadable, the frame is refused as an HTTP
    // call would be, not let through uncounted.
    logger.warn({ err: error }, 'request budget unreadable: STOMP frame refused');
    if (!refusals.isClosed()) {
      refusals.refuse(frame, 'unavailable', serviceUnavailable());
    }
    return false;
  }
  if (refusals.isClosed()) return false;
  if (spent.allowed) return true;
  liveMetrics.stompRateLimited.inc();
  refusals.refuse(frame, 'rate limited', tooManyRequests(spent.retryAfterSeconds));
  return false;
}

/**
 * A SEND to a module's destination (`handler`, none: unknown): its JSON body, held to the text
 * rule every HTTP body is held to, handed to the handler. True when it ran (the caller writes the
 * receipt); a failure is refused as an HTTP call would be answered.
 */
export async function runSend(
  frame: StompFrame,
  handler: SendHandler | undefined,
  refusals: FrameRefusals,
  logger: Logger,
): Promise<boolean> {
  if (!handler) {
    refusals.fail(
      'unknown destination',
      frame.headers['destination'] ?? '',
      frame.headers['receipt'],
    );
    return false;
  }
  let body: unknown;
  try {
    body = JSON.parse(frame.body);
  } catch {
    refusals.fail('body must be JSON', '', frame.headers['receipt']);
    return false;
  }
  try {
    // The same text rule as every HTTP body: a NUL is refused before any handler runs.
    assertAcceptableText(body);
    await handler(body);
  } catch (error) {
    if (error instanceof AppError) {
      refusals.refuse(frame, 'send refused', error);
      return false;
    }
    const unavailable = unavailabilityOf(error);
    if (unavailable !== undefined) {
      // As an HTTP call would be answered (0031): the client may send it again shortly.
      logger.warn({ cause: unavailable }, 'STOMP send refused: a dependency is unavailable');
      refusals.refuse(frame, 'unavailable', serviceUnavailable());
      return false;
    }
    logger.error({ err: error }, 'STOMP send failed');
    refusals.fail('send refused', 'failed', frame.headers['receipt']);
    return false;
  }
  return true;
}
