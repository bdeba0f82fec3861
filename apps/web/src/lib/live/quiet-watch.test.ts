import { describe, expect, it } from 'vitest';
import { quietAction } from './quiet-watch';

describe('quietAction', () => {
  it('does nothing up to 30 s of quiet, open or not', () => {
    expect(quietAction(30_000, false)).toBe('none');
    expect(quietAction(10_000, true)).toBe('none');
  });

  it('reconnects after 30 s when the stream is not open, but trusts an open one', () => {
    expect(quietAction(30_001, false)).toBe('reconnect');
    expect(quietAction(30_001, true)).toBe('none');
    expect(quietAction(45_000, true)).toBe('none');
  });

  it('forces a reconnect after 45 s even when the stream says it is open', () => {
    expect(quietAction(45_001, true)).toBe('reconnect');
  });
});
