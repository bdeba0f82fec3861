import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatMessages, type ChatNotice, type ChatRoom } from '@teamup/contracts/chat';
import { chatWorld, type ChatWorld } from '../../../test/chat-fixture';
import { call, dataOf, expectProblem, type TestUser } from '../../../test/factories';

/* Bob (a plain workspace member) owns `bobsRoom` with alice (the workspace owner) and carol. */
let world: ChatWorld;
let bobsRoom: ChatRoom;
beforeAll(async () => {
  world = await chatWorld();
  bobsRoom = await world.group(world.bob, [world.alice, world.carol], '공지 방');
});
afterAll(async () => {
  await world?.close();
});

const notice = (user: TestUser, roomId = bobsRoom.id) =>
  call(world.app, user, 'GET', `${world.rooms}/${roomId}/notice`);
const pin = (user: TestUser, messageId: unknown, roomId = bobsRoom.id) =>
  call(world.app, user, 'PUT', `${world.rooms}/${roomId}/notice`, { messageId });

describe('the room notice (공지)', () => {
  it('is pinned by the room owner, shown to members, live over SSE and STOMP', async () => {
    const { bob, carol, send, sse, stomp } = world;
    expect(dataOf<ChatNotice>(await notice(carol))).toEqual({
      chatRoomId: bobsRoom.id,
      message: null,
    });
    const rules = await send(carol, bobsRoom.id, { content: '회의는 매주 월요일 10시' });
    const carolStream = await sse(carol);
    const carolStomp = await stomp(carol, bobsRoom.id);
    const pinned = await pin(bob, rules.id);
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(dataOf<ChatNotice>(pinned).message).toMatchObject({
      id: rules.id,
      content: '회의는 매주 월요일 10시',
      senderId: carol.userId,
    });
    const changed = (e: Record<string, unknown>) =>
      e['type'] === 'CHAT_NOTICE_CHANGED' &&
      (e['message'] as { id?: number } | null)?.id === rules.id;
    await carolStream.waitFor((events) => events.some((e) => changed(e.data)));
    expect(await carolStomp.waitFor(changed)).toMatchObject({ chatRoomId: bobsRoom.id });
    expect(dataOf<ChatNotice>(await notice(carol)).message?.id).toBe(rules.id);
    // Pinned again: nothing changed, nothing announced.
    await pin(bob, rules.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(carolStomp.heard.filter(changed)).toHaveLength(1);
  });

  it('may be set by workspace admins and over STOMP, and taken down with null', async () => {
    const { alice, bob, carol, send, stomp, workspace } = world;
    const first = await send(bob, bobsRoom.id, { content: '첫 공지' });
    const second = await send(bob, bobsRoom.id, { content: '둘째 공지' });
    // Alice owns the workspace but not the room.
    expect((await pin(alice, first.id)).statusCode).toBe(200);
    const bobStomp = await stomp(bob, bobsRoom.id);
    bobStomp.client.publish({
      destination: `/app/workspaces/${workspace.id}/chat-rooms/${bobsRoom.id}/notice`,
      body: JSON.stringify({ messageId: second.id }),
    });
    await bobStomp.waitFor(
      (e) =>
        e['type'] === 'CHAT_NOTICE_CHANGED' &&
        (e['message'] as { id?: number } | null)?.id === second.id,
    );
    expect(dataOf<ChatNotice>(await notice(carol)).message?.id).toBe(second.id);
    const down = await pin(bob, null);
    expect(dataOf<ChatNotice>(down).message).toBeNull();
    await bobStomp.waitFor((e) => e['type'] === 'CHAT_NOTICE_CHANGED' && e['message'] === null);
  });

  it('may be pinned by either member of a 1:1 DM, not only by who opened it', async () => {
    const { bob, carol, stranger, send, app, rooms } = world;
    const opened = await call(app, bob, 'POST', `${rooms}/create-dm`, {
      chatMemberIdList: [carol.userId],
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const dm = dataOf<ChatRoom>(opened);
    const plan = await send(bob, dm.id, { content: '금요일까지 초안' });
    // Carol did not open the DM and moderates nothing in the workspace.
    const pinned = await pin(carol, plan.id, dm.id);
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(dataOf<ChatNotice>(await notice(bob, dm.id)).message?.id).toBe(plan.id);
    expect(dataOf<ChatNotice>(await pin(carol, null, dm.id)).message).toBeNull();
    expectProblem(await pin(stranger, plan.id, dm.id), 403, 'WORKSPACE_FORBIDDEN');
  });

  it('refuses others, messages of other rooms, deleted messages and bad input', async () => {
    const { bob, carol, stranger, send, app, rooms, otherRoom } = world;
    const mine = await send(carol, bobsRoom.id, { content: '내가 공지할래요' });
    const refused = await pin(carol, mine.id);
    expectProblem(refused, 403, 'CHAT_PIN_FORBIDDEN');
    expect(refused.body).toContain(ChatMessages.pinForbidden);
    expectProblem(await notice(stranger), 403, 'WORKSPACE_FORBIDDEN');
    expectProblem(await pin(stranger, mine.id), 403, 'WORKSPACE_FORBIDDEN');
    const elsewhere = await send(carol, otherRoom.id, { content: '다른 방 메시지' });
    expectProblem(await pin(bob, elsewhere.id), 404, 'CHAT_MESSAGE_NOT_FOUND');
    expectProblem(await pin(bob, 'x'), 400, 'VALIDATION_FAILED');
    expectProblem(await pin(bob, 999999999), 404, 'CHAT_MESSAGE_NOT_FOUND');
    // A pinned message that is deleted is no notice any more, and cannot be pinned again.
    await pin(bob, mine.id);
    await call(app, carol, 'PATCH', `${rooms}/${bobsRoom.id}/messages/${mine.id}/delete`);
    expect(dataOf<ChatNotice>(await notice(bob)).message).toBeNull();
    expectProblem(await pin(bob, mine.id), 404, 'CHAT_MESSAGE_NOT_FOUND');
  });
});
