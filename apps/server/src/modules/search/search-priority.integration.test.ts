import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/*
 * Decision 0039: searches give way to every other request. The app tells the search gate of
 * each request but the search route's own, from its start to its end, whatever its route or
 * answer (a 404 too); a search's sources wait on the gate between their statements.
 */

let app: TestApp;
let user: TestUser;
let workspace: Workspace;

beforeAll(async () => {
  app = await createTestApp();
  user = await createUser(app);
  workspace = dataOf<Workspace>(
    await call(app, user, 'POST', '/api/workspaces', { name: '검색 순서 확인' }),
  );
});

afterAll(async () => {
  await app.close();
});

/** Watches the gate: how many requests it was told of, and how many of them ended. */
function watchGate() {
  const gate = app.context.searchGate;
  const told = { started: 0, ended: 0 };
  const original = gate.otherStarted.bind(gate);
  const spy = vi.spyOn(gate, 'otherStarted').mockImplementation(() => {
    told.started += 1;
    const end = original();
    return () => {
      told.ended += 1;
      end();
    };
  });
  return { told, gate, restore: () => spy.mockRestore() };
}

describe('searches give way to other requests', () => {
  it('tells the gate of every other request, from its start to its end', async () => {
    const { told, restore } = watchGate();
    try {
      expect((await call(app, user, 'GET', '/api/users/me')).statusCode).toBe(200);
      expect((await call(app, user, 'GET', '/api/no-such-route')).statusCode).toBe(404);
      expect((await call(app, null, 'GET', '/api/users/me')).statusCode).toBe(401);
      expect(told).toEqual({ started: 3, ended: 3 });
    } finally {
      restore();
    }
  });

  it('does not count the search route itself, and a search paces its statements', async () => {
    const { told, gate, restore } = watchGate();
    const originalRun = gate.run.bind(gate);
    let paced = 0;
    const run = vi.spyOn(gate, 'run').mockImplementation((accountId, work) =>
      originalRun(accountId, (pace) =>
        work(() => {
          paced += 1;
          return pace();
        }),
      ),
    );
    try {
      const response = await call(
        app,
        user,
        'GET',
        `/api/workspaces/${workspace.id}/search?q=${encodeURIComponent('회의록')}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(told.started).toBe(0);
      expect(run).toHaveBeenCalledTimes(1);
      expect(run.mock.calls[0]?.[0]).toBe(user.userId);
      // Before each source at least (and before the statements of the costly ones).
      expect(paced).toBeGreaterThanOrEqual(app.context.hooks.searchSources.length);
    } finally {
      run.mockRestore();
      restore();
    }
  });
});
