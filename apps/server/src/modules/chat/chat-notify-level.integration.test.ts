import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatNotifyLevelState, ChatRoom } from '@teamup/contracts/chat';
import type { Notification } from '@teamup/contracts/notifications';
import { chatWorld, type ChatWorld } from '../../../test/chat-fixture';
import { call, dataOf, expectProblem, type TestUser } from '../../../test/factories';

/* Alice (workspace owner) made `trio` with bob and carol; each message below is alice's. */
let world: ChatWorld;
let trio: ChatRoom;
beforeAll(async () => {
  world = await chatWorld();
  trio = await world.group(world.alice, [world.bob, world.carol], '셋이서');
});
afterAll(async () => {
  await world?.close();
});

const setLevel = (user: TestUser, level: unknown, roomId = trio.id) =>
  call(world.app, user, 'PUT', `${world.rooms}/${roomId}/notify-level`, { level });

/** The user's unread notifications from `trio`, by kind. */
async function fromTrio(user: TestUser) {
  const page = dataOf<{ content: Notification[] }>(
    await call(world.app, user, 'GET', '/api/notifications?size=100'),
  );
  return (
    page.content
      // A mention links to its message (`?message=`), the folded notice to the room.
      .filter((item) => !item.read && item.link.split('?')[0]?.endsWith(`/chat/${trio.id}`))
      .map((item) => item.kind)
  );
}

/** Reads every notification of `user`, so the next message starts a fresh one. */
async function readAll(user: TestUser) {
  await call(world.app, user, 'PATCH', '/api/notifications/read-all');
}

const mention = (user: TestUser) => `<@${user.userId}> 확인 부탁해요`;

describe('a room notification level', () => {
  it('is null by default, set and cleared by the member, shown in their room list, live to their tabs', async () => {
    const { app, bob, rooms, sse } = world;
    const listed = async () =>
      dataOf<{ content: ChatRoom[] }>(await call(app, bob, 'GET', rooms)).content.find(
        (room) => room.id === trio.id,
      )?.notifyLevel;
    expect(await listed()).toBeNull();
    const stream = await sse(bob);
    const answer = await setLevel(bob, 'MUTE');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(dataOf<ChatNotifyLevelState>(answer)).toEqual({ chatRoomId: trio.id, level: 'MUTE' });
    await stream.waitFor((events) =>
      events.some(
        (e) =>
          e.data['type'] === 'CHAT_NOTIFY_LEVEL_CHANGED' &&
          e.data['chatRoomId'] === trio.id &&
          e.data['level'] === 'MUTE',
      ),
    );
    expect(await listed()).toBe('MUTE');
    expect(dataOf<ChatNotifyLevelState>(await setLevel(bob, null)).level).toBeNull();
    expect(await listed()).toBeNull();
  });

  it('is set over STOMP too, through the same rules', async () => {
    const { app, bob, rooms, sse, stomp, workspace } = world;
    const stream = await sse(bob);
    const socket = await stomp(bob, trio.id);
    socket.client.publish({
      destination: `/app/workspaces/${workspace.id}/chat-rooms/${trio.id}/notify-level`,
      body: JSON.stringify({ level: 'MENTIONS' }),
    });
    await stream.waitFor((events) =>
      events.some(
        (e) => e.data['type'] === 'CHAT_NOTIFY_LEVEL_CHANGED' && e.data['level'] === 'MENTIONS',
      ),
    );
    const listed = dataOf<{ content: ChatRoom[] }>(await call(app, bob, 'GET', rooms)).content;
    expect(listed.find((room) => room.id === trio.id)?.notifyLevel).toBe('MENTIONS');
    await setLevel(bob, null);
  });

  it('MUTE: nothing from the room, not even a mention', async () => {
    const { alice, bob, send } = world;
    await readAll(bob);
    await setLevel(bob, 'MUTE');
    await send(alice, trio.id, { content: '조용한 방' });
    await send(alice, trio.id, { content: mention(bob) });
    await send(alice, trio.id, { content: '<@all> 모두 확인' });
    expect(await fromTrio(bob)).toEqual([]);
    await setLevel(bob, null);
  });

  it('MENTIONS: only mentions, even with mention notifications turned off in the settings', async () => {
    const { alice, bob, app, send } = world;
    await readAll(bob);
    await call(app, bob, 'PUT', '/api/notifications/preferences', { MENTION: false });
    await setLevel(bob, 'MENTIONS');
    await send(alice, trio.id, { content: '그냥 메시지' });
    expect(await fromTrio(bob)).toEqual([]);
    await send(alice, trio.id, { content: mention(bob) });
    expect(await fromTrio(bob)).toEqual(['MENTION']);
    await call(app, bob, 'PUT', '/api/notifications/preferences', { MENTION: true });
    await setLevel(bob, null);
  });

  it('ALL: every message, even with chat notifications turned off in the settings', async () => {
    const { alice, carol, app, send } = world;
    await readAll(carol);
    await call(app, carol, 'PUT', '/api/notifications/preferences', { CHAT_MESSAGE: false });
    await send(alice, trio.id, { content: '설정대로면 조용' });
    expect(await fromTrio(carol)).toEqual([]);
    await setLevel(carol, 'ALL');
    await send(alice, trio.id, { content: '이제 알림' });
    expect(await fromTrio(carol)).toEqual(['CHAT_MESSAGE']);
    await call(app, carol, 'PUT', '/api/notifications/preferences', { CHAT_MESSAGE: true });
    await setLevel(carol, null);
  });

  it('is the member’s own: others’ levels are untouched and their notices keep coming', async () => {
    const { alice, bob, carol, send } = world;
    await readAll(bob);
    await readAll(carol);
    await setLevel(bob, 'MUTE');
    await send(alice, trio.id, { content: '캐럴에게만 알림' });
    expect(await fromTrio(bob)).toEqual([]);
    expect(await fromTrio(carol)).toEqual(['CHAT_MESSAGE']);
    await setLevel(bob, null);
  });

  it('refuses non-members, strangers and levels outside the set, writing nothing', async () => {
    const { carol, stranger, bob, otherRoom } = world;
    // Bob is in the workspace but not in otherRoom (alice and carol's).
    expectProblem(await setLevel(bob, 'MUTE', otherRoom.id), 403, 'CHAT_NOT_MEMBER');
    expectProblem(await setLevel(stranger, 'MUTE'), 403, 'WORKSPACE_FORBIDDEN');
    expectProblem(await setLevel(bob, 'LOUD'), 400, 'VALIDATION_FAILED');
    const refused = await setLevel(bob, 'LOUD');
    expect(refused.body).toContain('알림 설정은 전체, 멘션만, 끄기 중 하나여야 합니다.');
    expectProblem(
      await call(world.app, bob, 'PUT', `${world.rooms}/${trio.id}/notify-level`, {}),
      400,
      'VALIDATION_FAILED',
    );
    expectProblem(await setLevel(carol, 'MUTE', 999_999), 404, 'CHAT_ROOM_NOT_FOUND');
  });
});
