import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { envelope, problemSchema } from '@teamup/contracts/common';
import type {
  Endpoint,
  EndpointInput,
  EndpointOutput,
  ErrorStatus,
} from '@teamup/contracts/endpoint';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { operationIdOf } from '@teamup/contracts/operations';
import { tokenAccessOf } from '../auth/bearer';
import { authOf } from '../auth/guard';
import type { Guard, TypedApp } from './types';

/** What a handler gets: the parsed params, query and body, and the caller when signed in. */
export type RouteInput<E extends Endpoint> = EndpointInput<E> & {
  request: FastifyRequest;
  reply: FastifyReply;
} & (E['auth'] extends 'public' ? { userId?: undefined } : { userId: number });

export type RouteHandler<E extends Endpoint> = (input: RouteInput<E>) => Promise<EndpointOutput<E>>;

/** What an access step decides on: the path's parsed parameters and the signed-in caller. */
export interface AccessInput<E extends Endpoint> {
  params: EndpointInput<E>['params'];
  userId: number;
}

/**
 * How the caller reaches what the route's path names, decided before the route's body, form or
 * query is read (decision 0036): a check of the module's service (`requireMembership`,
 * `assertTeamInWorkspace`, room access, …) that throws its 403/404, or `{ open: why }` for a path
 * anyone signed in may use (joining a workspace by its id).
 */
export type AccessStep<E extends Endpoint> =
  ((input: AccessInput<E>) => Promise<unknown>) | { readonly open: string };

export interface RouteOptions<E extends Endpoint = Endpoint> {
  /**
   * The envelope's `message` on success (spec texts such as '일정이 등록되었습니다.'), or what it
   * is for this request's input (a password set or removed).
   */
  message?: string | ((input: EndpointInput<E>) => string);
  /** Fastify route config: a route's own rate limit. */
  config?: RouteShorthandOptions['config'];
  /** The request body's media types for OpenAPI, e.g. `['multipart/form-data']` for uploads. */
  consumes?: string[];
  /**
   * Required when the endpoint needs a token, names something in its path and reads a body, a
   * form or a query (`needsAccessStep`): the app refuses to register it otherwise.
   */
  access?: AccessStep<E>;
  /**
   * For a handler that answers with `reply` itself (a file): its answers as the document states
   * them, instead of the `{ data }` envelope.
   */
  answers?: DocumentOptions['answers'];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by `accessStepOf`: how the route's path is authorized before its input is read. */
    accessStep?: 'checked' | { open: string };
  }
}

/**
 * Whether a route must declare its access step: it needs a token, its path names something, and
 * it reads input that could be refused (a body, a form, a query). A route reading nothing but its
 * path goes straight to its service, which authorizes before anything else.
 */
export function needsAccessStep(
  endpoint: Pick<Endpoint, 'auth' | 'path' | 'body' | 'query' | 'form'>,
  consumes?: readonly string[],
): boolean {
  if (endpoint.auth === 'public' || !endpoint.path.includes(':')) return false;
  return Boolean(endpoint.body || endpoint.query || endpoint.form || consumes?.length);
}

/**
 * The route options that run an access step: a `preValidation` hook, so after the auth guard
 * (onRequest) and the body's parsing, but before Fastify validates params, query and body with
 * the endpoint's schemas and before the handler reads a form. The path's parameters are parsed
 * here with the endpoint's own schema; a path that does not parse names nothing, and the
 * validator that runs next answers it with its 400. Raw routes spread this into their options.
 */
export function accessStepOf<E extends Endpoint>(endpoint: E, step: AccessStep<E>) {
  if (typeof step !== 'function') return { config: { accessStep: { open: step.open } } } as const;
  return {
    config: { accessStep: 'checked' },
    preValidation: async (request: FastifyRequest) => {
      const parsed = endpoint.params?.safeParse(request.params);
      if (parsed && !parsed.success) return;
      // The endpoint's params schema made these; Fastify's request types cannot say so here.
      const params = (parsed?.data ?? {}) as EndpointInput<E>['params'];
      await step({ params, userId: authOf(request).userId });
    },
  } as const;
}

/**
 * Every route the app registers from here on is checked once, at registration: one that needs a
 * token, names something in its path and validates a body or query (or reads a form) must carry
 * an access step (`accessStepOf`), so no route can read an outsider's input before refusing them.
 * Raw routes (`app.get`, `app.route`) are held to it as routesFor's are.
 */
