import type { Problem } from '@teamup/contracts/common';

/** Codes the web client itself produces; the server's codes are in @teamup/contracts. */
export const ClientErrorCode = {
  /** The request never reached the server. */
  NETWORK_ERROR: 'NETWORK_ERROR',
  /** The session could not be renewed: tokens were cleared and the user must log in again. */
  SESSION_EXPIRED: 'SESSION_EXPIRED',
  /** A failed answer that is not problem+json; its detail is 'HTTP {status}'. */
  HTTP_ERROR: 'HTTP_ERROR',
} as const;

export interface FieldError {
  field: string;
  message: string;
}

/** A failed API call: the RFC 9457 problem the server answered, or a client-side failure. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the server was not reached. */
    readonly status: number,
    /** Stable code from the problem body (or one of ClientErrorCode). */
    readonly code: string,
    /** Korean text fit to show. */
    readonly detail: string,
    /** The parsed answer body, when there was one. */
    readonly body?: unknown,
    /** Seconds from the Retry-After header of a 429/503 answer. */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
  }

  /** The problem body, when the answer was one (code and detail are already on the error). */
  get problem(): Problem | undefined {
    const body = this.body as Partial<Problem> | undefined;
    return typeof body?.code === 'string' && typeof body.status === 'number'
      ? (body as Problem)
      : undefined;
  }

  /** Field errors of a validation failure (empty otherwise); malformed entries are skipped. */
  get fieldErrors(): FieldError[] {
    const errors: unknown = this.problem?.errors;
    if (!Array.isArray(errors)) return [];
    return errors.filter(
      (entry): entry is FieldError =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as FieldError).field === 'string' &&
        typeof (entry as FieldError).message === 'string',
    );
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
