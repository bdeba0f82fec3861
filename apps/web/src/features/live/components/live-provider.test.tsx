import { act, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../../test/stub-api';
import { LiveProvider } from './live-provider';

/** The browser's EventSource, as far as the live connection uses it. */
class FakeEventSource {
  static made: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  addEventListener() {}
  close() {}
}

function setUp() {
  FakeEventSource.made = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  stubApi(() => ok({ ticket: 'ticket-1', expiresAt: new Date().toISOString() }), { user: null });
  const queryClient = new QueryClient();
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
  const ui = (start?: boolean) => (
    <QueryClientProvider client={queryClient}>
      <LiveProvider {...(start === undefined ? {} : { start })}>
        <div />
      </LiveProvider>
    </QueryClientProvider>
  );
  return { ui, invalidated };
}

describe('LiveProvider', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('started after the first screen, it has the screen ask again once the stream opens (once)', async () => {
    const { ui, invalidated } = setUp();
    const view = render(ui(false));
    expect(FakeEventSource.made).toHaveLength(0);
    view.rerender(ui(true));
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    expect(invalidated).not.toHaveBeenCalled();
    act(() => FakeEventSource.made[0]?.onopen?.());
    expect(invalidated).toHaveBeenCalledTimes(1);
    // A later open (a reconnect resumes from its last event id) asks nothing again.
    act(() => FakeEventSource.made[0]?.onerror?.());
    act(() => FakeEventSource.made.at(-1)?.onopen?.());
    expect(invalidated).toHaveBeenCalledTimes(1);
    view.unmount();
  });

  it('started at once, before anything was fetched, it asks nothing again', async () => {
    const { ui, invalidated } = setUp();
    const view = render(ui());
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    act(() => FakeEventSource.made[0]?.onopen?.());
    expect(invalidated).not.toHaveBeenCalled();
    view.unmount();
  });
});
