import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChatMessages,
  EDIT_HISTORY_HOURS,
  type ChatMessage,
  type ChatMessageEdit,
} from '@teamup/contracts/chat';
import { Limits } from '@teamup/contracts/limits';
import { chatWorld, type ChatWorld } from '../../../test/chat-fixture';
import { call, dataOf, expectProblem, multipartBody, type TestUser } from '../../../test/factories';

let world: ChatWorld;
beforeAll(async () => {
  world = await chatWorld();
});
afterAll(async () => {
  await world?.close();
});

const edit = (user: TestUser, roomId: number, messageId: number, body: unknown) =>
  call(world.app, user, 'PATCH', `${world.rooms}/${roomId}/messages/${messageId}`, body);
const history = (user: TestUser, roomId: number, messageId: number) =>
  call(world.app, user, 'GET', `${world.rooms}/${roomId}/messages/${messageId}/edits`);

describe('editing a message', () => {
  it('lets the author change the text, marks it edited and keeps the history for the room', async () => {
    const { alice, bob, room, send, page } = world;
    const message = await send(alice, room.id, { content: '회의는 3시' });
    expect(message.editedAt).toBeNull();
    const first = await edit(alice, room.id, message.id, { content: '  회의는 4시  ' });
    expect(first.statusCode, first.body).toBe(200);
    const edited = dataOf<ChatMessage>(first);
    expect(edited).toMatchObject({ id: message.id, content: '회의는 4시', sentAt: message.sentAt });
    expect(edited.editedAt).not.toBeNull();
    await edit(alice, room.id, message.id, { content: '회의는 5시' });
    const listed = (await page(bob, room.id)).find((m) => m.id === message.id);
    expect(listed).toMatchObject({ content: '회의는 5시' });
    expect(listed?.editedAt).not.toBeNull();
    const earlier = dataOf<ChatMessageEdit[]>(await history(bob, room.id, message.id));
    expect(earlier.map((entry) => entry.content)).toEqual(['회의는 4시', '회의는 3시']);
    // The same text again is no edit.
    await edit(alice, room.id, message.id, { content: '회의는 5시' });
    expect(dataOf<ChatMessageEdit[]>(await history(bob, room.id, message.id))).toHaveLength(2);
  });

  it('shows the history for 24 hours only', async () => {
    const { alice, bob, room, send, app } = world;
    const message = await send(alice, room.id, { content: '어제 말' });
    await edit(alice, room.id, message.id, { content: '고친 말' });
    const realNow = app.context.now;
    try {
      app.context.now = () => new Date(Date.now() + (EDIT_HISTORY_HOURS * 3_600_000 - 60_000));
      expect(dataOf<ChatMessageEdit[]>(await history(bob, room.id, message.id))).toHaveLength(1);
      app.context.now = () => new Date(Date.now() + (EDIT_HISTORY_HOURS * 3_600_000 + 60_000));
      expect(dataOf<ChatMessageEdit[]>(await history(bob, room.id, message.id))).toEqual([]);
    } finally {
      app.context.now = realNow;
    }
  });

  it('is live for the room over SSE and STOMP, and can be sent over STOMP', async () => {
    const { alice, bob, room, workspace, send, sse, stomp } = world;
    const message = await send(alice, room.id, { content: '오타 있는 말' });
    const bobStream = await sse(bob);
    const bobStomp = await stomp(bob, room.id);
    await edit(alice, room.id, message.id, { content: '오타 없는 말' });
    // The edit's event, not the stream's first (the message's own event may come first).
    const isEdit = (e: { data: Record<string, unknown> }) =>
      e.data['type'] === 'CHAT_MESSAGE_EDITED';
    const event = (await bobStream.waitFor((events) => events.some(isEdit))).find(isEdit);
    expect((event?.data['message'] as ChatMessage | undefined)?.content).toBe('오타 없는 말');
    await bobStomp.waitFor(
      (e) => e['type'] === 'CHAT_MESSAGE_EDITED' && e['messageId'] === message.id,
    );
    const aliceStomp = await stomp(alice, room.id);
    aliceStomp.client.publish({
      destination: `/app/workspaces/${workspace.id}/chat-rooms/${room.id}/messages/${message.id}/edit`,
      body: JSON.stringify({ content: 'STOMP로 고침' }),
    });
    const heard = await bobStomp.waitFor(
      (e) =>
        e['type'] === 'CHAT_MESSAGE_EDITED' &&
        (e['message'] as ChatMessage).content === 'STOMP로 고침',
    );
    expect(heard?.['chatRoomId']).toBe(room.id);
  });

  it('lets only the author edit, only text messages, within the length limit', async () => {
    const { alice, bob, carol, stranger, room, rooms, send, app } = world;
    const message = await send(alice, room.id, { content: '원래 말' });
    const forbidden = await edit(bob, room.id, message.id, { content: '남의 말 고치기' });
    expectProblem(forbidden, 403, 'CHAT_EDIT_FORBIDDEN');
    expect(forbidden.body).toContain(ChatMessages.editForbidden);
    expectProblem(
      await edit(carol, room.id, message.id, { content: '밖에서' }),
      403,
      'CHAT_NOT_MEMBER',
    );
    expectProblem(
      await edit(stranger, room.id, message.id, { content: '밖에서' }),
      403,
      'WORKSPACE_FORBIDDEN',
    );
    expectProblem(await history(carol, room.id, message.id), 403, 'CHAT_NOT_MEMBER');
    const tooLong = await edit(alice, room.id, message.id, {
      content: '가'.repeat(Limits.chatMessageMax + 1),
    });
    expectProblem(tooLong, 400, 'VALIDATION_FAILED');
    expect(tooLong.body).toContain(ChatMessages.messageTooLong);
    expectProblem(
      await edit(alice, room.id, message.id, { content: '   ' }),
      400,
      'VALIDATION_FAILED',
    );
    // Exactly at the limit is fine.
    const atLimit = await edit(alice, room.id, message.id, {
      content: '가'.repeat(Limits.chatMessageMax),
    });
    expect(atLimit.statusCode).toBe(200);
    // A message with a file is not a text message.
    const body = multipartBody([
      { name: 'content', value: '파일 설명' },
      { name: 'file', filename: 'a.txt', content: Buffer.from('a'), type: 'text/plain' },
    ]);
    const withFile = dataOf<ChatMessage>(
      await app.inject({
        method: 'POST',
        url: `${rooms}/${room.id}/messages/attachment`,
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${alice.token}` },
      }),
    );
    expectProblem(
      await edit(alice, room.id, withFile.id, { content: '설명 고침' }),
      409,
      'CHAT_EDIT_NOT_TEXT',
    );
    // A deleted message is gone; so is its history.
    await call(app, alice, 'PATCH', `${rooms}/${room.id}/messages/${message.id}/delete`);
    expectProblem(
      await edit(alice, room.id, message.id, { content: '되살리기' }),
      404,
      'CHAT_MESSAGE_NOT_FOUND',
    );
    expect(dataOf<ChatMessageEdit[]>(await history(bob, room.id, message.id))).toEqual([]);
  });
});
