import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ClientErrorCode } from '../../../lib/api-error';
import { isRetryableSendError, sendRetryDelayMs, withSendRetries } from './send-retry';

const networkError = () => new ApiError(0, ClientErrorCode.NETWORK_ERROR, 'offline');

describe('sendRetryDelayMs', () => {
  it('doubles from 1 s and stops at 5 s', () => {
    expect([1, 2, 3, 4, 5].map(sendRetryDelayMs)).toEqual([1000, 2000, 4000, 5000, 5000]);
  });
});

describe('isRetryableSendError', () => {
  it('retries network failures only', () => {
    expect(isRetryableSendError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryableSendError(networkError())).toBe(true);
    expect(isRetryableSendError(new ApiError(500, 'INTERNAL', 'boom'))).toBe(false);
    expect(isRetryableSendError(new ApiError(403, 'CHAT_NOT_MEMBER', 'no'))).toBe(false);
    expect(isRetryableSendError(new Error('other'))).toBe(false);
  });
});

describe('withSendRetries', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tries 3 more times after a network failure, waiting 1, 2 and 4 s', async () => {
    const attempt = vi.fn(async (): Promise<string> => {
      throw networkError();
    });
    const result = withSendRetries(attempt).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(attempt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(attempt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(attempt).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(3999);
    expect(attempt).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempt).toHaveBeenCalledTimes(4);
    expect(await result).toBeInstanceOf(ApiError);
  });

  it('gives up at once on an answer from the server', async () => {
    const refused = new ApiError(500, 'INTERNAL', 'boom');
    const attempt = vi.fn(async (): Promise<string> => {
      throw refused;
    });
    await expect(withSendRetries(attempt)).rejects.toBe(refused);
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('answers the first success', async () => {
    const attempt = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce('sent');
    const sleep = vi.fn(async () => undefined);
    await expect(withSendRetries(attempt, sleep)).resolves.toBe('sent');
    expect(sleep).toHaveBeenCalledWith(1000);
  });
});
