import { QueryClient } from '@tanstack/react-query';
import { ApiError, ClientErrorCode } from '../lib/api-error';

/** Retries only what may succeed on a second try: network failures and server errors, once. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (!(error instanceof ApiError)) return false;
  return error.code === ClientErrorCode.NETWORK_ERROR || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
