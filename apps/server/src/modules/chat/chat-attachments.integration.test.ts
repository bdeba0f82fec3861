import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom, SseTicket } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import type { NewChatMessageEvent } from '@teamup/contracts/events';
import { Limits } from '@teamup/contracts/limits';
import type { Workspace } from '@teamup/contracts/workspaces';
import { chatAttachments } from '../../db/schema';
import {
  call,
  createUser,
  dataOf,
  expectProblem,
  multipartBody,
  type MultipartPart,
  type TestUser,
} from '../../../test/factories';
import { openSse, type SseStream } from '../../../test/sse-client';
import { createTestApp, listenLocally, type TestApp } from '../../../test/test-app';

let app: TestApp;
let baseUrl: string;
let owner: TestUser;
let alice: TestUser;
let bob: TestUser;
let stranger: TestUser;
let workspace: Workspace;
let room: ChatRoom;
let png: Buffer;
const streams: SseStream[] = [];

beforeAll(async () => {
  app = await createTestApp();
  baseUrl = await listenLocally(app);
  owner = await createUser(app, '소유자');
  alice = await createUser(app, '앨리스');
  bob = await createUser(app, '밥');
  stranger = await createUser(app, '외부인');
  workspace = dataOf<Workspace>(
    await call(app, owner, 'POST', '/api/workspaces', { name: '파일 수업' }),
  );
  for (const person of [alice, bob]) {
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
  // Bob is in the workspace but not in the room.
  room = dataOf<ChatRoom>(
    await call(app, owner, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/create`, {
      name: '자료 공유',
      chatMemberIdList: [alice.userId],
    }),
  );
  png = await sharp({
    create: { width: 4, height: 4, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
    .png()
    .toBuffer();
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await app.close();
});

const sendUrl = (roomId = room.id, workspaceId = workspace.id) =>
  `/api/workspaces/${workspaceId}/chat-rooms/${roomId}/messages/attachment`;

function sendWithFile(user: TestUser, parts: MultipartPart[], url = sendUrl()) {
  const body = multipartBody(parts);
  return app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${user.token}` },
  });
}

const fetchFile = (user: TestUser, url: string) =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${user.token}` } });

/** Every file under the chat prefix in the test app's storage. */
async function storedChatFiles(): Promise<string[]> {
  return fs.readdir(path.join(app.dataDir, 'files', 'chat')).catch(() => []);
}

async function attachmentRow(messageId: number) {
  const [row] = await app.context.database.db
    .select()
    .from(chatAttachments)
    .where(eq(chatAttachments.messageId, messageId));
  return row;
}

describe('chat attachments', () => {
  it('requires authentication', async () => {
    const posted = await app.inject({ method: 'POST', url: sendUrl() });
    expectProblem(posted, 401, 'AUTH_REQUIRED');
    const read = await app.inject({ method: 'GET', url: '/api/chat-attachments/1' });
    expectProblem(read, 401, 'AUTH_REQUIRED');
  });

  it('refuses an outsider and a workspace member outside the room, storing nothing', async () => {
    const before = await storedChatFiles();
    const file = { name: 'file', filename: 'a.png', type: 'image/png', content: png };
    expectProblem(await sendWithFile(stranger, [file]), 403, 'WORKSPACE_FORBIDDEN');
    expectProblem(await sendWithFile(bob, [file]), 403, 'CHAT_NOT_MEMBER');
    expect(await storedChatFiles()).toEqual(before);
  });

  it('sends an image with text live to the room; only room members can read the file', async () => {
    const ticket = dataOf<SseTicket>(await call(app, alice, 'POST', '/api/sse/register'));
    const stream = await openSse(`${baseUrl}/api/sse/subscribe?ticket=${ticket.ticket}`);
    streams.push(stream);

    const response = await sendWithFile(owner, [
      { name: 'content', value: '  회의 사진입니다  ' },
      { name: 'file', filename: '회의 사진.png', type: 'image/png', content: png },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const message = dataOf<ChatMessage>(response);
    expect(message.content).toBe('회의 사진입니다');
    expect(message.attachments[0]).toMatchObject({
      type: 'image',
      fileName: '회의 사진.png',
      size: png.length,
    });
    expect(message.attachments[0]?.url).toBe(`/api/chat-attachments/${message.attachments[0]?.id}`);
    // The room list shows the newest message with its files, as the message's own answer does.
    const listed = dataOf<Page<ChatRoom>>(
      await call(app, alice, 'GET', `/api/workspaces/${workspace.id}/chat-rooms`),
    );
    expect(listed.content.find((item) => item.id === room.id)?.lastMessage).toEqual(message);

    const events = await stream.waitFor((list) =>
      list.some((event) => event.data['messageId'] === message.id),
    );
    const event = events.find((candidate) => candidate.data['messageId'] === message.id);
    expect((event?.data as NewChatMessageEvent | undefined)?.attachments).toEqual(
      message.attachments,
    );

    const url = message.attachments[0]?.url ?? '';
    const inline = await fetchFile(alice, url);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('image/png');
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    expect(inline.headers['x-content-type-options']).toBe('nosniff');
    expect(inline.rawPayload.equals(png)).toBe(true);
    const download = await fetchFile(alice, `${url}?download=1`);
    expect(download.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('회의 사진.png')}`,
    );
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);

    expectProblem(await fetchFile(bob, url), 404, 'CHAT_ATTACHMENT_NOT_FOUND');
    expectProblem(await fetchFile(stranger, url), 404, 'CHAT_ATTACHMENT_NOT_FOUND');

    // The message list carries the attachments too.
    const page = dataOf<Page<ChatMessage>>(
      await call(
        app,
        alice,
        'GET',
        `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/messages?sort=createdAt,desc`,
      ),
    );
    expect(page.content[0]?.attachments).toEqual(message.attachments);
  });

  it('sends a file without text; a file that only claims to be an image is a download', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const response = await sendWithFile(alice, [
      { name: 'file', filename: 'logo.svg', type: 'image/svg+xml', content: svg },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const message = dataOf<ChatMessage>(response);
    expect(message.content).toBe('');
    expect(message.attachments[0]?.type).toBe('file');
    const served = await fetchFile(owner, message.attachments[0]?.url ?? '');
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('answers bad input with a problem and leaves nothing behind', async () => {
    const before = await storedChatFiles();
    const [rowsBefore] = [await app.context.database.db.select().from(chatAttachments)];

    const noFile = await sendWithFile(owner, [{ name: 'content', value: '파일 없음' }]);
    expectProblem(noFile, 400, 'VALIDATION_FAILED');

    const tooLong = await sendWithFile(owner, [
      { name: 'file', filename: 'a.png', type: 'image/png', content: png },
      { name: 'content', value: '가'.repeat(Limits.chatMessageMax + 1) },
    ]);
    expectProblem(tooLong, 400, 'VALIDATION_FAILED');

    const big = await sendWithFile(owner, [
      {
        name: 'file',
        filename: 'big.bin',
        content: Buffer.alloc(Limits.attachmentMaxBytes + 1, 1),
      },
    ]);
    expectProblem(big, 413, 'FILE_TOO_LARGE');

    const json = await call(app, owner, 'POST', sendUrl(), { content: '파일 아님' });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);

    expect(await storedChatFiles()).toEqual(before);
    expect(await app.context.database.db.select().from(chatAttachments)).toHaveLength(
      rowsBefore.length,
    );
  });

  it('removes the file with its message', async () => {
    const message = dataOf<ChatMessage>(
      await sendWithFile(alice, [
        { name: 'file', filename: '지울 파일.txt', content: Buffer.from('비밀') },
      ]),
    );
    const row = await attachmentRow(message.id);
    expect(await app.context.storage.exists(row?.storageKey ?? '')).toBe(true);
    const removed = await call(
      app,
      alice,
      'PATCH',
      `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/messages/${message.id}/delete`,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await attachmentRow(message.id)).toBeUndefined();
    expect(await app.context.storage.exists(row?.storageKey ?? '')).toBe(false);
    expectProblem(
      await fetchFile(alice, message.attachments[0]?.url ?? ''),
      404,
      'CHAT_ATTACHMENT_NOT_FOUND',
    );
  });

  it('removes a deleted workspace’s chat files from storage', async () => {
    const other = dataOf<Workspace>(
      await call(app, owner, 'POST', '/api/workspaces', { name: '곧 지울 곳' }),
    );
    await call(app, alice, 'POST', '/api/workspaces/join', { inviteCode: other.inviteCode });
    const group = dataOf<ChatRoom>(
      await call(app, owner, 'POST', `/api/workspaces/${other.id}/chat-rooms/create`, {
        name: '둘이 쓰는 방',
        chatMemberIdList: [alice.userId],
      }),
    );
    const message = dataOf<ChatMessage>(
      await sendWithFile(
        owner,
        [{ name: 'file', filename: 'a.png', type: 'image/png', content: png }],
        sendUrl(group.id, other.id),
      ),
    );
    const key = (await attachmentRow(message.id))?.storageKey ?? '';
    expect(await app.context.storage.exists(key)).toBe(true);
    const deleted = await call(app, owner, 'DELETE', `/api/workspaces/${other.id}`, {
      confirmName: '곧 지울 곳',
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await app.context.storage.exists(key)).toBe(false);
  });
});
