import { z } from 'zod';
import type { ErrorCode } from './error-codes';

/**
 * One HTTP operation of the API, declared once and used by both apps: the server registers its
 * route from it (platform/http/define-route.ts: schemas, status, security, envelope) and the web
 * builds its request paths with `pathOf`. Paths are relative to `/api`.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  readonly method: HttpMethod;
  /** Fastify style: `/teams/:teamId/schedules/:id`. */
  readonly path: string;
  readonly summary?: string;
  /**
   * `user`: a bearer token is required (the default), a browser session's or a personal access
   * token with the scope the call needs; `session`: a browser session's only (account security,
   * the instance admin); `public`: anyone may call it.
   */
  readonly auth?: 'user' | 'session' | 'public';
  /**
   * The scope a personal access token needs for this call when it is not the method's (`read`
   * for GET, `write` for the others): `chat` for a chat send, `read` for opening a live stream
   * (contracts/tokens.ts).
   */
  readonly tokenScope?: 'read' | 'chat';
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The `data` of the `{ data }` envelope; absent for 204 answers. */
  readonly response?: z.ZodType;
  /** The success status: 200 by default, 201 for creations, 204 when there is no body. */
  readonly status?: 200 | 201 | 204;
  /**
   * The problem codes this operation answers beyond the ones every operation of its kind can
   * give (the server derives those: 400, 401, 403, 404, 413, 414, 415, 429), by status. Only
   * for the API document: the server throws what it throws.
   */
  readonly errors?: Partial<Record<ErrorStatus, readonly ErrorCode[]>>;
  /**
   * The fields of a `multipart/form-data` body, for the API document only (the route reads the
   * form itself): a file part is a string with `format: 'binary'` (see `binaryFile`).
   */
  readonly form?: z.ZodType;
}

/** A file part of a multipart form, as the API document describes it. */
export const binaryFile = (description: string) =>
  z.string().meta({ format: 'binary', description });

/** The error statuses an operation documents. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 414 | 415 | 429 | 503;

/** Declares an endpoint, keeping its literal types (the path names its params). */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

// pathOf lives in path-of.ts, which imports no zod: the web's first screen builds its paths
// without loading the schemas.
export { pathOf, type PathParams } from './path-of';

/** The parsed input a route handler receives for an endpoint. */
export type EndpointInput<E extends Endpoint> = {
  params: E['params'] extends z.ZodType ? z.output<E['params']> : Record<string, never>;
  query: E['query'] extends z.ZodType ? z.output<E['query']> : Record<string, never>;
  body: E['body'] extends z.ZodType ? z.output<E['body']> : Record<string, never>;
};

/** What a successful call answers in `data` (void for 204). */
export type EndpointOutput<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.input<E['response']>
  : void;
