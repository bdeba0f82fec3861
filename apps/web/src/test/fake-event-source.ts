import type { LiveEvent } from '@teamup/contracts/events';

/**
 * A stand-in for the browser's EventSource: tests open it, push events into it and fail it.
 * Every instance is kept in `FakeEventSource.instances`, newest last.
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  static latest(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1);
    if (!last) throw new Error('no EventSource was opened');
    return last;
  }

  static reset(): void {
    FakeEventSource.instances = [];
  }

  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, Set<(event: Event) => void>>();

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: Event) => void): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: (event: Event) => void): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server accepted the subscription. */
  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** One live event, as the server sends it: a default message event with an id. */
  emit(event: LiveEvent, id = String(Date.now())): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event), lastEventId: id }));
  }

  /** A named event (for example a heart-beat). */
  emitNamed(type: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener(new Event(type));
  }

  /** The link broke (or the ticket was refused). */
  fail(closed = true): void {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.(new Event('error'));
  }
}
