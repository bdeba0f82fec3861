import { describe, expect, it } from 'vitest';
import { SearchGate } from './search-gate';

describe('search gate', () => {
  it('runs one search at a time, in the order asked, and goes on after a failure', async () => {
    const gate = new SearchGate();
    const events: string[] = [];
    let release: () => void = () => undefined;
    const first = gate.run(async () => {
      events.push('1 start');
      await new Promise<void>((resolve) => (release = resolve));
      events.push('1 end');
      throw new Error('first failed');
    });
    const second = gate.run(async () => {
      events.push('2 start');
      await Promise.resolve();
      events.push('2 end');
      return 2;
    });
    const third = gate.run(() => {
      events.push('3');
      return Promise.resolve(3);
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events).toEqual(['1 start']);
    release();
    await expect(first).rejects.toThrow('first failed');
    expect(await second).toBe(2);
    expect(await third).toBe(3);
    expect(events).toEqual(['1 start', '1 end', '2 start', '2 end', '3']);
  });
});
