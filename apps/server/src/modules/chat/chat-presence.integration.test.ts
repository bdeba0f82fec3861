import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRoom } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import { Topics } from '@teamup/contracts/events';
import type { Notification } from '@teamup/contracts/notifications';
import type { WorkspacePresence } from '@teamup/contracts/presence';
import { chatWorld, type ChatWorld } from '../../../test/chat-fixture';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { tellsPresence, type SseEvent } from '../../../test/sse-client';

/*
 * Typing and presence (decision 0021): alice and bob share `room`, carol is in the workspace
 * but not in it, `stranger` is in no workspace of theirs.
 */
let world: ChatWorld;
beforeAll(async () => {
  world = await chatWorld();
});
afterAll(async () => {
  await world?.close();
});

const typing = (user: TestUser, roomId: number) =>
  call(world.app, user, 'POST', `${world.rooms}/${roomId}/typing`);
const presence = async (user: TestUser) =>
  dataOf<WorkspacePresence>(
    await call(world.app, user, 'GET', `/api/workspaces/${world.workspace.id}/presence`),
  );
const statusIn = (answer: WorkspacePresence, user: TestUser) =>
  answer.users.find((entry) => entry.userId === user.userId)?.status ?? 'OFFLINE';
const isTyping = (e: SseEvent, user: TestUser) =>
  e.data['type'] === 'CHAT_TYPING' && e.data['userId'] === user.userId;
const presenceOf = (e: SseEvent, user: TestUser, status: string) =>
  tellsPresence(e, user.userId, status);
