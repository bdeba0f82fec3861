import type { FastifyInstance, FastifySchema, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { findRefusedText, refusedTextMessage } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { badRequest } from '../errors/app-error';

/** The issue a refused character produces, shaped as every other validation issue. */
function refusedTextIssue(path: readonly string[]) {
  return {
    keyword: 'refused_text',
    instancePath: `/${path.join('/')}`,
    schemaPath: '#/refused_text',
    params: {},
    message: refusedTextMessage,
  };
}

/**
 * Every route's params, query and body pass through here, so the rules that hold for all of them
 * live here once:
 * - an absent (or `null`) body is the empty object, so a route whose body is optional answers
 *   a bare `DELETE` or `POST` exactly as it answers `{}`;
 * - a string holding a character PostgreSQL refuses (NUL) is a 400 naming the field, before the
 *   route's own schema or any query runs.
 */
export const requestValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  const absentIsEmpty = route.httpPart === 'body';
  return (data: unknown) => {
    const input = absentIsEmpty && (data === undefined || data === null) ? {} : data;
    const refused = findRefusedText(input);
    if (refused) return { error: [refusedTextIssue(refused)] };
    return validate(input);
  };
};

/** The same text rule for values read outside a schema (multipart fields, file names, STOMP). */
export function assertAcceptableText(value: unknown, field = ''): void {
  const refused = findRefusedText(value, field ? [field] : []);
  if (refused) {
    const name = refused.join('.');
    throw badRequest(ErrorCode.VALIDATION_FAILED, refusedTextMessage, [
      { field: name, message: refusedTextMessage },
    ]);
  }
}

/**
 * Installs the validator and a JSON parser that reads an empty body as no body: clients that send
 * `Content-Type: application/json` on a bodiless DELETE get the same answer as without it.
 */
export function registerRequestValidation(app: FastifyInstance): void {
  app.setValidatorCompiler<FastifySchema>(
    requestValidatorCompiler as FastifySchemaCompiler<FastifySchema>,
  );
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
