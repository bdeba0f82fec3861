import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatRoom } from '@teamup/contracts/chat';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, type TestUser } from '../../../test/factories';
import { connectStomp, sendJson } from '../../../test/stomp-client';
import { createTestApp, listenLocally, type TestApp } from '../../../test/test-app';

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

  it('tells the gate of every STOMP send too, from its start to its end', async () => {
    const wsUrl = `${(await listenLocally(app)).replace('http', 'ws')}/ws`;
    const other = await createUser(app);
    await call(app, other, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
    const room = dataOf<ChatRoom>(
      await call(app, user, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/create`, {
        name: '순서 방',
        chatMemberIdList: [other.userId],
      }),
    );
    const client = await connectStomp(wsUrl, user);
    const { told, restore } = watchGate();
    try {
      const destination = `/app/workspaces/${workspace.id}/chat-rooms/${room.id}/messages`;
      await sendJson(client, destination, { content: '검색보다 먼저' });
      await sendJson(client, destination, { content: '이것도 먼저' });
      expect(client.frames.filter((frame) => frame.command === 'RECEIPT')).toHaveLength(2);
      expect(told).toEqual({ started: 2, ended: 2 });
    } finally {
      restore();
      client.socket.close();
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
