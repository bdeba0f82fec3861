/*
 * The resume point of an SSE stream (its `id:` lines, sent back as Last-Event-ID), decision 0049.
 *
 * Live event ids are drawn in the order each instance logs its events, not in the order streams
 * hear them: a stream on instance B can hear B's event N before A's event N-1 has arrived over
 * Redis (A drew N-1 first, B committed and published first). A resume point of "N" then leaves
 * N-1 behind for good if the stream ends in between. So the point names a horizon H, below which
 * the stream has heard everything it will ever hear, and the ids above H it has heard: a resume
 * replays what is above H and not among them.
 *
 * The horizon follows from a bound on how long an event can be in flight: an id is drawn inside
 * a statement that the database ends within its statement timeout, and it is published as soon
 * as that commits. An event heard at least `settleMs` ago (the timeout plus a margin) was drawn
 * before any event still in flight was, and every event drawn before it has had the time to come.
 *
 * Text form: the horizon in decimal, then each heard id above it as the base-36 step from the one
 * before ("1200.3.a" is horizon 1200, heard 1203 and 1213). A bare decimal number (what streams
 * wrote before) is a horizon with nothing heard above it.
 */

export type ResumePoint = {
  horizon: number;
  /** Ids above the horizon already heard, ascending. */
  heard: readonly number[];
};

/** Most ids a point names above its horizon; beyond it, the horizon moves up early (0049). */
export const MAX_HEARD_ABOVE_HORIZON = 200;
const MAX_TEXT = 2 + 14 + MAX_HEARD_ABOVE_HORIZON * 12;
const STEP = /^[0-9a-z]{1,11}$/;

/** Reads a Last-Event-ID; null when it is not one this server wrote. */
export function parseResumePoint(text: string): ResumePoint | null {
  if (text.length === 0 || text.length > MAX_TEXT) return null;
  const [first, ...steps] = text.split('.');
  if (!first || !/^\d{1,16}$/.test(first)) return null;
  const horizon = Number(first);
  if (!Number.isSafeInteger(horizon) || steps.length > MAX_HEARD_ABOVE_HORIZON) return null;
  const heard: number[] = [];
  let previous = horizon;
  for (const step of steps) {
    if (!STEP.test(step)) return null;
    const next = previous + parseInt(step, 36);
    if (next === previous || !Number.isSafeInteger(next)) return null;
    heard.push(next);
    previous = next;
  }
  return { horizon, heard };
}

export function formatResumePoint({ horizon, heard }: ResumePoint): string {
  let text = String(horizon);
  let previous = horizon;
  for (const id of heard) {
    text += `.${(id - previous).toString(36)}`;
    previous = id;
  }
  return text;
}

/** How often at most a stream folds what settled into its horizon (each fold rewrites the text). */
const FOLD_EVERY_MS = 1000;

/**
 * What one stream has heard, kept to write its resume point. Cheap per event, as it runs for every
 * stream an event reaches: an id heard in order extends the text, and the settled part is folded
 * into the horizon (which rewrites the text) at most once a second.
 */
export class StreamResumePoint {
  private horizon: number;
  /** Heard ids above the horizon, ascending. */
  private heard: number[];
  /** Heard ids in the order they were heard, with when; the front settles first. */
  private arrivals: Array<{ id: number; at: number }>;
  private text: string | null = null;
  private foldedAt = Number.NEGATIVE_INFINITY;

  constructor(
    start: ResumePoint,
    private readonly settleMs: number,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.horizon = start.horizon;
    this.heard = [...start.heard];
    // When the client heard these is unknown: as of now, which only holds the horizon back.
    const now = this.clock();
    this.arrivals = this.heard.map((id) => ({ id, at: now }));
  }

  /** Whether the stream already heard `id` (a replay must not send it again). */
  has(id: number): boolean {
    return id <= this.horizon ? true : this.indexOf(id) >= 0;
  }

  hear(id: number): void {
    if (this.has(id)) return;
    const last = this.heard[this.heard.length - 1];
    if (last === undefined || id > last) {
      this.heard.push(id);
      if (this.text !== null) this.text += `.${(id - (last ?? this.horizon)).toString(36)}`;
    } else {
      this.heard.splice(this.insertionIndex(id), 0, id);
      this.text = null;
    }
    this.arrivals.push({ id, at: this.clock() });
    if (this.heard.length > MAX_HEARD_ABOVE_HORIZON) {
      // Only a stream hearing hundreds of events within the settle time gets here; a quarter
      // goes at once, so that it does not rewrite its lists at every event.
      const keep = Math.floor((MAX_HEARD_ABOVE_HORIZON * 3) / 4);
      this.raiseHorizon(this.heard[this.heard.length - keep - 1] as number);
    }
  }

  /** The point as it stands now (the settled part folded into the horizon). */
  toString(): string {
    const now = this.clock();
    const settledBefore = now - this.settleMs;
    if ((this.arrivals[0]?.at ?? now) <= settledBefore && now - this.foldedAt >= FOLD_EVERY_MS) {
      this.foldedAt = now;
      let raiseTo = this.horizon;
      for (const arrival of this.arrivals) {
        if (arrival.at > settledBefore) break;
        raiseTo = Math.max(raiseTo, arrival.id);
      }
      this.raiseHorizon(raiseTo);
    }
    this.text ??= formatResumePoint({ horizon: this.horizon, heard: this.heard });
    return this.text;
  }

  private raiseHorizon(to: number) {
    if (to <= this.horizon) return;
    this.horizon = to;
    this.heard = this.heard.filter((id) => id > to);
    this.arrivals = this.arrivals.filter((arrival) => arrival.id > to);
    this.text = null;
  }

  private insertionIndex(id: number): number {
    let low = 0;
    let high = this.heard.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.heard[middle] as number) < id) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private indexOf(id: number): number {
    const index = this.insertionIndex(id);
    return this.heard[index] === id ? index : -1;
  }
}
