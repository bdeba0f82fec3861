import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatMessages, type ChatMessage, type ChatRoom } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import type { Notification } from '@teamup/contracts/notifications';
import { chatWorld, type ChatWorld } from '../../../test/chat-fixture';
import { call, dataOf, expectProblem, type TestUser } from '../../../test/factories';

/*
 * Bob (a plain workspace member) owns `bobsRoom` with alice (the workspace's owner) and carol
 * (a plain member): who may wake the whole room with <@all> / <@here>.
 */
let world: ChatWorld;
let bobsRoom: ChatRoom;
beforeAll(async () => {
  world = await chatWorld();
  const { app, alice, bob, carol, rooms } = world;
  const made = await call(app, bob, 'POST', `${rooms}/create`, {
    name: '밥의 방',
    chatMemberIdList: [alice.userId, carol.userId],
  });
  expect(made.statusCode, made.body).toBe(201);
  bobsRoom = dataOf<ChatRoom>(made);
});
afterAll(async () => {
  await world?.close();
});

const post = (user: TestUser, content: string) =>
  call(world.app, user, 'POST', `${world.rooms}/${bobsRoom.id}/messages`, { content });
const inbox = async (user: TestUser) =>
  dataOf<Page<Notification>>(await call(world.app, user, 'GET', '/api/notifications?size=100'))
    .content;

describe('mentions', () => {
  it('keeps a member mention as their id in the text, live, and notifies them', async () => {
    const { bob, carol, sse, stomp } = world;
    const bobStream = await sse(bob);
    const bobStomp = await stomp(bob, bobsRoom.id);
    const sent = await post(carol, `<@${bob.userId}> 자료 확인 부탁해요`);
    expect(sent.statusCode, sent.body).toBe(201);
    const message = dataOf<ChatMessage>(sent);
    expect(message.content).toBe(`<@${bob.userId}> 자료 확인 부탁해요`);
    const heard = await bobStomp.waitFor(
      (e) => e['type'] === 'NEW_CHAT_MESSAGE' && e['messageId'] === message.id,
    );
    expect(heard?.['content']).toBe(message.content);
    await bobStream.waitFor((events) =>
      events.some(
        (e) =>
          e.data['type'] === 'NOTIFICATION_CREATED' &&
          (e.data['notification'] as Notification).kind === 'MENTION',
      ),
    );
    expect((await inbox(bob))[0]).toMatchObject({
      kind: 'MENTION',
      message: '밥의 방에서 캐럴님이 회원님을 언급했습니다.',
      // Opens the message itself (the chat page's `?message=`), not only the room.
      link: `/ws/${world.workspace.id}/chat/${bobsRoom.id}?message=${message.id}`,
    });
  });

  it('lets only the room owner and workspace admins mention everyone', async () => {
    const { alice, bob, carol } = world;
    for (const text of ['<@all> 회의 5분 전', '모두 <@here>']) {
      const refused = await post(carol, text);
      expectProblem(refused, 403, 'CHAT_MENTION_ALL_FORBIDDEN');
      expect(refused.body).toContain(ChatMessages.mentionAllForbidden);
    }
    const fromOwner = await post(bob, '<@all> 회의 시작합니다');
    expect(fromOwner.statusCode, fromOwner.body).toBe(201);
    expect((await inbox(carol))[0]).toMatchObject({ kind: 'MENTION' });
    expect((await inbox(alice))[0]).toMatchObject({ kind: 'MENTION' });
    const fromAdmin = await post(alice, '<@here> 공지 확인');
    expect(fromAdmin.statusCode, fromAdmin.body).toBe(201);
    const texts = (await world.page(carol, bobsRoom.id)).map((m) => m.content);
    expect(texts).not.toContain('<@all> 회의 5분 전');
    expect(texts).toContain('<@all> 회의 시작합니다');
  });

  it('holds the same rule for an edit and over STOMP', async () => {
    const { carol, workspace, stomp } = world;
    const mine = dataOf<ChatMessage>(await post(carol, '곧 시작해요'));
    const edited = await call(
      world.app,
      carol,
      'PATCH',
      `${world.rooms}/${bobsRoom.id}/messages/${mine.id}`,
      { content: '<@all> 곧 시작해요' },
    );
    expectProblem(edited, 403, 'CHAT_MENTION_ALL_FORBIDDEN');
    const carolStomp = await stomp(carol, bobsRoom.id);
    carolStomp.client.publish({
      destination: `/app/workspaces/${workspace.id}/chat-rooms/${bobsRoom.id}/messages`,
      body: JSON.stringify({ content: '<@here> STOMP로' }),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const texts = (await world.page(carol, bobsRoom.id)).map((m) => m.content);
    expect(texts).toContain('곧 시작해요');
    expect(texts).not.toContain('<@all> 곧 시작해요');
    expect(texts).not.toContain('<@here> STOMP로');
  });
});