const waitUntil = async (check: () => Promise<boolean>, timeoutMs = 8000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe('typing indicator', () => {
  it('tells the room who is typing, over SSE and STOMP, unlogged, and at most once per interval', async () => {
    const { alice, bob, room, sse, stomp, send } = world;
    const bobStream = await sse(bob);
    const bobStomp = await stomp(bob, room.id);
    const first = await typing(alice, room.id);
    expect(first.statusCode, first.body).toBe(204);
    const events = await bobStream.waitFor((all) => all.some((e) => isTyping(e, alice)));
    const heard = events.find((e) => isTyping(e, alice));
    expect(heard?.data).toEqual({
      type: 'CHAT_TYPING',
      chatRoomId: room.id,
      userId: alice.userId,
      userName: '앨리스',
    });
    // Never replayed: no event id, and nothing in the event log.
    expect(heard?.id).toBeUndefined();
    expect(await bobStomp.waitFor((e) => e['type'] === 'CHAT_TYPING')).toMatchObject({
      userId: alice.userId,
    });
    const logged = await world.app.context.bus.replay([Topics.chatRoom(room.id)], 0, 1000);
    expect(logged.filter((e) => e['type'] === 'CHAT_TYPING')).toEqual([]);

    // A second "typing" right away is answered but not passed on; the message after it is.
    expect((await typing(alice, room.id)).statusCode).toBe(204);
    const message = await send(alice, room.id, { content: '다 썼어요' });
    await bobStream.waitFor((all) => all.some((e) => e.data['messageId'] === message.id));
    expect(bobStream.events.filter((e) => isTyping(e, alice))).toHaveLength(1);
    // Her message went out: her next words are told at once.
    expect((await typing(alice, room.id)).statusCode).toBe(204);
    await bobStream.waitFor((all) => all.filter((e) => isTyping(e, alice)).length === 2);
    bobStream.close();
    await bobStomp.client.deactivate();
  });

  it('takes typing over STOMP through the same service', async () => {
    const { bob, alice, workspace, room, sse, stomp } = world;
    const aliceStream = await sse(alice);
    const bobStomp = await stomp(bob, room.id);
    bobStomp.client.publish({
      destination: `/app/workspaces/${workspace.id}/chat-rooms/${room.id}/typing`,
      body: '{}',
    });
    await aliceStream.waitFor((all) => all.some((e) => isTyping(e, bob)));
    aliceStream.close();
    await bobStomp.client.deactivate();
  });

  it('refuses people outside the room or the workspace', async () => {
    const { carol, stranger, room } = world;
    expectProblem(await typing(carol, room.id), 403, 'CHAT_NOT_MEMBER');
    const outside = await typing(stranger, room.id);
    expect([403, 404]).toContain(outside.statusCode);
  });
});

describe('presence', () => {
  it('is online while a live connection is open, away when the client says so, offline after', async () => {
    const { alice, bob, sse } = world;
    const aliceStream = await sse(alice);
    expect(statusIn(await presence(alice), alice)).toBe('ONLINE');
    await waitUntil(async () => statusIn(await presence(alice), bob) === 'OFFLINE');

    const bobStream = await sse(bob);
    await aliceStream.waitFor((all) => all.some((e) => presenceOf(e, bob, 'ONLINE')));
    const changed = aliceStream.events.find((e) => presenceOf(e, bob, 'ONLINE'));
    expect(changed?.data).toEqual({
      type: 'PRESENCE_CHANGED',
      workspaceId: world.workspace.id,
      changes: [{ userId: bob.userId, status: 'ONLINE' }],
    });
    expect(changed?.id).toBeUndefined();
    expect(statusIn(await presence(alice), bob)).toBe('ONLINE');

    const away = await call(world.app, bob, 'PUT', '/api/presence/me', { status: 'AWAY' });
    expect(away.statusCode, away.body).toBe(204);
    await aliceStream.waitFor((all) => all.some((e) => presenceOf(e, bob, 'AWAY')));
    // Carol shares no room with bob: presence is a workspace matter.
    expect(statusIn(await presence(world.carol), bob)).toBe('AWAY');
    await call(world.app, bob, 'PUT', '/api/presence/me', { status: 'ONLINE' });
    await aliceStream.waitFor(
      (all) => all.filter((e) => presenceOf(e, bob, 'ONLINE')).length === 2,
    );

    const mark = aliceStream.events.length;
    bobStream.close();
    await aliceStream.waitFor(
      (all) => all.slice(mark).some((e) => presenceOf(e, bob, 'OFFLINE')),
      8000,
    );
    expect(statusIn(await presence(alice), bob)).toBe('OFFLINE');
    aliceStream.close();
  });

  it('tells a crowd coming online at once in a few events, each member in them once', async () => {
    const { app, alice, workspace, sse } = world;
    const crowd: TestUser[] = [];
    for (let i = 0; i < 12; i += 1) {
      const person = await createUser(app, `출석 ${i + 1}`);
      await call(app, person, 'POST', '/api/workspaces/join', {
        inviteCode: workspace.inviteCode,
      });
      crowd.push(person);
    }
    const watcher = await sse(alice);
    const mark = watcher.events.length;
    await Promise.all(crowd.map((person) => sse(person)));
    const heard = (all: SseEvent[]) =>
      crowd.every((person) => all.slice(mark).some((e) => presenceOf(e, person, 'ONLINE')));
    await watcher.waitFor(heard);
    const events = watcher.events.slice(mark).filter((e) => e.data['type'] === 'PRESENCE_CHANGED');
    // One event per gap (the first at once): twelve streams opening together are not twelve
    // events to every member.
    expect(events.length).toBeLessThanOrEqual(4);
    const told = events.flatMap((e) => e.data['changes'] as Array<{ userId: number }>);
    expect(told.filter((change) => crowd.some((p) => p.userId === change.userId))).toHaveLength(
      crowd.length,
    );
  });

  it('counts a STOMP socket as a connection and takes its away report', async () => {
    const { alice, carol, room, sse, stomp } = world;
    const carolStream = await sse(carol);
    const aliceStomp = await stomp(alice, room.id);
    await waitUntil(async () => statusIn(await presence(carol), alice) === 'ONLINE');
    aliceStomp.client.publish({ destination: '/app/presence', body: '{"status":"AWAY"}' });
    await carolStream.waitFor((all) => all.some((e) => presenceOf(e, alice, 'AWAY')));
    carolStream.close();
    await aliceStomp.client.deactivate();
  });

  it('checks its input and shows a workspace’s presence to its members only', async () => {
    const { alice, stranger, workspace } = world;
    const wrong = await call(world.app, alice, 'PUT', '/api/presence/me', { status: 'BUSY' });
    expectProblem(wrong, 400, 'VALIDATION_FAILED');
    const outside = await call(
      world.app,
      stranger,
      'GET',
      `/api/workspaces/${workspace.id}/presence`,
    );
    expect([403, 404]).toContain(outside.statusCode);
  });
});

describe('<@here>', () => {
  it('notifies the room members who are online, not the ones away or offline', async () => {
    const { app, alice, bob, carol, rooms, sse } = world;
    const trio = dataOf<ChatRoom>(
      await call(app, alice, 'POST', `${rooms}/create`, {
        name: '지금 있는 사람',
        chatMemberIdList: [bob.userId, carol.userId],
      }),
    );
    const inbox = async (user: TestUser) =>
      dataOf<Page<Notification>>(await call(app, user, 'GET', '/api/notifications?size=100'))
        .content;
    const mentionsOf = async (user: TestUser) =>
      (await inbox(user)).filter((n) => n.kind === 'MENTION').length;
    const bobStream = await sse(bob);
    await waitUntil(async () => statusIn(await presence(alice), bob) === 'ONLINE');
    await waitUntil(async () => statusIn(await presence(alice), carol) === 'OFFLINE');
    const bobBefore = await mentionsOf(bob);
    const carolBefore = await mentionsOf(carol);

    const sent = await call(app, alice, 'POST', `${rooms}/${trio.id}/messages`, {
      content: '<@here> 지금 볼 수 있는 분?',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await mentionsOf(bob)).toBe(bobBefore + 1);
    expect(await mentionsOf(carol)).toBe(carolBefore);

    // Away does not count as here; <@all> still wakes everyone.
    await call(app, bob, 'PUT', '/api/presence/me', { status: 'AWAY' });
    await call(app, alice, 'POST', `${rooms}/${trio.id}/messages`, { content: '<@here> 또?' });
    expect(await mentionsOf(bob)).toBe(bobBefore + 1);
    await call(app, alice, 'POST', `${rooms}/${trio.id}/messages`, { content: '<@all> 모두' });
    expect(await mentionsOf(bob)).toBe(bobBefore + 2);
    expect(await mentionsOf(carol)).toBe(carolBefore + 1);
    bobStream.close();
  });
});
