import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatRoom } from '@teamup/contracts/chat';
import type { Notification } from '@teamup/contracts/notifications';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, dataOf, uniqueEmail } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startSession } from '../auth/auth.service';
import { createLocalUser } from '../users/users.service';
import * as repo from './notifications.repo';

/*
 * A group room of more than 30 members (CHAT_NOTICE_MAX_MEMBERS) tells of a message only those
 * who chose ALL and those it mentions; a message that mentions nobody reads only the former.
 */

const MEMBERS = 34;

type TestUser = { token: string; userId: number };

let app: TestApp;
let owner: TestUser;
let members: TestUser[];
let workspace: Workspace;
let room: ChatRoom;

let passwordHash: string | undefined;
/** A local account signed in without the API (one password hash for all). */
async function createUser(name: string): Promise<TestUser> {
  passwordHash ??= await app.context.passwords.hash('Password1');
  const user = await createLocalUser(
    app.context,
    {
      email: uniqueEmail('large'),
      name,
      passwordHash,
    },
    null,
  );
  if (!user) throw new Error(`could not create ${name}`);
  const session = await startSession(app.context, user.id, {}, { ip: '127.0.0.1' }, 'PASSWORD');
  return { token: session.token, userId: user.id };
}

const roomsUrl = () => `/api/workspaces/${workspace.id}/chat-rooms`;
const member = (index: number) => members[index] as TestUser;

beforeAll(async () => {
  app = await createTestApp();
  owner = await createUser('방장');
  members = [];
  for (let index = 0; index < MEMBERS; index += 1) members.push(await createUser(`멤버${index}`));
  workspace = dataOf<Workspace>(
    await call(app, owner, 'POST', '/api/workspaces', { name: '큰 방' }),
  );
  for (const person of members) {
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
  room = dataOf<ChatRoom>(
    await call(app, owner, 'POST', `${roomsUrl()}/create`, {
      name: '전체방',
      chatMemberIdList: members.map((person) => person.userId),
    }),
  );
  // Member 0 wants every message; member 1 muted the room.
  await call(app, member(0), 'PUT', `${roomsUrl()}/${room.id}/notify-level`, { level: 'ALL' });
  await call(app, member(1), 'PUT', `${roomsUrl()}/${room.id}/notify-level`, { level: 'MUTE' });
});
afterAll(async () => {
  await app.close();
});

/** Who has an unread notice of the room, by kind. */
async function toldOfRoom(kind: Notification['kind']) {
  const told: number[] = [];
  for (const person of [owner, ...members]) {
    const page = dataOf<{ content: Notification[] }>(
      await call(app, person, 'GET', '/api/notifications?size=50'),
    );
    if (page.content.some((item) => !item.read && item.kind === kind)) told.push(person.userId);
  }
  return told.sort((x, y) => x - y);
}

async function readAll() {
  for (const person of [owner, ...members]) {
    await call(app, person, 'PATCH', '/api/notifications/read-all');
  }
}

async function send(content: string) {
  const sent = await call(app, owner, 'POST', `${roomsUrl()}/${room.id}/messages`, { content });
  expect(sent.statusCode, sent.body).toBe(201);
  await app.context.domainEvents.settled();
}

describe('chat notices of a large room', () => {
  it('a message that mentions nobody: only who chose ALL is told, and only they are read', async () => {
    const reads = vi.spyOn(repo, 'roomForChatNotices');
    try {
      await send('모두 안녕하세요');
      expect(await toldOfRoom('CHAT_MESSAGE')).toEqual([member(0).userId]);
      const read = await (reads.mock.results[0]?.value as ReturnType<
        typeof repo.roomForChatNotices
      >);
      expect(read?.memberCount).toBe(MEMBERS + 1);
      expect(read?.members.map((person) => person.userId)).toEqual([member(0).userId]);
    } finally {
      reads.mockRestore();
      await readAll();
    }
  });

  it('mentions still reach who they name, and who chose ALL hears of the message too', async () => {
    await send(`<@${member(5).userId}> 확인 부탁해요 @멤버7 도요`);
    expect(await toldOfRoom('MENTION')).toEqual(
      [member(5).userId, member(7).userId].sort((x, y) => x - y),
    );
    expect(await toldOfRoom('CHAT_MESSAGE')).toEqual([member(0).userId]);
    await readAll();
  });

  it('<@all> from the room owner reaches everyone but the muted and the sender', async () => {
    await send('<@all> 공지 확인해 주세요');
    const expected = members
      .filter((_, index) => index !== 1)
      .map((person) => person.userId)
      .sort((x, y) => x - y);
    expect(await toldOfRoom('MENTION')).toEqual(expected);
    await readAll();
  });
});
