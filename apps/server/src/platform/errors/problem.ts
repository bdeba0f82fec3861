import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { Problem } from '@teamup/contracts/common';
import { AppError, serviceUnavailable, type FieldError } from './app-error';
import { unavailabilityOf } from './unavailable';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function sendProblem(
  reply: FastifyReply,
  status: number,
  code: string,
  detail: string,
  extra: Partial<Problem> = {},
) {
  const problem: Problem = {
    type: `about:blank`,
    title: titles[status] ?? 'Error',
    status,
    detail,
    code,
    // The same id as the X-Request-Id header and the access-log line: a person who reports a
    // refusal (or a screenshot of one) leads an operator to the server's lines.
    requestId: String(reply.request.id),
    ...extra,
  };
  return reply.status(status).type('application/problem+json; charset=utf-8').send(problem);
}

function fieldErrorsOf(error: FastifyError): FieldError[] {
  // zod's issues and the shared text rule's (platform/http/validation.ts) share one shape.
  if (!error.validation) return [];
  return error.validation.map((issue) => ({
    field:
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
      ((issue.params?.issue as { path?: PropertyKey[] } | undefined)?.path ?? [])
        .map(String)
        .join('.'),
    message: issue.message ?? '올바르지 않은 값입니다.',
  }));
}

/**
 * What the multipart reader (busboy) throws for a malformed form: a missing boundary, a form cut
 * off, a part ended early. These carry no status, yet they are the client's fault.
 */
const malformedMultipart = [
  'Multipart: Boundary not found',
  'Boundary required',
  'Missing Content-Type',
  'Unexpected end of multipart data',
  'terminated early due to unexpected end of multipart data',
];
function isMalformedMultipart(error: FastifyError): boolean {
  return malformedMultipart.some((message) => error.message.includes(message));
}

/**
 * Fastify's own refusals before routing (a path with broken percent-escapes, a parameter over
 * its length limit) bypass the error handler; this sends them as problems too.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (error.statusCode ?? 400);
  void sendProblem(
    reply,
    status >= 400 && status < 500 ? status : 400,
    ErrorCode.VALIDATION_FAILED,
    '요청 주소가 올바르지 않습니다.',
  );
}

/** Every failure leaves as problem+json; a bug answers 500 with a generic detail, never a stack. */
export function registerProblemHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.extra.retryAfterSeconds !== undefined) {
        void reply.header('Retry-After', String(error.extra.retryAfterSeconds));
      }
      return sendProblem(reply, error.status, error.code, error.detail, {
        ...(error.extra.errors ? { errors: error.extra.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const errors = fieldErrorsOf(error);
      const detail = errors[0]?.message ?? '요청 값이 올바르지 않습니다.';
      return sendProblem(reply, 400, ErrorCode.VALIDATION_FAILED, detail, { errors });
    }
    const status = error.statusCode ?? 500;
    if (
      status === 413 ||
      error.code === 'FST_REQ_FILE_TOO_LARGE' ||
      error.code === 'FST_FILES_LIMIT'
    ) {
      return sendProblem(reply, 413, ErrorCode.PAYLOAD_TOO_LARGE, '요청 크기가 너무 큽니다.');
    }
    if (status === 415) {
      return sendProblem(
        reply,
        415,
        ErrorCode.UNSUPPORTED_MEDIA_TYPE,
        '지원하지 않는 요청 형식입니다.',
      );
    }
    if (status === 429) {
      return sendProblem(
        reply,
        429,
        ErrorCode.RATE_LIMITED,
        '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
      );
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
    ) {
      return sendProblem(
        reply,
        400,
        ErrorCode.VALIDATION_FAILED,
        '요청 본문이 올바른 JSON 형식이 아닙니다.',
      );
    }
    if (status >= 400 && status < 500) {
      return sendProblem(reply, status, ErrorCode.VALIDATION_FAILED, '요청이 올바르지 않습니다.');
    }
    const unavailable = unavailabilityOf(error);
    if (unavailable !== undefined) {
      // A warning with the driver's words only: the outage itself is told once by the pool or
      // the Redis client, and each refused request needs no more than its id and the cause.
      request.log.warn({ cause: unavailable }, 'answered 503: a dependency is unavailable');
      const answer = serviceUnavailable();
      void reply.header('Retry-After', String(answer.extra.retryAfterSeconds));
      return sendProblem(reply, answer.status, answer.code, answer.detail);
    }
    if (isMalformedMultipart(error)) {
      return sendProblem(
        reply,
        400,
        ErrorCode.VALIDATION_FAILED,
        '요청 본문의 multipart/form-data 형식이 올바르지 않습니다.',
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(
      reply,
      500,
      ErrorCode.INTERNAL,
      '서버 내부 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
    );
  });
}
