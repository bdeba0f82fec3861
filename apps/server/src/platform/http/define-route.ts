import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { envelope } from '@teamup/contracts/common';
import type { Endpoint, EndpointInput, EndpointOutput } from '@teamup/contracts/endpoint';
import { authOf } from '../auth/guard';
import type { Guard, TypedApp } from './types';

/** What a handler gets: the parsed params, query and body, and the caller when signed in. */
export type RouteInput<E extends Endpoint> = EndpointInput<E> & {
  request: FastifyRequest;
  reply: FastifyReply;
} & (E['auth'] extends 'public' ? { userId?: undefined } : { userId: number });

export type RouteHandler<E extends Endpoint> = (input: RouteInput<E>) => Promise<EndpointOutput<E>>;

export interface RouteOptions {
  /** The envelope's `message` on success (spec texts such as '일정이 등록되었습니다.'). */
  message?: string;
  /** Fastify route config: a route's own rate limit. */
  config?: RouteShorthandOptions['config'];
  /** The request body's media types for OpenAPI, e.g. `['multipart/form-data']` for uploads. */
  consumes?: string[];
}

const bearerSecurity = [{ bearer: [] }];

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
    options: RouteOptions = {},
  ): void {
    const isPublic = endpoint.auth === 'public';
    const status = endpoint.status ?? 200;
    // A 204 has no body, so no response schema (documenting it is the API-docs work of issue 22).
    const response =
      status === 204 || !endpoint.response ? undefined : { [status]: envelope(endpoint.response) };
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      ...(isPublic ? {} : { onRequest: requireAuth }),
      ...(options.config ? { config: options.config } : {}),
      schema: {
        tags: [tag],
        ...(endpoint.summary ? { summary: endpoint.summary } : {}),
        ...(options.consumes ? { consumes: options.consumes } : {}),
        ...(isPublic ? {} : { security: bearerSecurity }),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(response ? { response } : {}),
      },
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
        const payload =
          options.message === undefined ? { data } : { data, message: options.message };
        return reply.code(status).send(payload);
      },
    });
  };
}
