import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@teamup/contracts/events';
import { FakeEventSource } from '../../test/fake-event-source';
import { LiveConnection, type LiveState } from './live-connection';

const message: LiveEvent = {
  type: 'CHAT_MESSAGE_DELETED',
  chatRoomId: 4,
  messageId: 9,
};

function setup(register = vi.fn(async () => ({ ticket: 't' }))) {
  let ticketNumber = 0;
  register.mockImplementation(async () => ({ ticket: `t${++ticketNumber}` }));
  const states: LiveState[] = [];
  const connection = new LiveConnection({
    register,
    openStream: (url) => new FakeEventSource(url),
    subscribeUrl: (ticket, lastEventId) =>
      `/api/sse/subscribe?ticket=${ticket}${lastEventId ? `&lastEventId=${lastEventId}` : ''}`,
  });
  connection.onStateChange((state) => states.push(state));
  return { connection, register, states };
}

/** Lets the register promise settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.reset();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('LiveConnection', () => {
  it('registers, subscribes with the ticket and hands events to subscribers', async () => {
    const { connection, states } = setup();
    const heard: LiveEvent[] = [];
    connection.subscribe((event) => heard.push(event));
    connection.start();
    await settle();
    const stream = FakeEventSource.latest();
    expect(stream.url).toBe('/api/sse/subscribe?ticket=t1');
    stream.open();
    expect(connection.getState()).toBe('open');
    stream.emit(message, '17');
    expect(heard).toEqual([message]);
    expect(states).toEqual(['open']);
    connection.stop();
  });

  it('tells resync listeners, not event listeners, when the server says RESYNC', async () => {
    const { connection } = setup();
    const events = vi.fn();
    const resync = vi.fn();
    connection.subscribe(events);
    connection.onResync(resync);
    connection.start();
    await settle();
    FakeEventSource.latest().onmessage?.(
      new MessageEvent('message', { data: '{"type":"RESYNC"}', lastEventId: '8' }),
    );
    expect(resync).toHaveBeenCalledTimes(1);
    expect(events).not.toHaveBeenCalled();
    connection.stop();
  });

  it('ignores data that is not a live event', async () => {
    const { connection } = setup();
    const handler = vi.fn();
    connection.subscribe(handler);
    connection.start();
    await settle();
    const stream = FakeEventSource.latest();
    stream.onmessage?.(new MessageEvent('message', { data: 'not json' }));
    stream.onmessage?.(new MessageEvent('message', { data: '{"no":"type"}' }));
    expect(handler).not.toHaveBeenCalled();
    connection.stop();
  });

  it('reconnects with a new ticket and the last event id after an error', async () => {
    const { connection, register } = setup();
    connection.start();
    await settle();
    const first = FakeEventSource.latest();
    first.open();
    first.emit(message, '42');
    first.fail();
    expect(connection.getState()).toBe('connecting');
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(999);
    expect(register).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(register).toHaveBeenCalledTimes(2);
    expect(FakeEventSource.latest().url).toBe('/api/sse/subscribe?ticket=t2&lastEventId=42');
    connection.stop();
  });

  it('never leaves a broken stream to the browser, whose own retry would bring back the spent ticket', async () => {
    const { connection, register } = setup();
    connection.start();
    await settle();
    const first = FakeEventSource.latest();
    first.open();
    first.emit(message, '7');
    // The browser's first error says it will retry (CONNECTING) with the same address: the
    // server would answer 401 SSE_TICKET_SPENT. The connection closes it and registers anew.
    first.fail(false);
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(1000);
    expect(register).toHaveBeenCalledTimes(2);
    expect(FakeEventSource.latest().url).toBe('/api/sse/subscribe?ticket=t2&lastEventId=7');
    FakeEventSource.latest().open();
    expect(connection.getState()).toBe('open');
    connection.stop();
  });

  it('waits longer after each failure and gives up after 10 attempts', async () => {
    const register = vi.fn(async (): Promise<{ ticket: string }> => {
      throw new TypeError('Failed to fetch');
    });
    const connection = new LiveConnection({
      register,
      openStream: (url) => new FakeEventSource(url),
      subscribeUrl: (ticket) => ticket,
    });
    connection.start();
    await settle();
    expect(register).toHaveBeenCalledTimes(1);
    const expected = [1000, 2000, 3000, 5000, 7000, 9000, 10000, 12500, 15000, 15000];
    for (const [index, delay] of expected.entries()) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(register).toHaveBeenCalledTimes(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(register).toHaveBeenCalledTimes(index + 2);
    }
    // The 10th reconnect failed too: no 11th.
    expect(connection.getState()).toBe('down');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(register).toHaveBeenCalledTimes(11);
    connection.stop();
  });

  it('starts over with a fresh count when asked to retry after giving up', async () => {
    const register = vi.fn(async (): Promise<{ ticket: string }> => {
      throw new TypeError('Failed to fetch');
    });
    const connection = new LiveConnection({
      register,
      openStream: (url) => new FakeEventSource(url),
      subscribeUrl: (ticket) => ticket,
    });
    connection.start();
    await vi.advanceTimersByTimeAsync(200_000);
    expect(connection.getState()).toBe('down');
    register.mockImplementation(async () => ({ ticket: 'ok' }));
    connection.retryNow();
    expect(connection.getState()).toBe('connecting');
    await settle();
    FakeEventSource.latest().open();
    expect(connection.getState()).toBe('open');
    connection.stop();
  });

  it('resets the attempt count once a stream opens', async () => {
    const { connection, register } = setup();
    connection.start();
    await settle();
    FakeEventSource.latest().fail();
    await vi.advanceTimersByTimeAsync(1000);
    FakeEventSource.latest().fail();
    await vi.advanceTimersByTimeAsync(2000);
    FakeEventSource.latest().open();
    FakeEventSource.latest().fail();
    // Back to the first delay (1 s), not the third (3 s).
    await vi.advanceTimersByTimeAsync(1000);
    expect(register).toHaveBeenCalledTimes(4);
    connection.stop();
  });

  it('re-registers when quiet for over 30 s and the stream never opened', async () => {
    const { connection, register } = setup();
    connection.start();
    await settle();
    const stuck = FakeEventSource.latest();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(register).toHaveBeenCalledTimes(1);
    // The 6 s watch sees 36 s of quiet: a failed attempt, retried after 1 s.
    await vi.advanceTimersByTimeAsync(6_000 + 1_000);
    expect(stuck.readyState).toBe(FakeEventSource.CLOSED);
    expect(register).toHaveBeenCalledTimes(2);
    connection.stop();
  });

  it('keeps an open stream through 30 s of quiet but forces a reconnect after 45 s', async () => {
    const { connection, register, states } = setup();
    connection.start();
    await settle();
    const quiet = FakeEventSource.latest();
    quiet.open();
    await vi.advanceTimersByTimeAsync(42_000);
    expect(register).toHaveBeenCalledTimes(1);
    expect(quiet.readyState).toBe(FakeEventSource.OPEN);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(quiet.readyState).toBe(FakeEventSource.CLOSED);
    expect(register).toHaveBeenCalledTimes(2);
    // A swap of a silent link is not shown as a lost connection.
    expect(states).toEqual(['open']);
    connection.stop();
  });

  it('on `reauth` (its token expired) swaps to a new ticket at once, quietly, resuming after the last id', async () => {
    const { connection, register, states } = setup();
    connection.start();
    await settle();
    const first = FakeEventSource.latest();
    first.open();
    first.emit(message, '51');
    first.emitNamed('reauth');
    await settle();
    expect(register).toHaveBeenCalledTimes(2);
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.latest().url).toBe('/api/sse/subscribe?ticket=t2&lastEventId=51');
    // The server then ends the old stream: nobody listens to it any more.
    first.fail();
    expect(states).toEqual(['open']);
    expect(connection.getState()).toBe('open');
    connection.stop();
  });

  it('counts events and heart-beats as activity', async () => {
    const { connection, register } = setup();
    connection.start();
    await settle();
    const stream = FakeEventSource.latest();
    stream.open();
    for (let second = 0; second < 120; second += 20) {
      await vi.advanceTimersByTimeAsync(20_000);
      if (second % 40 === 0) stream.emitNamed('heartbeat');
      else stream.emit(message);
    }
    expect(register).toHaveBeenCalledTimes(1);
    connection.stop();
  });

  it('stops for good: no reconnect, and late answers are ignored', async () => {
    let answer: (value: { ticket: string }) => void = () => undefined;
    const register = vi.fn(() => new Promise<{ ticket: string }>((resolve) => (answer = resolve)));
    const connection = new LiveConnection({
      register,
      openStream: (url) => new FakeEventSource(url),
      subscribeUrl: (ticket) => ticket,
    });
    connection.start();
    connection.stop();
    answer({ ticket: 'late' });
    await vi.advanceTimersByTimeAsync(100_000);
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(register).toHaveBeenCalledTimes(1);
  });
});
