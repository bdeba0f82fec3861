import Fastify, { type FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { teamEndpoints } from '@teamup/contracts/teams';
import { forbidden } from '../errors/app-error';
import { registerProblemHandlers } from '../errors/problem';
import { accessStepOf, documentedSchema, requireAccessSteps, routesFor } from './define-route';
import { reusingSerializerCompiler } from './shared-answers';
import { registerRequestValidation } from './validation';

/** The app's request pipeline without the app: validator, problem answers, the access rule. */
function bareApp() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  registerRequestValidation(app);
  app.setSerializerCompiler(reusingSerializerCompiler);
  registerProblemHandlers(app);
  requireAccessSteps(app);
  return app;
}

/** A guard that signs in user 7 (the access step reads the caller from it). */
const signedIn = async (request: FastifyRequest) => {
  request.auth = { userId: 7, sessionId: 1 };
};

let open: ReturnType<typeof bareApp> | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe('access steps (decision 0036)', () => {
  it('refuses to register a route that names something and reads a body without one', async () => {
    const app = (open = bareApp());
    const route = routesFor(app, signedIn, 'teams');
    expect(() => route(teamEndpoints.remove, async () => {})).toThrow(
      /DELETE \/teams\/:id: .*access step/,
    );
  });

  it('holds raw routes to the same rule', async () => {
    const app = (open = bareApp());
    const endpoint = teamEndpoints.update;
    const register = () =>
      app.route({
        method: endpoint.method,
        url: endpoint.path,
        onRequest: signedIn,
        schema: { ...documentedSchema(endpoint, 'teams'), body: endpoint.body },
        handler: async () => ({}),
      });
    expect(register).toThrow(/PUT \/teams\/:id: .*access step/);
  });

  it('lets a route that reads nothing but its path go to its service', async () => {
    const app = (open = bareApp());
    routesFor(app, signedIn, 'teams')(teamEndpoints.members, async () => []);
    await app.ready();
    expect((await app.inject({ url: '/teams/3/members' })).statusCode).toBe(200);
  });

  it('runs the step before the body is validated, with the parsed path and the caller', async () => {
    const app = (open = bareApp());
    const seen: Array<{ id: number; userId: number }> = [];
    let handled = 0;
    routesFor(app, signedIn, 'teams')(
      teamEndpoints.remove,
      async () => {
        handled += 1;
      },
      {
        access: async ({ params, userId }) => {
          seen.push({ id: params.id, userId });
          if (params.id !== 1) throw forbidden();
        },
      },
    );
    await app.ready();
    const wrongType = { confirmName: 7 };
    const refused = await app.inject({ method: 'DELETE', url: '/teams/2', payload: wrongType });
    expect(refused.statusCode).toBe(403);
    expect(seen).toEqual([{ id: 2, userId: 7 }]);
    // Allowed through, the same body is the validator's 400; a good one reaches the handler.
    const invalid = await app.inject({ method: 'DELETE', url: '/teams/1', payload: wrongType });
    expect(invalid.statusCode).toBe(400);
    expect((await app.inject({ method: 'DELETE', url: '/teams/1' })).statusCode).toBe(204);
    expect(handled).toBe(1);
    // A path that names nothing is the validator's 400, and the step is not asked.
    const badId = await app.inject({ method: 'DELETE', url: '/teams/abc', payload: wrongType });
    expect(badId.statusCode).toBe(400);
    expect(seen).toHaveLength(3);
  });

  it('registers a path marked open, which goes straight to validation', async () => {
    const app = (open = bareApp());
    const endpoint = teamEndpoints.join;
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      onRequest: signedIn,
      ...accessStepOf(endpoint, { open: 'a test of the open marker' }),
      schema: { ...documentedSchema(endpoint, 'teams'), body: endpoint.body },
      handler: async () => ({ data: null }),
    });
    await app.ready();
    const answer = await app.inject({
      method: 'POST',
      url: '/teams/1/join',
      payload: { password: 5 },
    });
    expect(answer.statusCode).toBe(400);
  });
});