export function requireAccessSteps(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (!schema || schema.hide) return;
    const secured = Array.isArray(schema.security) && schema.security.length > 0;
    const consumes = Array.isArray(schema.consumes) ? (schema.consumes as string[]) : undefined;
    const reads = {
      auth: secured ? ('user' as const) : ('public' as const),
      path: route.url,
      ...(schema.body ? { body: schema.body as Endpoint['body'] } : {}),
      ...(schema.querystring ? { query: schema.querystring as Endpoint['query'] } : {}),
      ...(schema[docKeys.form] ? { form: schema[docKeys.form] as Endpoint['form'] } : {}),
    };
    if (!needsAccessStep(reads, consumes) || route.config?.accessStep) return;
    const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
    throw new Error(
      `${methods} ${route.url}: its path names something and it reads a body, form or query, so ` +
        'it needs an access step (`access` of routesFor, or accessStepOf) that refuses outsiders ' +
        'before their input is validated (decision 0036)',
    );
  });
}

const bearerSecurity = [{ bearer: [] }];

const errorTitles: Record<ErrorStatus, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

/** What the document says an operation of each kind can answer, beside its own codes. */
const genericDetail: Partial<Record<ErrorStatus, string>> = {
  403: 'or the code of the rule refused (e.g. WORKSPACE_FORBIDDEN, TEAM_FORBIDDEN)',
  404: 'or the code of the missing resource (e.g. TEAM_NOT_FOUND, POST_NOT_FOUND)',
};

/** How a route reaches the document beyond its request schemas (for `documentedSchema`). */
export interface DocumentOptions {
  /** The request body's media types, e.g. `['multipart/form-data']`. */
  consumes?: string[];
  /** False when the route has no rate limit (then it documents no 429). */
  rateLimited?: boolean;
  /**
   * Answers the document states as written (OpenAPI response objects) where the route sends no
   * `{ data }` envelope: a redirect, a file, an event stream.
   */
  answers?: Record<number, RawAnswer>;
}

/** An answer of a raw route as the document states it (see `noBody`, `bodyOf`). */
export type RawAnswer =
  | { type: 'null'; description: string }
  | { description: string; content: Record<string, { schema: Record<string, unknown> }> };

/** An answer without a body (a redirect, a 204). */
export const noBody = (description: string): RawAnswer => ({ type: 'null', description });

/** An answer that is not JSON: a file's bytes, an event stream. */
export const bodyOf = (
  description: string,
  mediaType: string,
  schema: Record<string, unknown> = { type: 'string', format: 'binary' },
): RawAnswer => ({ description, content: { [mediaType]: { schema } } });

/**
 * The problem answers of an operation: 400 VALIDATION_FAILED when it reads params, query or a
 * body (any method but GET may be sent a malformed one); 401 and 403 ACCOUNT_MISMATCH when it needs
 * a token; 403, 404 and
 * 414 (a path parameter over its length limit) when its path names something; 413 and 415 when it
 * may be sent a body; 429 when rate limited; and the endpoint's own `errors`.
 */
export function errorAnswersOf(endpoint: Endpoint, options: DocumentOptions = {}) {
  const codes = new Map<ErrorStatus, Set<string>>();
  const add = (status: ErrorStatus, ...list: readonly string[]) => {
    const set = codes.get(status) ?? new Set<string>();
    for (const code of list) set.add(code);
    codes.set(status, set);
  };
  const takesBody =
    endpoint.method !== 'GET' || Boolean(endpoint.body || endpoint.form || options.consumes);
  const hasIds = endpoint.path.includes(':');
  if (endpoint.params || endpoint.query || takesBody) add(400, ErrorCode.VALIDATION_FAILED);
  if (endpoint.auth !== 'public') {
    add(
      401,
      ErrorCode.AUTH_REQUIRED,
      ErrorCode.TOKEN_INVALID,
      ErrorCode.TOKEN_EXPIRED,
      ErrorCode.SESSION_REVOKED,
    );
    // A token sent with another account's Account-Id header is refused on every such route.
    add(403, ErrorCode.ACCOUNT_MISMATCH);
    if (hasIds) add(403, ErrorCode.FORBIDDEN);
  }
  if (hasIds) {
    add(404, ErrorCode.NOT_FOUND);
    add(414, ErrorCode.VALIDATION_FAILED);
  }
  if (takesBody) {
    add(413, ErrorCode.PAYLOAD_TOO_LARGE);
    add(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE);
  }
  if (options.rateLimited !== false) add(429, ErrorCode.RATE_LIMITED);
  for (const [status, list] of Object.entries(endpoint.errors ?? {})) {
    add(Number(status) as ErrorStatus, ...(list ?? []));
  }
  const answers: Record<number, unknown> = {};
  for (const [status, set] of [...codes.entries()].sort(([a], [b]) => a - b)) {
    const list = [...set].join(', ');
    const more = genericDetail[status];
    answers[status] = {
      description: `${errorTitles[status]}: ${more ? `${list}, ${more}` : list}`,
      content: { 'application/problem+json': { schema: problemSchema } },
    };
  }
  return answers;
}

