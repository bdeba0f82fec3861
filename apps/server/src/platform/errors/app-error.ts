import { ErrorCode } from '@teamup/contracts/error-codes';

export type FieldError = { field: string; message: string };

/** A failure the client caused or may act on; rendered as RFC 9457 problem+json. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    /** Korean, fit to show to the user. */
    readonly detail: string,
    readonly extra: { errors?: FieldError[]; retryAfterSeconds?: number } = {},
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ErrorCode, detail: string, errors?: FieldError[]) =>
  new AppError(400, code, detail, errors ? { errors } : {});
export const unauthorized = (code: ErrorCode, detail: string) => new AppError(401, code, detail);
export const forbidden = (
  detail = '이 작업을 할 권한이 없습니다.',
  code: ErrorCode = ErrorCode.FORBIDDEN,
) => new AppError(403, code, detail);
export const notFound = (
  detail = '요청한 항목을 찾을 수 없습니다.',
  code: ErrorCode = ErrorCode.NOT_FOUND,
) => new AppError(404, code, detail);
export const conflict = (code: ErrorCode, detail: string) => new AppError(409, code, detail);
export const tooManyRequests = (retryAfterSeconds: number, detail?: string) =>
  new AppError(
    429,
    ErrorCode.RATE_LIMITED,
    detail ?? '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
    {
      retryAfterSeconds,
    },
  );

/** Seconds a client is asked to wait before trying again while a dependency is away (0031). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** PostgreSQL or Redis is away: not the request's fault, worth trying again (decision 0031). */
export const serviceUnavailable = () =>
  new AppError(
    503,
    ErrorCode.SERVICE_UNAVAILABLE,
    '일시적으로 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해주세요.',
    { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS },
  );
