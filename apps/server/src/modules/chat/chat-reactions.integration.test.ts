import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_REACTIONS,
  ChatMessages,
  type ChatMessage,
  type ChatMessageReactions,
} from '@teamup/contracts/chat';
import { chatWorld, type ChatWorld } from '../../../test/chat-fixture';
import { call, dataOf, expectProblem, type TestUser } from '../../../test/factories';

let world: ChatWorld;
beforeAll(async () => {
  world = await chatWorld();
});
afterAll(async () => {
  await world?.close();
});

const react = (user: TestUser, roomId: number, messageId: number, body: unknown) =>
  call(world.app, user, 'PUT', `${world.rooms}/${roomId}/messages/${messageId}/reactions`, body);

describe('reactions', () => {
  it('toggles per person, counts, names who reacted, and shows in the message list', async () => {
    const { alice, bob, room, send, page } = world;
    const message = await send(alice, room.id, { content: '발표 자료 올렸어요' });
    expect(message.reactions).toEqual([]);
    const first = await react(bob, room.id, message.id, { emoji: '👍', reacted: true });
    expect(first.statusCode, first.body).toBe(200);
    await react(alice, room.id, message.id, { emoji: '✅', reacted: true });
    await react(alice, room.id, message.id, { emoji: '👍', reacted: true });
    // Twice on is still once.
    const again = dataOf<ChatMessageReactions>(
      await react(alice, room.id, message.id, { emoji: '👍', reacted: true }),
    );
    expect(again).toEqual({
      chatRoomId: room.id,
      messageId: message.id,
      reactions: [
        {
          emoji: '👍',
          count: 2,
          users: [
            { id: bob.userId, name: '밥' },
            { id: alice.userId, name: '앨리스' },
          ],
        },
        { emoji: '✅', count: 1, users: [{ id: alice.userId, name: '앨리스' }] },
      ],
    });
    const off = dataOf<ChatMessageReactions>(
      await react(bob, room.id, message.id, { emoji: '👍', reacted: false }),
    );
    expect(off.reactions.map((r) => [r.emoji, r.count])).toEqual([
      ['👍', 1],
      ['✅', 1],
    ]);
    const listed = (await page(bob, room.id)).find((m) => m.id === message.id);
    expect(listed?.reactions).toEqual(off.reactions);
  });

  it('is live for everyone in the room, over SSE and STOMP, and can be sent over STOMP', async () => {
    const { alice, bob, room, workspace, send, sse, stomp } = world;
    const message = await send(alice, room.id, { content: '점심 뭐 먹을까요' });
    const aliceStream = await sse(alice);
    const aliceStomp = await stomp(alice, room.id);
    const bobStomp = await stomp(bob, room.id);
    await react(bob, room.id, message.id, { emoji: '😂', reacted: true });
    const isReaction = (e: { data: Record<string, unknown> }) =>
      e.data['type'] === 'CHAT_REACTIONS_CHANGED' && e.data['messageId'] === message.id;
    const event = (await aliceStream.waitFor((events) => events.some(isReaction))).find(isReaction);
    expect(event).toBeDefined();
    const heard = await aliceStomp.waitFor(
      (e) => e['type'] === 'CHAT_REACTIONS_CHANGED' && e['messageId'] === message.id,
    );
    expect(heard?.['reactions']).toEqual([
      { emoji: '😂', count: 1, users: [{ id: bob.userId, name: '밥' }] },
    ]);
    // Alice reacts over STOMP; Bob hears it.
    aliceStomp.client.publish({
      destination: `/app/workspaces/${workspace.id}/chat-rooms/${room.id}/messages/${message.id}/reactions`,
      body: JSON.stringify({ emoji: '🙏', reacted: true }),
    });
    const fromStomp = await bobStomp.waitFor(
      (e) =>
        e['type'] === 'CHAT_REACTIONS_CHANGED' && JSON.stringify(e['reactions']).includes('🙏'),
    );
    expect(fromStomp?.['messageId']).toBe(message.id);
  });

  it('refuses an emoji outside the set with a Korean reason, over HTTP and STOMP', async () => {
    const { alice, room, workspace, send, page, stomp } = world;
    const message = await send(alice, room.id, { content: '이모지 시험' });
    for (const emoji of ['🍕', '', 'like', '👍👍']) {
      const refused = await react(alice, room.id, message.id, { emoji, reacted: true });
      expectProblem(refused, 400, 'VALIDATION_FAILED');
      expect(refused.body).toContain(ChatMessages.reactionNotAllowed);
    }
    const aliceStomp = await stomp(alice, room.id);
    aliceStomp.client.publish({
      destination: `/app/workspaces/${workspace.id}/chat-rooms/${room.id}/messages/${message.id}/reactions`,
      body: JSON.stringify({ emoji: '🍕', reacted: true }),
    });
    // The refusal closes that socket; nothing was stored.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const listed = (await page(alice, room.id)).find((m) => m.id === message.id);
    expect(listed?.reactions).toEqual([]);
    expect(CHAT_REACTIONS).toHaveLength(7);
  });

  it('lets only room members react, and only on a live message of that room', async () => {
    const { alice, bob, carol, stranger, room, otherRoom, rooms, send, app } = world;
    const message = await send(alice, room.id, { content: '멤버만' });
    const body = { emoji: '❤️', reacted: true };
    expectProblem(await react(carol, room.id, message.id, body), 403, 'CHAT_NOT_MEMBER');
    expectProblem(await react(stranger, room.id, message.id, body), 403, 'WORKSPACE_FORBIDDEN');
    // A message of another room named through this room is not found here.
    const elsewhere = await send(carol, otherRoom.id, { content: '다른 방' });
    expectProblem(await react(bob, room.id, elsewhere.id, body), 404, 'CHAT_MESSAGE_NOT_FOUND');
    // A deleted message takes no reaction, and loses the ones it had.
    await react(bob, room.id, message.id, body);
    await call(app, alice, 'PATCH', `${rooms}/${room.id}/messages/${message.id}/delete`);
    expectProblem(
      await react(bob, room.id, message.id, { emoji: '👍', reacted: true }),
      404,
      'CHAT_MESSAGE_NOT_FOUND',
    );
    const listed = dataOf<{ content: ChatMessage[] }>(
      await call(app, bob, 'GET', `${rooms}/${room.id}/messages?sort=createdAt,desc&size=5`),
    ).content.find((m) => m.id === message.id);
    expect(listed).toMatchObject({ deleted: true, reactions: [] });
  });
});
