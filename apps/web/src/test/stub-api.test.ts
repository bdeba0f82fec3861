import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, problem, routes, stubApi } from './stub-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the scripted server of the web tests', () => {
  it('records each call: method, path, query, headers and the JSON body parsed', async () => {
    const calls = stubApi(() => ok({ id: 1 }, 201));
    const answer = await fetch('/api/posts?page=2', {
      method: 'POST',
      headers: { Authorization: 'Bearer access' },
      body: JSON.stringify({ title: '공지' }),
    });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ data: { id: 1 } });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/posts', body: { title: '공지' } });
    expect(calls[0]?.query.get('page')).toBe('2');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer access');
  });

  it('keeps a body that is not JSON as it was sent', async () => {
    const calls = stubApi();
    const form = new FormData();
    await fetch('/api/files', { method: 'POST', body: form });
    expect(calls[0]?.body).toBe(form);
  });

  it('answers the session as the test user, or leaves it to the handler', async () => {
    stubApi();
    const signedIn = await fetch('/api/auth/session');
    expect(await signedIn.json()).toMatchObject({ data: { authenticated: true, user: { id: 3 } } });
    stubApi(() => undefined, { user: null });
    expect((await fetch('/api/auth/session')).status).toBe(404);
  });

  it('routes by method and path, any method by path alone, and 404s the rest', async () => {
    stubApi(
      routes({
        'DELETE /api/teams/7': () => new Response(null, { status: 204 }),
        '/api/teams/7': () => problem(403, 'TEAM_FORBIDDEN'),
      }),
    );
    expect((await fetch('/api/teams/7', { method: 'DELETE' })).status).toBe(204);
    const refused = await fetch('/api/teams/7?x=1');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'TEAM_FORBIDDEN',
      detail: 'TEAM_FORBIDDEN',
    });
    expect((await fetch('/api/teams/8')).status).toBe(404);
  });
});
