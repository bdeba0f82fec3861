import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom } from '@teamup/contracts/chat';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/* What a text message costs the database: the statements of a send and of what follows it. */

let app: TestApp;
let owner: TestUser;
let members: TestUser[];
let workspace: Workspace;
let room: ChatRoom;

beforeAll(async () => {
  app = await createTestApp();
  owner = await createUser(app, '방장');
  members = [];
  for (const name of ['가', '나', '다', '라']) members.push(await createUser(app, name));
  workspace = dataOf<Workspace>(
    await call(app, owner, 'POST', '/api/workspaces', { name: '비용' }),
  );
  for (const member of members) {
    await call(app, member, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
  room = dataOf<ChatRoom>(
    await call(app, owner, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/create`, {
      name: '다섯',
      chatMemberIdList: members.map((member) => member.userId),
    }),
  );
});
afterAll(async () => {
  await app.close();
});

const messagesUrl = () => `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/messages`;

/** The statements `run` and the reactions it leaves queued make, by what they touch. */
async function statementsOf(run: () => Promise<unknown>) {
  const statements: string[] = [];
  const session = (app.context.database.db as unknown as { session: { logger: unknown } }).session;
  const original = session.logger;
  session.logger = { logQuery: (query: string) => statements.push(query) };
  try {
    await run();
    await app.context.domainEvents.settled();
  } finally {
    session.logger = original;
  }
  const of = (pattern: RegExp) => statements.filter((query) => pattern.test(query)).length;
  return {
    all: statements.length,
    sends: of(/insert into "chat_messages"/i),
    eventLog: of(/insert into "live_events"/i),
    notices: of(/"notifications"|"chat_room_members"\."notify_level"/i),
  };
}

describe('the cost of a text message', () => {
  it('a send is one statement, its live event one more, its notices two', async () => {
    // Warm: the access caches and the room's folded notices exist.
    await call(app, owner, 'POST', messagesUrl(), { content: '처음' });
    await app.context.domainEvents.settled();
    const cost = await statementsOf(async () => {
      const sent = await call(app, owner, 'POST', messagesUrl(), { content: '하나' });
      expect(sent.statusCode).toBe(201);
    });
    expect(cost).toEqual({ all: 4, sends: 1, eventLog: 1, notices: 2 });
  });

  it('a burst shares its event-log writes and its notices', async () => {
    const burst = 20;
    const cost = await statementsOf(async () => {
      const answers = await Promise.all(
        Array.from({ length: burst }, (_, index) =>
          call(app, members[index % members.length] as TestUser, 'POST', messagesUrl(), {
            content: `메시지 ${index}`,
          }),
        ),
      );
      for (const answer of answers) expect(answer.statusCode).toBe(201);
      const ids = answers.map((answer) => dataOf<ChatMessage>(answer).id);
      expect(new Set(ids).size).toBe(burst);
    });
    expect(cost.sends).toBe(burst);
    expect(cost.eventLog).toBeLessThan(burst / 2);
    expect(cost.notices).toBeLessThan(burst / 2);
    // Everyone but the sender of the last message is told of it, counted up.
    const inbox = await call(app, owner, 'GET', '/api/notifications?size=10');
    const chat = dataOf<{ content: Array<{ kind: string; count: number }> }>(inbox).content.find(
      (item) => item.kind === 'CHAT_MESSAGE',
    );
    expect(chat?.count).toBe(burst);
  });
});
