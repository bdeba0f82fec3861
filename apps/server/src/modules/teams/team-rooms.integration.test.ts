import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMember, ChatRoom, SseTicket } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { chatRooms } from '../../db/schema';
import { call, createUser, dataOf, type TestUser } from '../../../test/factories';
import { openSse, type SseEvent, type SseStream } from '../../../test/sse-client';
import { createTestApp, listenLocally, type TestApp } from '../../../test/test-app';

/*
 * A team's room follows the team (issue 41): whoever joins the team is in it, whoever leaves or is
 * removed is out of it, live; it carries the team's name; deleting the team leaves the room.
 */

let app: TestApp;
let baseUrl: string;
const streams: SseStream[] = [];

beforeAll(async () => {
  app = await createTestApp();
  baseUrl = await listenLocally(app);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await app.close();
});

/** A workspace with its owner and `count` more members. */
async function workspaceWith(count: number) {
  const owner = await createUser(app, '소유자');
  const workspace = dataOf<Workspace>(
    await call(app, owner, 'POST', '/api/workspaces', { name: '팀 채팅 수업' }),
  );
  const people: TestUser[] = [];
  for (let i = 0; i < count; i += 1) {
    const person = await createUser(app, `팀원${i + 1}`);
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
    people.push(person);
  }
  return { owner, workspace, people };
}

async function createTeam(user: TestUser, workspaceId: number, name: string) {
  const response = await call(app, user, 'POST', '/api/teams', { name, workspaceId });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<Team>(response);
}

/** The room linked to the team, straight from the database. */
async function roomOfTeam(teamId: number) {
  const [row] = await app.context.database.db
    .select()
    .from(chatRooms)
    .where(eq(chatRooms.teamId, teamId));
  return row;
}

const roomsPath = (workspaceId: number) => `/api/workspaces/${workspaceId}/chat-rooms`;

/** The ids of the people in the room, as the room's own member list says. */
async function memberIds(viewer: TestUser, workspaceId: number, roomId: number) {
  const response = await call(app, viewer, 'GET', `${roomsPath(workspaceId)}/${roomId}/members`);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<ChatMember[]>(response)
    .map((member) => member.id)
    .sort((a, b) => a - b);
}

async function subscribe(user: TestUser) {
  const ticket = dataOf<SseTicket>(await call(app, user, 'POST', '/api/sse/register'));
  const stream = await openSse(`${baseUrl}/api/sse/subscribe?ticket=${ticket.ticket}`);
  streams.push(stream);
  return stream;
}

const told = (type: string, roomId: number, userId: number) => (events: SseEvent[]) =>
  events.some(
    (e) =>
      e.data['type'] === type && e.data['chatRoomId'] === roomId && e.data['userId'] === userId,
  );

