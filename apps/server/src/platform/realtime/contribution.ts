import type { AppContext } from '../../context';
import type { LoggedEvent } from '../bus/replayable-bus';
import type { StompDestinations } from './stomp-destinations';

/** A live event as the transport sees it: a JSON object with a `type`, nothing more known. */
export type LiveEventFields = Readonly<Record<string, unknown>>;

/** What an event heard by a stream changes in what that stream listens to. */
export type TopicChange = {
  /** Topics to follow from now on (the user was added to a room). */
  listen?: readonly string[];
  /** Topics to stop hearing at once (the user left a room). */
  unlisten?: readonly string[];
  /** Re-read every topic from the contributions (a membership that many topics hang on ended). */
  recheck?: boolean;
};

/**
 * What a module adds to the live transports. The transports (SSE hub, STOMP endpoint) know no
 * module: each one says here which destinations it serves and which bus topics a user hears.
 */
export interface LiveContribution {
  /** Its STOMP destinations (SUBSCRIBE and SEND), built once per app. */
  stomp?: (ctx: AppContext) => StompDestinations;
  /**
   * The bus topics an SSE stream of `userId` hears from this module (the user's rooms). Read when
   * the stream opens and again whenever the user's access changes.
   */
  sseTopics?: (ctx: AppContext, userId: number) => Promise<readonly string[]>;
  /**
   * Heard on a stream of `userId`: whether the event changes what the stream listens to (joining
   * a room is followed at once, before any re-check).
   */
  sseFollow?: (event: LiveEventFields, userId: number) => TopicChange | undefined;
  /**
   * Events a reconnecting stream missed, read back from the event log (of the topics its user
   * hears now), as they must go out today: the log keeps what an event said when it was
   * published, and what it said may since have been taken back (a deleted message's text). Each
   * module answers for its own events: changed, left out, or as they are; the order is kept.
   */
  sseReplay?: (ctx: AppContext, events: readonly LoggedEvent[]) => Promise<LoggedEvent[]>;
}
