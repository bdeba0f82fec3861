import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refetchAllInSlices } from './refetch-in-slices';

function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const calls: string[] = [];
  const watch = (name: string) => {
    const observer = new QueryObserver(queryClient, {
      queryKey: [name],
      queryFn: () => {
        calls.push(name);
        return Promise.resolve(calls.length);
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    return { observer, unsubscribe };
  };
  /** Stands for the browser's next task: each `next()` lets one wait through. */
  const waiting: Array<() => void> = [];
  const yieldToBrowser = () => new Promise<void>((resolve) => waiting.push(resolve));
  const next = async () => {
    waiting.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { queryClient, calls, watch, yieldToBrowser, next, settle };
}

describe('refetchAllInSlices', () => {
  it('asks again for the queries on screen one per task, and only marks the others stale', async () => {
    const { queryClient, calls, watch, yieldToBrowser, next, settle } = setUp();
    const screens = ['a', 'b', 'c'].map(watch);
    await queryClient.prefetchQuery({ queryKey: ['hidden'], queryFn: () => 'hidden' });
    await settle();
    expect([...calls].sort()).toEqual(['a', 'b', 'c']);
    calls.length = 0;

    const done = refetchAllInSlices(queryClient, yieldToBrowser);
    await settle();
    expect(calls).toEqual([]); // nothing asked in the task that started it
    await next();
    expect(calls).toHaveLength(1);
    await next();
    expect(calls).toHaveLength(2);
    await next();
    await done;
    expect([...calls].sort()).toEqual(['a', 'b', 'c']);
    expect(queryClient.getQueryState(['hidden'])?.isInvalidated).toBe(true);
    for (const screen of screens) screen.unsubscribe();
  });

  it('skips a query answered anew meanwhile', async () => {
    const { queryClient, calls, watch, yieldToBrowser, next, settle } = setUp();
    const screen = watch('x');
    await settle();
    expect(calls).toEqual(['x']);
    const done = refetchAllInSlices(queryClient, yieldToBrowser);
    await settle();
    await screen.observer.refetch(); // the screen asked first
    expect(calls).toEqual(['x', 'x']);
    await next();
    await done;
    expect(calls).toEqual(['x', 'x']);
    screen.unsubscribe();
  });
});
