import { ErrorCode } from '@teamup/contracts/error-codes';
import { ko } from '../i18n/ko';
import { ApiError, ClientErrorCode } from './api-error';

export interface ErrorMessageOptions {
  /** Shown when nothing better is known (the spec's fallback texts). */
  fallback?: string;
  /** Screen-specific texts per problem code; they win over the shared catalogue. */
  byCode?: Partial<Record<string, string>>;
}

const sharedByCode: Partial<Record<string, string>> = ko.errors.byCode;

/**
 * The Korean text to show for a failure. Chosen by problem `code`, never by message text:
 * screen texts, then a rate limit's detail with its Retry-After, then the shared catalogue, then
 * the server's Korean detail, then the fallback.
 */
export function errorMessage(error: unknown, options: ErrorMessageOptions = {}): string {
  const fallback = options.fallback ?? ko.errors.unknown;
  if (!(error instanceof ApiError)) return fallback;
  const screenText = options.byCode?.[error.code];
  if (screenText) return screenText;
  if (error.code === ClientErrorCode.NETWORK_ERROR) {
    // Said plainly when the browser knows the device is offline (Node, in tests, has no onLine).
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    return offline ? ko.errors.offline : ko.errors.network;
  }
  if (error.code === ClientErrorCode.SESSION_EXPIRED) return ko.errors.sessionExpired;
  if (error.code === ClientErrorCode.HTTP_ERROR) return fallback;
  if (error.code === ErrorCode.RATE_LIMITED) {
    const wait = error.retryAfterSeconds;
    const detail = error.detail || fallback;
    return wait !== undefined && wait > 0 ? `${detail} ${ko.errors.retryAfter(wait)}` : detail;
  }
  return sharedByCode[error.code] ?? (error.detail || fallback);
}

/** True when the failure is the given problem code. */
export function hasCode(error: unknown, code: string): boolean {
  return error instanceof ApiError && error.code === code;
}
