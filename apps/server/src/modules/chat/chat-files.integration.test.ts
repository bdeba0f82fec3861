import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChatMessages,
  type ChatMessage,
  type ChatRoom,
  type ChatRoomFilesPage,
  type SseTicket,
} from '@teamup/contracts/chat';
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
import { connectStomp, messagesTo, subscribe } from '../../../test/stomp-client';
import { createTestApp, listenLocally, type TestApp } from '../../../test/test-app';

/* Several files per message (all stored or none) and a room's files list (issue 19). */

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
const sockets: Array<{ socket: { close: () => void } }> = [];

beforeAll(async () => {
  app = await createTestApp();
  baseUrl = await listenLocally(app);
  owner = await createUser(app, '소유자');
  alice = await createUser(app, '앨리스');
  bob = await createUser(app, '밥');
  stranger = await createUser(app, '외부인');
  workspace = dataOf<Workspace>(
    await call(app, owner, 'POST', '/api/workspaces', { name: '파일 여럿' }),
  );
  for (const person of [alice, bob]) {
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
  // Bob is in the workspace but not in the room.
  room = dataOf<ChatRoom>(
    await call(app, owner, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/create`, {
      name: '자료실',
      chatMemberIdList: [alice.userId],
    }),
  );
  png = await sharp({
    create: { width: 4, height: 4, channels: 3, background: { r: 20, g: 90, b: 200 } },
  })
    .png()
    .toBuffer();
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  for (const client of sockets) client.socket.close();
  await app.close();
});

const roomPath = (roomId = room.id) => `/api/workspaces/${workspace.id}/chat-rooms/${roomId}`;

function sendFiles(user: TestUser, parts: MultipartPart[], roomId = room.id) {
  const body = multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: `${roomPath(roomId)}/messages/attachment`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${user.token}` },
  });
}

const image = (filename: string): MultipartPart => ({
  name: 'file',
  filename,
  type: 'image/png',
  content: png,
});
const textFile = (filename: string, text = filename): MultipartPart => ({
  name: 'file',
  filename,
  content: Buffer.from(text),
});

async function storedChatFiles(): Promise<string[]> {
  return fs.readdir(path.join(app.dataDir, 'files', 'chat')).catch(() => []);
}
const attachmentRows = () => app.context.database.db.select().from(chatAttachments);
const messageCount = async () =>
  dataOf<{ totalElements: number }>(await call(app, owner, 'GET', `${roomPath()}/messages`))
    .totalElements;

/** What must hold after a refused upload: no file, no row, no message. */
async function expectNothingWritten(run: () => Promise<void>) {
  const files = await storedChatFiles();
  const rows = (await attachmentRows()).length;
  const messages = await messageCount();
  await run();
  expect(await storedChatFiles()).toEqual(files);
  expect(await attachmentRows()).toHaveLength(rows);
  expect(await messageCount()).toBe(messages);
}

function listFiles(user: TestUser, query = '', roomId = room.id) {
  return call(app, user, 'GET', `${roomPath(roomId)}/files${query}`);
}

describe('a message with several files', () => {
  it('stores them in order and sends them live over SSE and STOMP', async () => {
    const ticket = dataOf<SseTicket>(await call(app, alice, 'POST', '/api/sse/register'));
    const stream = await openSse(`${baseUrl}/api/sse/subscribe?ticket=${ticket.ticket}`);
    streams.push(stream);
    const stomp = await connectStomp(`${baseUrl.replace('http', 'ws')}/ws`, alice);
    sockets.push(stomp);
    const destination = `/topic/chat-rooms/${room.id}`;
    await subscribe(stomp, destination);

    const response = await sendFiles(owner, [
      image('첫째.png'),
      { name: 'content', value: '자료 세 개' },
      textFile('둘째.txt', '내용'),
      image('셋째.png'),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const message = dataOf<ChatMessage>(response);
    expect(message.content).toBe('자료 세 개');
    expect(message.attachments.map((file) => [file.fileName, file.type])).toEqual([
      ['첫째.png', 'image'],
      ['둘째.txt', 'file'],
      ['셋째.png', 'image'],
    ]);
    expect(new Set(message.attachments.map((file) => file.id)).size).toBe(3);

    const events = await stream.waitFor((list) =>
      list.some((event) => event.data['messageId'] === message.id),
    );
    const event = events.find((candidate) => candidate.data['messageId'] === message.id)?.data as
      NewChatMessageEvent | undefined;
    expect(event?.attachments).toEqual(message.attachments);
    expect(event?.message.attachments).toEqual(message.attachments);

    await stomp.waitFor(() =>
      messagesTo<NewChatMessageEvent>(stomp, destination).some((e) => e.messageId === message.id),
    );
    const frame = messagesTo<NewChatMessageEvent>(stomp, destination).find(
      (e) => e.messageId === message.id,
    );
    expect(frame?.attachments).toEqual(message.attachments);

    // Every file is served to a room member; the list of messages carries them in order.
    for (const file of message.attachments) {
      const served = await app.inject({
        method: 'GET',
        url: file.url,
        headers: { authorization: `Bearer ${alice.token}` },
      });
      expect(served.statusCode).toBe(200);
      expect(Number(served.headers['content-length'])).toBe(file.size);
    }
    const page = dataOf<{ content: ChatMessage[] }>(
      await call(app, alice, 'GET', `${roomPath()}/messages?sort=createdAt,desc&size=1`),
    );
    expect(page.content[0]?.attachments).toEqual(message.attachments);
  });

  it('still takes a single file, and exactly the most files allowed', async () => {
    const one = await sendFiles(alice, [textFile('하나.txt')]);
    expect(one.statusCode, one.body).toBe(201);
    expect(dataOf<ChatMessage>(one).attachments).toHaveLength(1);
    const most = await sendFiles(
      alice,
      Array.from({ length: Limits.chatFilesPerMessage }, (_, i) => textFile(`${i}.txt`)),
    );
    expect(most.statusCode, most.body).toBe(201);
    expect(dataOf<ChatMessage>(most).attachments.map((file) => file.fileName)).toEqual(
      Array.from({ length: Limits.chatFilesPerMessage }, (_, i) => `${i}.txt`),
    );
  });

  it('refuses one file too many, storing nothing', async () => {
    await expectNothingWritten(async () => {
      const response = await sendFiles(
        alice,
        Array.from({ length: Limits.chatFilesPerMessage + 1 }, (_, i) => textFile(`${i}.txt`)),
      );
      const problem = expectProblem(response, 400, 'CHAT_FILES_TOO_MANY');
      expect(problem.detail).toBe(ChatMessages.tooManyFiles);
    });
  });

  it('refuses a file over the size limit among good ones, storing nothing', async () => {
    await expectNothingWritten(async () => {
      const response = await sendFiles(alice, [
        image('좋은.png'),
        textFile('좋은.txt'),
        { name: 'file', filename: 'big.bin', content: Buffer.alloc(Limits.attachmentMaxBytes + 1) },
      ]);
      expectProblem(response, 413, 'FILE_TOO_LARGE');
    });
  });

  it('refuses files over the message’s total, storing nothing', async () => {
    const each = Limits.attachmentMaxBytes - 1024;
    const count = Math.floor(Limits.chatMessageFilesMaxBytes / each) + 1;
    expect(count).toBeLessThanOrEqual(Limits.chatFilesPerMessage);
    await expectNothingWritten(async () => {
      const response = await sendFiles(
        alice,
        Array.from({ length: count }, (_, i) => ({
          name: 'file',
          filename: `part-${i}.bin`,
          content: Buffer.alloc(each, i),
        })),
      );
      const problem = expectProblem(response, 413, 'CHAT_FILES_TOO_LARGE');
      expect(problem.detail).toBe(ChatMessages.filesTooLarge);
    });
  });

  it('refuses an outsider and a workspace member outside the room, storing nothing', async () => {
    await expectNothingWritten(async () => {
      const files = [image('a.png'), textFile('b.txt')];
      expectProblem(await sendFiles(stranger, files), 403, 'WORKSPACE_FORBIDDEN');
      expectProblem(await sendFiles(bob, files), 403, 'CHAT_NOT_MEMBER');
    });
  });

  it('refuses a reply to a message of another room after storing, then removes the files', async () => {
    const other = dataOf<ChatRoom>(
      await call(app, owner, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/create`, {
        name: '다른 방',
        chatMemberIdList: [alice.userId],
      }),
    );
    const elsewhere = dataOf<ChatMessage>(
      await call(app, owner, 'POST', `${roomPath(other.id)}/messages`, { content: '저쪽' }),
    );
    await expectNothingWritten(async () => {
      const response = await sendFiles(alice, [
        image('a.png'),
        textFile('b.txt'),
        { name: 'replyTo', value: String(elsewhere.id) },
      ]);
      expectProblem(response, 400, 'CHAT_REPLY_TARGET_INVALID');
    });
  });

  it('keeps a message with files from being edited, and a reply to it says it had files', async () => {
    const sent = dataOf<ChatMessage>(
      await sendFiles(alice, [
        { name: 'content', value: '사진들' },
        image('1.png'),
        image('2.png'),
      ]),
    );
    const edit = await call(app, alice, 'PATCH', `${roomPath()}/messages/${sent.id}`, {
      content: '바꾼 글',
    });
    expectProblem(edit, 409, 'CHAT_EDIT_NOT_TEXT');
    const reply = dataOf<ChatMessage>(
      await call(app, owner, 'POST', `${roomPath()}/messages`, {
        content: '잘 봤어요',
        replyTo: sent.id,
      }),
    );
    expect(reply.replyTo).toMatchObject({ id: sent.id, hasAttachment: true });
  });

  it('removes every file of a deleted message', async () => {
    const sent = dataOf<ChatMessage>(
      await sendFiles(alice, [textFile('x.txt'), textFile('y.txt'), image('z.png')]),
    );
    const rows = (await attachmentRows()).filter((row) => row.messageId === sent.id);
    expect(rows).toHaveLength(3);
    const removed = await call(app, alice, 'PATCH', `${roomPath()}/messages/${sent.id}/delete`);
    expect(removed.statusCode, removed.body).toBe(204);
    for (const row of rows) expect(await app.context.storage.exists(row.storageKey)).toBe(false);
    expect((await attachmentRows()).filter((row) => row.messageId === sent.id)).toEqual([]);
  });
});

describe('a room’s files list', () => {
  let gallery: ChatRoom;
  const sent: ChatMessage[] = [];

  beforeAll(async () => {
    gallery = dataOf<ChatRoom>(
      await call(app, owner, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/create`, {
        name: '갤러리',
        chatMemberIdList: [alice.userId],
      }),
    );
    sent.push(
      dataOf<ChatMessage>(
        await sendFiles(owner, [image('a1.png'), textFile('a2.txt')], gallery.id),
      ),
    );
    await call(app, alice, 'POST', `${roomPath(gallery.id)}/messages`, { content: '글만' });
    sent.push(dataOf<ChatMessage>(await sendFiles(alice, [textFile('b1.txt')], gallery.id)));
    sent.push(
      dataOf<ChatMessage>(
        await sendFiles(owner, [image('c1.png'), image('c2.png'), textFile('c3.txt')], gallery.id),
      ),
    );
  });

  it('lists every file newest message first, each message’s files in order, with sender and time', async () => {
    const page = dataOf<ChatRoomFilesPage>(await listFiles(alice, '', gallery.id));
    expect(page.items.map((item) => item.attachment.fileName)).toEqual([
      'c1.png',
      'c2.png',
      'c3.txt',
      'b1.txt',
      'a1.png',
      'a2.txt',
    ]);
    expect(page.nextCursor).toBeNull();
    const [first] = page.items;
    expect(first).toMatchObject({
      messageId: sent[2]?.id,
      senderId: owner.userId,
      senderName: '소유자',
      sentAt: sent[2]?.sentAt,
    });
    expect(first?.attachment).toEqual(sent[2]?.attachments[0]);
  });

  it('pages by cursor without gaps or repeats, also when files arrive meanwhile', async () => {
    const names: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const query: string = cursor === '' ? '?limit=4' : `?limit=4&cursor=${cursor}`;
      const page = dataOf<ChatRoomFilesPage>(await listFiles(owner, query, gallery.id));
      names.push(...page.items.map((item) => item.attachment.fileName));
      if (pages === 0) await sendFiles(owner, [textFile('새 파일.txt')], gallery.id);
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(2);
    expect(names).toEqual(['c1.png', 'c2.png', 'c3.txt', 'b1.txt', 'a1.png', 'a2.txt']);
  });

  it('keeps only images or only other files with kind', async () => {
    const images = dataOf<ChatRoomFilesPage>(await listFiles(alice, '?kind=image', gallery.id));
    expect(images.items.map((item) => item.attachment.fileName)).toEqual([
      'c1.png',
      'c2.png',
      'a1.png',
    ]);
    const files = dataOf<ChatRoomFilesPage>(
      await listFiles(alice, '?kind=file&limit=2', gallery.id),
    );
    expect(files.items.map((item) => item.attachment.fileName)).toEqual(['새 파일.txt', 'c3.txt']);
    expect(files.nextCursor).not.toBeNull();
  });

  it('leaves out the files of deleted messages', async () => {
    await call(app, alice, 'PATCH', `${roomPath(gallery.id)}/messages/${sent[1]?.id}/delete`);
    const page = dataOf<ChatRoomFilesPage>(await listFiles(alice, '?kind=file', gallery.id));
    expect(page.items.map((item) => item.attachment.fileName)).not.toContain('b1.txt');
  });

  it('is for the room’s members only; bad queries are 400', async () => {
    expectProblem(await listFiles(bob, '', gallery.id), 403, 'CHAT_NOT_MEMBER');
    expectProblem(await listFiles(stranger, '', gallery.id), 403, 'WORKSPACE_FORBIDDEN');
    expectProblem(await listFiles(owner, '', 999_999), 404, 'CHAT_ROOM_NOT_FOUND');
    const anonymous = await app.inject({ method: 'GET', url: `${roomPath(gallery.id)}/files` });
    expectProblem(anonymous, 401, 'AUTH_REQUIRED');
    expectProblem(await listFiles(owner, '?cursor=abc', gallery.id), 400, 'VALIDATION_FAILED');
    expectProblem(await listFiles(owner, '?kind=video', gallery.id), 400, 'VALIDATION_FAILED');
    expectProblem(
      await listFiles(owner, `?limit=${Limits.chatFilesPageMax + 1}`, gallery.id),
      400,
      'VALIDATION_FAILED',
    );
  });
});
