import { idSchema } from '@teamup/contracts/common';

/**
 * What a module's STOMP destinations look like to the endpoint (chat rooms, meetings): the
 * endpoint knows no module, each one contributes these through `LiveContribution`.
 */

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

/** The first set (in the modules' order) that serves the destination. */
export function firstServing<T>(
  destinationSets: readonly StompDestinations[],
  pick: (set: StompDestinations) => T | undefined,
): T | undefined {
  for (const set of destinationSets) {
    const found = pick(set);
    if (found) return found;
  }
  return undefined;
}