describe("a team's room", () => {
  it('is linked to a team made by hand', async () => {
    const { people, workspace } = await workspaceWith(1);
    const [leader] = people as [TestUser];
    const team = await createTeam(leader, workspace.id, '디자인팀');
    const room = await roomOfTeam(team.id);
    expect(room).toMatchObject({ type: 'GROUP', name: '디자인팀', workspaceId: workspace.id });
    expect(await memberIds(leader, workspace.id, room?.id ?? 0)).toEqual([leader.userId]);
  });

  it('takes in whoever joins the team, live, and lets out whoever leaves it', async () => {
    const { people, workspace } = await workspaceWith(2);
    const [leader, joiner] = people as [TestUser, TestUser];
    const team = await createTeam(leader, workspace.id, '백엔드팀');
    const roomId = (await roomOfTeam(team.id))?.id ?? 0;
    const stream = await subscribe(joiner);

    // The team answer names its room only to those in it (the team page's 팀 채팅 link).
    const roomIdSeenBy = async (user: TestUser) =>
      dataOf<Team>(await call(app, user, 'GET', `/api/teams/${team.id}`)).roomId;
    expect(await roomIdSeenBy(leader)).toBe(roomId);
    expect(await roomIdSeenBy(joiner)).toBeNull();
    const joined = await call(app, joiner, 'POST', `/api/teams/${team.id}/join`, {});
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await roomIdSeenBy(joiner)).toBe(roomId);
    // Their chat list refetches on this (use-chat-rooms-live-sync), and their stream follows the room.
    await stream.waitFor(told('CHAT_MEMBER_JOINED', roomId, joiner.userId));
    expect(await memberIds(joiner, workspace.id, roomId)).toEqual(
      [leader.userId, joiner.userId].sort((a, b) => a - b),
    );
    const listed = dataOf<Page<ChatRoom>>(
      await call(app, joiner, 'GET', roomsPath(workspace.id)),
    ).content;
    expect(listed.map((room) => room.id)).toContain(roomId);
    // The stream starts listening to the room just after the event: the leader's words reach it
    // (said again until one is heard, as the subscription may take a moment).
    await expect
      .poll(async () => {
        const sent = await call(
          app,
          leader,
          'POST',
          `${roomsPath(workspace.id)}/${roomId}/messages`,
          {
            content: '어서 와요',
          },
        );
        expect(sent.statusCode, sent.body).toBe(201);
        return stream.events.some(
          (e) => e.data['type'] === 'NEW_CHAT_MESSAGE' && e.data['chatRoomId'] === roomId,
        );
      })
      .toBe(true);

    const left = await call(app, joiner, 'POST', `/api/teams/${team.id}/leave`, {});
    expect(left.statusCode, left.body).toBe(200);
    await stream.waitFor(told('CHAT_MEMBER_LEFT', roomId, joiner.userId));
    expect(await memberIds(leader, workspace.id, roomId)).toEqual([leader.userId]);
    expect(
      (await call(app, joiner, 'GET', `${roomsPath(workspace.id)}/${roomId}/messages`)).statusCode,
    ).toBe(403);
  });

  it('follows the leader adding and removing members, and the team’s new name (told live)', async () => {
    const { people, workspace } = await workspaceWith(2);
    const [leader, member] = people as [TestUser, TestUser];
    const team = await createTeam(leader, workspace.id, '기획팀');
    const roomId = (await roomOfTeam(team.id))?.id ?? 0;
    const stream = await subscribe(member);

    const added = await call(app, leader, 'POST', `/api/teams/${team.id}/members`, {
      userId: String(member.userId),
    });
    expect(added.statusCode, added.body).toBe(200);
    await stream.waitFor(told('CHAT_MEMBER_JOINED', roomId, member.userId));
    expect(await memberIds(leader, workspace.id, roomId)).toContain(member.userId);

    const renamed = await call(app, leader, 'PUT', `/api/teams/${team.id}`, {
      name: '서비스기획팀',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await roomOfTeam(team.id))?.name).toBe('서비스기획팀');
    // Open team pages refetch the team (its name, who may post 공지) at once.
    await stream.waitFor((events) =>
      events.some(
        (e) =>
          e.data['type'] === 'TEAM_CONTENT_CHANGED' &&
          e.data['teamId'] === team.id &&
          e.data['area'] === 'TEAM',
      ),
    );

    const removed = await call(
      app,
      leader,
      'DELETE',
      `/api/teams/${team.id}/members/${member.userId}`,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    await stream.waitFor(told('CHAT_MEMBER_LEFT', roomId, member.userId));
    expect(await memberIds(leader, workspace.id, roomId)).toEqual([leader.userId]);
  });

  it('stays, unlinked and with its members, when the team is deleted', async () => {
    const { people, workspace } = await workspaceWith(2);
    const [leader, member] = people as [TestUser, TestUser];
    const team = await createTeam(leader, workspace.id, '삭제될 팀');
    await call(app, member, 'POST', `/api/teams/${team.id}/join`, {});
    const roomId = (await roomOfTeam(team.id))?.id ?? 0;

    const deleted = await call(app, leader, 'DELETE', `/api/teams/${team.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await roomOfTeam(team.id)).toBeUndefined();
    const [room] = await app.context.database.db
      .select()
      .from(chatRooms)
      .where(eq(chatRooms.id, roomId));
    expect(room).toMatchObject({ name: '삭제될 팀', teamId: null });
    expect(await memberIds(leader, workspace.id, roomId)).toEqual(
      [leader.userId, member.userId].sort((a, b) => a - b),
    );
  });

  it('lets out a member who leaves the workspace', async () => {
    const { people, workspace } = await workspaceWith(2);
    const [leader, member] = people as [TestUser, TestUser];
    const team = await createTeam(leader, workspace.id, '떠나는 팀');
    await call(app, member, 'POST', `/api/teams/${team.id}/join`, {});
    const roomId = (await roomOfTeam(team.id))?.id ?? 0;
    expect(await memberIds(leader, workspace.id, roomId)).toContain(member.userId);

    const left = await call(app, member, 'POST', `/api/workspaces/${workspace.id}/leave`);
    expect(left.statusCode, left.body).toBe(204);
    expect(await memberIds(leader, workspace.id, roomId)).toEqual([leader.userId]);
  });
});
