import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/*
 * A room summary (create-dm's answer, the room list) shows of the room's messages only what its
 * viewer may read: nothing of a room they are not in, such as a DM they left (issue 39).
 */

let app: TestApp;
let alice: TestUser;
let bob: TestUser;
let workspace: Workspace;

beforeAll(async () => {
  app = await createTestApp();
  alice = await createUser(app, '앨리스');
  bob = await createUser(app, '밥');
  workspace = dataOf<Workspace>(
    await call(app, alice, 'POST', '/api/workspaces', { name: '나간 방 수업' }),
  );
  await call(app, bob, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
});
afterAll(async () => {
  await app?.close();
});

const rooms = () => `/api/workspaces/${workspace.id}/chat-rooms`;

async function openDm(user: TestUser, other: TestUser) {
  const response = await call(app, user, 'POST', `${rooms()}/create-dm`, {
    chatMemberIdList: [other.userId],
    workspaceId: workspace.id,
  });
  expect([200, 201], response.body).toContain(response.statusCode);
  return dataOf<ChatRoom>(response);
}

async function send(user: TestUser, roomId: number, content: string) {
  const response = await call(app, user, 'POST', `${rooms()}/${roomId}/messages`, { content });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<ChatMessage>(response);
}

describe('a DM its viewer left', () => {
  it('create-dm answers it without its newest message or unread count', async () => {
    const dm = await openDm(alice, bob);
    await send(bob, dm.id, '나가기 전의 말');
    const left = await call(app, alice, 'PATCH', `${rooms()}/${dm.id}/leave`);
    expect(left.statusCode, left.body).toBe(204);
    await send(bob, dm.id, '나간 뒤의 비밀');

    // Alice cannot read the room's messages now...
    expect((await call(app, alice, 'GET', `${rooms()}/${dm.id}/messages`)).statusCode).toBe(403);
    // ...so its summary shows none of them either.
    const again = await openDm(alice, bob);
    expect(again.id).toBe(dm.id);
    expect(again.lastMessage).toBeNull();
    expect(again.unreadCount).toBe(0);
    expect(JSON.stringify(again)).not.toContain('비밀');
    const list = dataOf<Page<ChatRoom>>(await call(app, alice, 'GET', `${rooms()}?size=100`));
    expect(list.content.map((room) => room.id)).not.toContain(dm.id);

    // Bob, still in it, sees the newest message as before.
    const bobs = await openDm(bob, alice);
    expect(bobs.lastMessage?.content).toBe('나간 뒤의 비밀');
    expect(bobs.unreadCount).toBe(0);
  });
});
