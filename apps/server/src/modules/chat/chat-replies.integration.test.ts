import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatMessages, REPLY_PREVIEW_MAX, type ChatMessage } from '@teamup/contracts/chat';
import { chatWorld, type ChatWorld } from '../../../test/chat-fixture';
import { call, dataOf, expectProblem, multipartBody } from '../../../test/factories';

let world: ChatWorld;
beforeAll(async () => {
  world = await chatWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('replies', () => {
  it('carries a quoted preview of the original, in the answer, the page and the live event', async () => {
    const { alice, bob, room, send, page, sse, stomp } = world;
    const long = '가'.repeat(REPLY_PREVIEW_MAX + 50);
    const original = await send(alice, room.id, { content: long });
    const bobStream = await sse(bob);
    const bobStomp = await stomp(bob, room.id);
    const reply = await send(bob, room.id, { content: '답장입니다', replyTo: original.id });
    expect(reply.replyTo).toEqual({
      id: original.id,
      senderId: alice.userId,
      senderName: '앨리스',
      content: '가'.repeat(REPLY_PREVIEW_MAX),
      deleted: false,
      hasAttachment: false,
    });
    const listed = (await page(alice, room.id)).find((message) => message.id === reply.id);
    expect(listed?.replyTo).toEqual(reply.replyTo);
    // The reply's event, not the stream's first: the original's own event may reach a stream
    // opened right after its send was answered (events are published after the answer).
    const event = (
      await bobStream.waitFor((events) => events.some((e) => e.data['messageId'] === reply.id))
    ).find((e) => e.data['messageId'] === reply.id);
    const sseEvent = event?.data['message'] === undefined ? undefined : event;
    expect((sseEvent?.data['message'] as ChatMessage | undefined)?.replyTo?.id).toBe(original.id);
    const heard = await bobStomp.waitFor((e) => e['messageId'] === reply.id);
    expect((heard?.['message'] as ChatMessage).replyTo).toEqual(reply.replyTo);
  });

  it('shows a deleted original as deleted, without its text', async () => {
    const { alice, bob, room, rooms, send, page, app } = world;
    const original = await send(alice, room.id, { content: '곧 지울 말' });
    const reply = await send(bob, room.id, { content: '뭐라고요?', replyTo: original.id });
    const deleted = await call(
      app,
      alice,
      'PATCH',
      `${rooms}/${room.id}/messages/${original.id}/delete`,
    );
    expect(deleted.statusCode).toBe(204);
    const listed = (await page(bob, room.id)).find((message) => message.id === reply.id);
    expect(listed?.replyTo).toMatchObject({ id: original.id, deleted: true, content: '' });
    // A deleted message is no longer something to answer.
    expectProblem(
      await call(app, bob, 'POST', `${rooms}/${room.id}/messages`, {
        content: '늦은 답장',
        replyTo: original.id,
      }),
      400,
      'CHAT_REPLY_TARGET_INVALID',
    );
  });

  it('refuses a reply to a message of another room, or to none, and stores nothing', async () => {
    const { alice, carol, room, otherRoom, rooms, send, page, app } = world;
    const elsewhere = await send(carol, otherRoom.id, { content: '다른 방의 말' });
    const before = (await page(alice, room.id)).length;
    for (const replyTo of [elsewhere.id, 2_000_000_000]) {
      const refused = await call(app, alice, 'POST', `${rooms}/${room.id}/messages`, {
        content: '엉뚱한 답장',
        replyTo,
      });
      expectProblem(refused, 400, 'CHAT_REPLY_TARGET_INVALID');
      expect(refused.json<{ detail: string }>().detail).toBe(ChatMessages.replyTargetNotFound);
    }
    expect(await page(alice, room.id)).toHaveLength(before);
    // A non-member still hears "not a member" first, not a word about the original.
    expectProblem(
      await call(app, carol, 'POST', `${rooms}/${room.id}/messages`, {
        content: '몰래 답장',
        replyTo: elsewhere.id,
      }),
      403,
      'CHAT_NOT_MEMBER',
    );
  });

  it('takes a reply with a file, checked the same way', async () => {
    const { alice, bob, carol, room, otherRoom, rooms, send, app } = world;
    const original = await send(alice, room.id, { content: '사진 보내줘' });
    const upload = (replyTo: number) =>
      multipartBody([
        { name: 'content', value: '여기요' },
        { name: 'replyTo', value: String(replyTo) },
        { name: 'file', filename: 'memo.txt', content: Buffer.from('메모'), type: 'text/plain' },
      ]);
    const body = upload(original.id);
    const sent = await app.inject({
      method: 'POST',
      url: `${rooms}/${room.id}/messages/attachment`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${bob.token}` },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(dataOf<ChatMessage>(sent).replyTo).toMatchObject({ id: original.id, deleted: false });
    const elsewhere = await send(carol, otherRoom.id, { content: '다른 방' });
    const refusedBody = upload(elsewhere.id);
    expectProblem(
      await app.inject({
        method: 'POST',
        url: `${rooms}/${room.id}/messages/attachment`,
        payload: refusedBody.payload,
        headers: { ...refusedBody.headers, authorization: `Bearer ${bob.token}` },
      }),
      400,
      'CHAT_REPLY_TARGET_INVALID',
    );
    // The file message, answered: its preview says it carried a file.
    const answer = await send(alice, room.id, {
      content: '고마워',
      replyTo: dataOf<ChatMessage>(sent).id,
    });
    expect(answer.replyTo).toMatchObject({ hasAttachment: true, content: '여기요' });
  });

  it('sends a reply over STOMP through the same rules', async () => {
    const { alice, bob, room, workspace, send, stomp } = world;
    const original = await send(bob, room.id, { content: 'STOMP 원본' });
    const aliceStomp = await stomp(alice, room.id);
    const bobStomp = await stomp(bob, room.id);
    aliceStomp.client.publish({
      destination: `/app/workspaces/${workspace.id}/chat-rooms/${room.id}/messages`,
      body: JSON.stringify({ content: 'STOMP 답장', replyTo: original.id }),
    });
    const heard = await bobStomp.waitFor((e) => e['content'] === 'STOMP 답장');
    expect((heard?.['message'] as ChatMessage).replyTo).toMatchObject({
      id: original.id,
      content: 'STOMP 원본',
    });
  });
});