/** The operationId of a routed endpoint; every endpoint lives in a table of contracts/operations. */
function operationIdFor(endpoint: Endpoint): string {
  const id = operationIdOf(endpoint);
  if (!id) {
    throw new Error(
      `${endpoint.method} ${endpoint.path}: not in an endpoint table of contracts/operations.ts`,
    );
  }
  return id;
}

/**
 * The route schema of an endpoint: what Fastify validates (params, querystring, body) and what
 * only the API document reads (operationId, summary, tags, security, the problem answers, a 204,
 * a multipart form, raw answers), the latter under keys Fastify ignores and `documentTransform`
 * turns into OpenAPI. Raw routes (files, redirects, streams) use it as routesFor does.
 */
export function documentedSchema(
  endpoint: Endpoint,
  tag: string,
  options: DocumentOptions = {},
): Record<string, unknown> {
  const isPublic = endpoint.auth === 'public';
  const status = endpoint.status ?? 200;
  const answers: Record<number, unknown> = { ...options.answers };
  if (status === 204) answers[204] = noBody('No content');
  return {
    operationId: operationIdFor(endpoint),
    tags: [tag],
    ...(endpoint.summary ? { summary: endpoint.summary } : {}),
    ...(options.consumes ? { consumes: options.consumes } : {}),
    // `[]`: public on purpose (an operation without `security` reads as forgotten).
    security: isPublic ? [] : bearerSecurity,
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(status !== 204 && endpoint.response
      ? { response: { [status]: envelope(endpoint.response) } }
      : {}),
    [docKeys.errors]: errorAnswersOf(endpoint, options),
    ...(endpoint.form ? { [docKeys.form]: endpoint.form } : {}),
    ...(Object.keys(answers).length > 0 ? { [docKeys.answers]: answers } : {}),
  };
}

/** Keys of a route schema only the document reads (Fastify compiles none of them). */
const docKeys = {
  errors: 'documentErrors',
  form: 'documentForm',
  answers: 'documentAnswers',
} as const;

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * Two spellings of zod's OpenAPI 3.0 output that mean less in OpenAPI 3.0 than zod meant, made
 * exact in place: `nullable` beside `anyOf` (3.0 ignores it there) becomes a null alternative,
 * and a record over an enum (`required` keys, one `additionalProperties` schema) names its keys.
 */
function forOpenApi30(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) forOpenApi30(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  for (const value of Object.values(schema)) forOpenApi30(value);
  if (schema.nullable === true && Array.isArray(schema.anyOf) && schema.type === undefined) {
    delete schema.nullable;
    schema.anyOf = [
      ...(schema.anyOf as unknown[]),
      { type: 'string', nullable: true, enum: [null] },
    ];
  }
  const extra = schema.additionalProperties;
  if (
    Array.isArray(schema.required) &&
    schema.properties === undefined &&
    typeof extra === 'object' &&
    extra !== null
  ) {
    schema.properties = Object.fromEntries(
      schema.required.map((key) => [String(key), { ...extra }]),
    );
  }
}

/**
 * @fastify/swagger's `transform`: the zod transform, after moving the document-only keys of
 * `documentedSchema` in place: problem answers and the multipart form go through zod's JSON
 * Schema conversion (a form as the body, which Fastify never validates: the route reads its
 * form itself), raw answers and 204s are added as written.
 */
export function documentTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const schema = input.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const {
    [docKeys.errors]: errors,
    [docKeys.form]: form,
    [docKeys.answers]: answers,
    ...rest
  } = schema;
  const response = { ...(rest.response as object | undefined), ...(errors as object | undefined) };
  const moved = {
    ...rest,
    ...(form ? { body: form } : {}),
    ...(Object.keys(response).length > 0 ? { response } : {}),
  };
  const result = jsonSchemaTransform({ ...input, schema: moved });
  forOpenApi30(result.schema);
  if (!answers) return result;
  const transformed = result.schema as Record<string, unknown>;
  return {
    ...result,
    schema: {
      ...transformed,
      response: { ...(transformed.response as object | undefined), ...answers },
    },
  };
}

