import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatReadPointers, ChatRoom } from '@teamup/contracts/chat';
import { chatWorld, type ChatWorld } from '../../../test/chat-fixture';
import { call, dataOf, expectProblem, type TestUser } from '../../../test/factories';

let world: ChatWorld;
let trio: ChatRoom;
beforeAll(async () => {
  world = await chatWorld();
  trio = await world.group(world.alice, [world.bob, world.carol], '셋이서');
});
afterAll(async () => {
  await world?.close();
});

const pointersOf = async (user: TestUser, roomId: number) =>
  dataOf<ChatReadPointers>(
    await call(world.app, user, 'GET', `${world.rooms}/${roomId}/read-pointers`),
  );
const read = (user: TestUser, roomId: number, messageId: number) =>
  call(world.app, user, 'PATCH', `${world.rooms}/${roomId}/last-read-refresh`, { messageId });

describe('read counts from read pointers', () => {
  it('answers every member’s pointer once; sending moves the sender’s, reading the reader’s', async () => {
    const { alice, bob, carol, send } = world;
    const first = await send(alice, trio.id, { content: '다들 읽었나요?' });
    const pointers = await pointersOf(bob, trio.id);
    expect(pointers).toEqual({
      chatRoomId: trio.id,
      pointers: [
        { userId: alice.userId, lastReadMessageId: first.id },
        { userId: bob.userId, lastReadMessageId: null },
        { userId: carol.userId, lastReadMessageId: null },
      ],
    });
    expect((await read(bob, trio.id, first.id)).statusCode).toBe(204);
    const after = await pointersOf(carol, trio.id);
    expect(after.pointers.find((p) => p.userId === bob.userId)?.lastReadMessageId).toBe(first.id);
  });

  it('announces each move to the room with where it came from, over SSE and STOMP', async () => {
    const { alice, bob, carol, workspace, send, sse, stomp } = world;
    const one = await send(alice, trio.id, { content: '하나' });
    const two = await send(alice, trio.id, { content: '둘' });
    const aliceStream = await sse(alice);
    const aliceStomp = await stomp(alice, trio.id);
    const carolStomp = await stomp(carol, trio.id);
    const before = (await pointersOf(carol, trio.id)).pointers.find(
      (p) => p.userId === carol.userId,
    );
    await read(carol, trio.id, one.id);
    const moved = (e: Record<string, unknown>, to: number) =>
      e['type'] === 'CHAT_READ_POINTER_MOVED' && e['lastReadMessageId'] === to;
    const events = await aliceStream.waitFor((all) => all.some((e) => moved(e.data, one.id)));
    expect(events.find((e) => moved(e.data, one.id))?.data).toEqual({
      type: 'CHAT_READ_POINTER_MOVED',
      chatRoomId: trio.id,
      userId: carol.userId,
      previousMessageId: before?.lastReadMessageId ?? null,
      lastReadMessageId: one.id,
    });
    expect(await aliceStomp.waitFor((e) => moved(e, one.id))).toMatchObject({
      userId: carol.userId,
    });
    // Carol reads on over STOMP: the move starts where the last one ended.
    carolStomp.client.publish({
      destination: `/app/workspaces/${workspace.id}/chat-rooms/${trio.id}/read`,
      body: JSON.stringify({ messageId: two.id }),
    });
    expect(await aliceStomp.waitFor((e) => moved(e, two.id))).toMatchObject({
      userId: carol.userId,
      previousMessageId: one.id,
    });
    // Reading an older message again moves nothing and announces nothing.
    await read(carol, trio.id, one.id);
    await read(bob, trio.id, two.id);
    await aliceStomp.waitFor((e) => moved(e, two.id) && e['userId'] === bob.userId);
    const carolMoves = aliceStomp.heard.filter(
      (e) => e['type'] === 'CHAT_READ_POINTER_MOVED' && e['userId'] === carol.userId,
    );
    expect(carolMoves).toHaveLength(2);
  });

  it('shows pointers to room members only and refuses a bad read with a problem', async () => {
    const { alice, carol, stranger, room, otherRoom, send, app, rooms, workspace } = world;
    expectProblem(
      await call(app, carol, 'GET', `${rooms}/${room.id}/read-pointers`),
      403,
      'CHAT_NOT_MEMBER',
    );
    expectProblem(
      await call(app, stranger, 'GET', `${rooms}/${room.id}/read-pointers`),
      403,
      'WORKSPACE_FORBIDDEN',
    );
    expectProblem(
      await call(
        app,
        alice,
        'GET',
        `/api/workspaces/${workspace.id}/chat-rooms/999999/read-pointers`,
      ),
      404,
      'CHAT_ROOM_NOT_FOUND',
    );
    const elsewhere = await send(carol, otherRoom.id, { content: '다른 방' });
    expectProblem(await read(alice, room.id, elsewhere.id), 404, 'CHAT_MESSAGE_NOT_FOUND');
    expectProblem(
      await call(app, alice, 'PATCH', `${rooms}/${room.id}/last-read-refresh`, { messageId: 'x' }),
      400,
      'VALIDATION_FAILED',
    );
  });
});
