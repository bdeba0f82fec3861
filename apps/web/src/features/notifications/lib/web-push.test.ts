import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64UrlToBytes, withTimeout } from './web-push';

afterEach(() => {
  vi.useRealTimers();
});

describe('this browser’s side of web push', () => {
  it('reads the VAPID key (base64url, with or without padding) as bytes', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) % 256);
    const base64url = Buffer.from(bytes).toString('base64url');
    expect(Array.from(base64UrlToBytes(base64url))).toEqual(Array.from(bytes));
    expect(Array.from(base64UrlToBytes(`${base64url}=`))).toEqual(Array.from(bytes));
  });

  it('gives up on a subscribe that never answers, and not on one that does', async () => {
    vi.useFakeTimers();
    const never = withTimeout(new Promise<string>(() => undefined), 30_000);
    const failed = expect(never).rejects.toThrow('no answer within 30000 ms');
    await vi.advanceTimersByTimeAsync(29_999);
    await vi.advanceTimersByTimeAsync(1);
    await failed;
    await expect(withTimeout(Promise.resolve('구독'), 30_000)).resolves.toBe('구독');
  });
});