/**
 * The route registrar of one module: `route(endpoint, handler)` registers the endpoint's method
 * and path with its schemas (so requests are validated and OpenAPI documents it), the auth guard
 * unless the endpoint is public, the success status, and the `{ data }` envelope. Handlers return
 * only the data: no route spells security, envelopes or `authOf(request)` again.
 */
export function routesFor(app: TypedApp, requireAuth: Guard, tag: string) {
  return function route<E extends Endpoint>(
    endpoint: E,
    handler: RouteHandler<E>,
    options: RouteOptions<E> = {},
  ): void {
    const isPublic = endpoint.auth === 'public';
    const status = endpoint.status ?? 200;
    const rateLimited = (options.config as { rateLimit?: unknown } | undefined)?.rateLimit;
    const access = options.access ? accessStepOf(endpoint, options.access) : undefined;
    const config = {
      ...options.config,
      ...access?.config,
      tokenAccess: tokenAccessOf(endpoint),
    };
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      ...(isPublic ? {} : { onRequest: requireAuth }),
      ...(access && 'preValidation' in access ? { preValidation: access.preValidation } : {}),
      ...(Object.keys(config).length > 0 ? { config } : {}),
      schema: documentedSchema(endpoint, tag, {
        ...(options.consumes ? { consumes: options.consumes } : {}),
        ...(options.answers ? { answers: options.answers } : {}),
        rateLimited: rateLimited !== false,
      }),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        // The validator compiler has already parsed these with the endpoint's own schemas, so
        // they have the endpoint's output types; Fastify's route-level types cannot say so here.
        const input = {
          params: request.params,
          query: request.query,
          body: request.body ?? {},
          request,
          reply,
          userId: isPublic ? undefined : authOf(request).userId,
        } as unknown as RouteInput<E>;
        const data = await handler(input);
        if (reply.sent) return reply;
        if (status === 204) return reply.code(204).send();
        const message =
          typeof options.message === 'function' ? options.message(input) : options.message;
        const payload = message === undefined ? { data } : { data, message };
        return reply.code(status).send(payload);
      },
    });
  };
}

/** An answer whose status the API document does not give for its route. */
export type UndocumentedAnswer = { method: string; route: string; status: number; code?: string };

/** The statuses the document gives a route (from `documentedSchema`), or undefined for a route it skips. */
export function documentedStatusesOf(schema: unknown): Set<number> | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const record = schema as Record<string, unknown>;
  if (record.hide || record[docKeys.errors] === undefined) return undefined;
  const statuses = new Set<number>();
  for (const key of [docKeys.errors, docKeys.answers, 'response'] as const) {
    const answers = record[key];
    if (typeof answers === 'object' && answers !== null) {
      for (const status of Object.keys(answers)) statuses.add(Number(status));
    }
  }
  return statuses;
}

/** Each route's documented statuses, worked out once per route, not on every answer. */
const documentedStatuses = new WeakMap<object, Set<number> | undefined>();
function statusesOfRoute(schema: unknown): Set<number> | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  if (!documentedStatuses.has(schema)) documentedStatuses.set(schema, documentedStatusesOf(schema));
  return documentedStatuses.get(schema);
}

/**
 * Tells `onUndocumented` of every answer (below 500) whose status the API document omits for its
 * route: the document's answers are declared by hand per endpoint (`errors`), and a service may
 * throw a refusal the endpoint never names. Registered before any route; tests make each such
 * answer a failure (test/test-app.ts), so a refusal a test sends cannot go undocumented.
 */
export function watchDocumentedAnswers(
  app: FastifyInstance,
  onUndocumented: (answer: UndocumentedAnswer) => void,
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const status = reply.statusCode;
    if (status >= 500) return payload;
    const statuses = statusesOfRoute(request.routeOptions.schema);
    if (!statuses || statuses.has(status)) return payload;
    let code: string | undefined;
    if (typeof payload === 'string' && status >= 400) {
      try {
        code = (JSON.parse(payload) as { code?: string }).code;
      } catch {
        // not a problem body: the status alone says enough
      }
    }
    onUndocumented({
      method: request.method,
      route: request.routeOptions.url ?? request.url,
      status,
      ...(code ? { code } : {}),
    });
    return payload;
  });
}
