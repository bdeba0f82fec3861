import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Announcement,
  AnnouncementPage,
  Comment,
  Post,
  PostSummary,
} from '@teamup/contracts/board';
import type { ChatMessage, ChatRoom } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import { WORKSPACE_ARCHIVE_FORMAT } from '@teamup/contracts/exports';
import type { Kanban, TaskComment } from '@teamup/contracts/kanban';
import type { Schedule } from '@teamup/contracts/schedules';
import type { Team, TeamMember } from '@teamup/contracts/teams';
import type { Workspace, WorkspaceMember } from '@teamup/contracts/workspaces';
import {
  authHeader,
  call,
  createUser,
  dataOf,
  login,
  multipartBody,
  type MultipartPart,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { workspaces } from '../../db/schema';
import { createLocalUser } from '../users/users.service';
import {
  type Archive,
  ArchiveInvalid,
  readPersonalArchive,
  readWorkspaceArchive,
  restoreWorkspace,
} from './workspace-archive';

/*
 * Data out (issue 46): a workspace built through the API of one instance, exported, restored in
 * a second, fresh instance where two of its three members have accounts, and compared there
 * through the API as the importer.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const SECRET = '둘만의 비밀 이야기';

let appA: TestApp;
let appB: TestApp;
beforeAll(async () => {
  [appA, appB] = await Promise.all([createTestApp(), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([appA?.close(), appB?.close()]);
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
async function must<T>(app: TestApp, user: TestUser, method: Method, url: string, body?: unknown) {
  const response = await call(app, user, method, url, body);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.statusCode === 204 ? (undefined as T) : dataOf<T>(response);
}
async function upload<T>(app: TestApp, user: TestUser, url: string, parts: MultipartPart[]) {
  const form = multipartBody(parts);
  const response = await app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, ...authHeader(user.token) },
  });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  return dataOf<T>(response);
}
async function bytesOf(app: TestApp, user: TestUser, url: string) {
  const response = await app.inject({ method: 'GET', url, headers: authHeader(user.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

/** An account in `app` with the given e-mail (the same person on another instance). */
async function accountFor(app: TestApp, email: string, name: string): Promise<TestUser> {
  const passwordHash = await app.context.passwords.hash('Password1');
  const user = await createLocalUser(app.context, { email, name, passwordHash }, null);
  if (!user) throw new Error(`could not create ${email}`);
  return { ...(await login(app, email)), email, name };
}

/** The world of instance A, built through its API. */
async function buildWorld() {
  const owner = await createUser(appA, '소유자');
  const member = await createUser(appA, '팀원');
  const third = await createUser(appA, '셋째');
  const ws = await must<Workspace>(appA, owner, 'POST', '/api/workspaces', { name: '내보낼 수업' });
  for (const person of [member, third]) {
    await must(appA, person, 'POST', '/api/workspaces/join', { inviteCode: ws.inviteCode });
  }
  await must(appA, owner, 'PUT', `/api/workspaces/${ws.id}/members/${member.userId}/role`, {
    role: 'ADMIN',
  });
  await upload(appA, owner, `/api/workspaces/${ws.id}/icon`, [
    { name: 'file', filename: 'icon.png', content: PNG, type: 'image/png' },
  ]);
  const team = await must<Team>(appA, owner, 'POST', '/api/teams', {
    name: '첫째팀',
    workspaceId: ws.id,
  });
  for (const person of [member, third]) {
    await must(appA, person, 'POST', `/api/teams/${team.id}/join`, {});
  }
  // Led by the person the other instance does not know.
  const second = await must<Team>(appA, third, 'POST', '/api/teams', {
    name: '둘째팀',
    workspaceId: ws.id,
  });
  await must(appA, member, 'POST', `/api/teams/${second.id}/join`, {});

  const announce = `/api/workspaces/${ws.id}/announcement`;
  await must(appA, owner, 'POST', announce, { teamId: team.id, title: '공지', content: '첫 공지' });
  await must(appA, third, 'POST', announce, {
    teamId: team.id,
    title: '셋째 공지',
    content: '내용',
  });

  const post = await must<Post>(appA, owner, 'POST', `/api/teams/${team.id}/posts`, {
    title: '회의록',
    content: '오늘의 회의록입니다',
  });
  await upload(appA, owner, `/api/posts/${post.id}/attachments`, [
    { name: 'file', filename: '보고서 최종.pdf', content: PDF, type: 'application/pdf' },
  ]);
  await must(appA, member, 'POST', `/api/posts/${post.id}/comments`, { content: '확인했습니다' });
  await must(appA, third, 'POST', `/api/posts/${post.id}/comments`, { content: '셋째 댓글' });

  const schedules = `/api/teams/${team.id}/schedules`;
  await must(appA, owner, 'POST', schedules, {
    title: '발표',
    startDate: '2030-05-10T09:00:00Z',
    endDate: '2030-05-10T10:00:00Z',
    reminders: [30],
  });
  const daily = await must<Schedule>(appA, member, 'POST', schedules, {
    title: '스탠드업',
    startDate: '2030-05-01T00:00:00Z',
    endDate: '2030-05-01T00:15:00Z',
    recurrenceRule: 'FREQ=DAILY;COUNT=5',
  });
  await must(
    appA,
    member,
    'DELETE',
    `${schedules}/${daily.id}?scope=THIS&occurrence=2030-05-02T00:00:00.000Z`,
  );

  const kanban = await must<Kanban>(appA, owner, 'GET', `/api/kanban/team/${team.id}`);
  const lists = [];
  for (const name of ['할 일', '진행 중']) {
    lists.push(
      await must<{ id: number }>(appA, owner, 'POST', '/api/kanban/lists', {
        kanbanListName: name,
        kanbanId: kanban.id,
      }),
    );
  }
  const task = await must<{ id: number }>(appA, member, 'POST', '/api/kanban/tasks', {
    subject: '자료 조사',
    kanbanListId: lists[0]?.id,
    assigneeIds: [owner.userId, member.userId, third.userId],
  });
  await must(appA, owner, 'POST', '/api/kanban/tasks', {
    subject: '발표 준비',
    kanbanListId: lists[0]?.id,
  });
  await must(appA, owner, 'POST', '/api/kanban/tasks', {
    subject: '초안',
    kanbanListId: lists[1]?.id,
  });
  await must(appA, member, 'POST', `/api/kanban/tasks/${task.id}/comments`, { comment: '시작' });

  const rooms = `/api/workspaces/${ws.id}/chat-rooms`;
  const room = await must<ChatRoom>(appA, owner, 'POST', `${rooms}/create`, {
    name: '잡담',
    chatMemberIdList: [member.userId, third.userId],
  });
  const messages = `${rooms}/${room.id}/messages`;
  const hello = await must<ChatMessage>(appA, owner, 'POST', messages, {
    content: `<@${member.userId}> 안녕하세요`,
  });
  await must(appA, third, 'POST', messages, { content: `셋째입니다 <@${third.userId}>` });
  await must(appA, member, 'POST', messages, { content: '반갑습니다', replyTo: hello.id });
  await must(appA, member, 'PUT', `${messages}/${hello.id}/reactions`, {
    emoji: '👍',
    reacted: true,
  });
  await upload(appA, owner, `${messages}/attachment`, [
    { name: 'content', value: '사진' },
    { name: 'file', filename: 'dot.png', content: PNG, type: 'image/png' },
  ]);
  const gone = await must<ChatMessage>(appA, owner, 'POST', messages, { content: '지울 말' });
  await must(appA, owner, 'PATCH', `${messages}/${gone.id}/delete`);

  const dm = await must<ChatRoom>(appA, owner, 'POST', `${rooms}/create-dm`, {
    chatMemberIdList: [member.userId],
  });
  await must(appA, member, 'POST', `${rooms}/${dm.id}/messages`, { content: SECRET });
  return { owner, member, third, ws, team, second, room };
}
type World = Awaited<ReturnType<typeof buildWorld>>;

/** The archive as a zip would carry it: JSON text, and the files' bytes read from A's storage. */
function restoreInput(archive: Archive, importerId: number) {
  const documents = new Map(
    archive.entries.map((entry) => [entry.path, JSON.parse(JSON.stringify(entry.json)) as unknown]),
  );
  const keys = new Map(archive.files.map((file) => [file.path, file.storageKey]));
  return {
    importerId,
    now: new Date(),
    readJson: (path: string) => documents.get(path),
    putFile: async (path: string, storageKey: string) => {
      const key = keys.get(path);
      if (key === undefined) return false;
      await appB.context.storage.put(
        storageKey,
        await appA.context.storage.get(key),
        'application/octet-stream',
      );
      return true;
    },
  };
}

const countWorkspaces = async () =>
  (await appB.context.database.db.select({ n: count() }).from(workspaces))[0]?.n;

let world: World;
let archive: Archive;
let ownerB: TestUser;
let memberB: TestUser;
beforeAll(async () => {
  world = await buildWorld();
  archive = await readWorkspaceArchive(appA.context.database.db, world.ws.id, new Date());
  // B's accounts have other ids than A's: a mention or an author left unmapped would show.
  await createUser(appB, '먼저 온 사람');
  ownerB = await accountFor(appB, world.owner.email, '소유자 B');
  memberB = await accountFor(appB, world.member.email, '팀원 B');
  // Someone already on B: the restored workspace is new, beside what B has.
  await must(appB, memberB, 'POST', '/api/workspaces', { name: 'B의 워크스페이스' });
});

describe('a workspace archive', () => {
  it('lays the workspace out as JSON per area and its files, without the 1:1 room', () => {
    expect(archive.entries.map((entry) => entry.path)).toEqual([
      'manifest.json',
      'workspace.json',
      'members.json',
      'teams.json',
      'announcements.json',
      'posts.json',
      'schedules.json',
      'kanban.json',
      'chat.json',
    ]);
    expect(archive.entries[0]?.json).toMatchObject({
      format: WORKSPACE_ARCHIVE_FORMAT,
      version: 1,
      workspace: { id: world.ws.id, name: '내보낼 수업' },
    });
    expect(archive.files.map((file) => file.path)).toEqual([
      expect.stringMatching(/^files\/workspace\/[\w-]+\.webp$/),
      expect.stringMatching(/^files\/posts\/\d+-보고서 최종\.pdf$/),
      expect.stringMatching(/^files\/chat\/\d+-dot\.png$/),
    ]);
    const text = JSON.stringify(archive);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('지울 말');
    expect(text).not.toMatch(/passwordHash|inviteCode/);
  });

  it('restores on another instance as a new workspace that reads the same', async () => {
    const before = await countWorkspaces();
    const result = await appB.context.database.db.transaction((tx) =>
      restoreWorkspace(tx, restoreInput(archive, ownerB.userId)),
    );
    expect(result).toMatchObject({ name: '내보낼 수업', membersMatched: 2, membersMissing: 1 });
    expect(await countWorkspaces()).toBe((before ?? 0) + 1);
    const wsId = result.workspaceId;
    const map = (id: number) =>
      ({ [world.owner.userId]: ownerB.userId, [world.member.userId]: memberB.userId })[id];
    const read = <T>(app: TestApp, user: TestUser, url: string) => must<T>(app, user, 'GET', url);

    const workspace = await read<Workspace>(appB, ownerB, `/api/workspaces/${wsId}`);
    expect(workspace).toMatchObject({ name: '내보낼 수업', owner: { id: ownerB.userId } });
    // The uploaded icon is B's own copy, under a new name, with the same bytes.
    const iconA = (await read<Workspace>(appA, world.owner, `/api/workspaces/${world.ws.id}`))
      .iconUrl;
    expect(workspace.iconUrl).toMatch(/^\/api\/files\/public\/icons\/[\w-]+\.webp$/);
    expect(workspace.iconUrl).not.toBe(iconA);
    expect(await bytesOf(appB, ownerB, workspace.iconUrl ?? '')).toEqual(
      await bytesOf(appA, world.owner, iconA ?? ''),
    );
    const members = await read<WorkspaceMember[]>(appB, ownerB, `/api/workspaces/${wsId}/members`);
    expect(members.map((m) => [m.email, m.role]).sort()).toEqual(
      [
        [world.owner.email, 'OWNER'],
        [world.member.email, 'ADMIN'],
      ].sort(),
    );

    const teamsA = await read<Team[]>(appA, world.owner, `/api/teams/workspace/${world.ws.id}`);
    const teamsB = await read<Team[]>(appB, ownerB, `/api/teams/workspace/${wsId}`);
    expect(teamsB.map((t) => t.name).sort()).toEqual(teamsA.map((t) => t.name).sort());
    const teamB = teamsB.find((t) => t.name === '첫째팀') as Team;
    const secondB = teamsB.find((t) => t.name === '둘째팀') as Team;
    expect(teamB.leader?.id).toBe(ownerB.userId);
    // Its leader is not on B: the member who is leads it.
    expect(secondB.leader?.id).toBe(memberB.userId);
    const teamMembers = await read<TeamMember[]>(appB, ownerB, `/api/teams/${teamB.id}/members`);
    expect(teamMembers.map((m) => [m.email, m.teamRole]).sort()).toEqual(
      [
        [world.owner.email, 'LEADER'],
        [world.member.email, 'MEMBER'],
      ].sort(),
    );

    const announcementsOf = async (app: TestApp, user: TestUser, ws: number, team: number) =>
      (await read<AnnouncementPage>(app, user, `/api/workspaces/${ws}/announcement?teamId=${team}`))
        .announcements;
    const announcementsA = await announcementsOf(appA, world.owner, world.ws.id, world.team.id);
    const announcementsB = await announcementsOf(appB, ownerB, wsId, teamB.id);
    const announcementView = (a: Announcement) => [a.title, a.content, a.createdAt];
    expect(announcementsB.map(announcementView)).toEqual(announcementsA.map(announcementView));
    // Written by someone B does not know: the importer's now.
    expect(announcementsB.find((a) => a.title === '셋째 공지')?.accountId).toBe(ownerB.userId);

    const postsA = await read<Page<PostSummary>>(
      appA,
      world.owner,
      `/api/teams/${world.team.id}/posts`,
    );
    const postsB = await read<Page<PostSummary>>(appB, ownerB, `/api/teams/${teamB.id}/posts`);
    expect(postsB.content).toHaveLength(1);
    const postA = await read<Post>(appA, world.owner, `/api/posts/${postsA.content[0]?.id ?? 0}`);
    const postB = await read<Post>(appB, ownerB, `/api/posts/${postsB.content[0]?.id ?? 0}`);
    const postView = (p: Post) => [p.title, p.content, p.createdAt, p.updatedAt];
    expect(postView(postB)).toEqual(postView(postA));
    expect(postB.authorId).toBe(ownerB.userId);
    expect(postB.attachments.map((a) => [a.originalFileName, a.size])).toEqual([
      ['보고서 최종.pdf', PDF.length],
    ]);
    expect(await bytesOf(appB, ownerB, postB.attachments[0]?.downloadUrl ?? '')).toEqual(PDF);
    const comments = await read<Page<Comment>>(appB, ownerB, `/api/posts/${postB.id}/comments`);
    expect(comments.content.map((c) => [c.content, c.authorId])).toEqual([
      ['확인했습니다', memberB.userId],
      ['셋째 댓글', ownerB.userId],
    ]);

    const schedulesOf = async (app: TestApp, user: TestUser, team: number) => {
      const page = await read<Page<Schedule>>(app, user, `/api/teams/${team}/schedules`);
      const range = await read<Schedule[]>(
        app,
        user,
        `/api/teams/${team}/schedules/range?startDate=2030-04-01T00:00:00Z&endDate=2030-06-01T00:00:00Z`,
      );
      return {
        stored: page.content.map((s) => [s.title, s.startDate, s.endDate, s.reminders]),
        occurrences: range.map((s) => [s.title, s.startDate]),
      };
    };
    const schedulesA = await schedulesOf(appA, world.owner, world.team.id);
    expect(schedulesA.occurrences).toHaveLength(5); // 5 days, one called off, and the 발표
    expect(await schedulesOf(appB, ownerB, teamB.id)).toEqual(schedulesA);

    const boardView = async (app: TestApp, user: TestUser, team: number) => {
      const board = await read<Kanban>(app, user, `/api/kanban/team/${team}`);
      return Promise.all(
        board.kanbanLists.map(async (list) => ({
          name: list.kanbanListName,
          tasks: await Promise.all(
            list.tasks.map(async (task) => ({
              subject: task.subject,
              assignees: task.members.map((m) => m.accountId).sort(),
              comments: (
                await read<Page<TaskComment>>(app, user, `/api/kanban/tasks/${task.id}/comments`)
              ).content.map((c) => [c.comment, c.accountId]),
            })),
          ),
        })),
      );
    };
    const boardA = await boardView(appA, world.owner, world.team.id);
    const expected = boardA.map((list) => ({
      ...list,
      tasks: list.tasks.map((task) => ({
        subject: task.subject,
        // The third person's assignment names no one on B.
        assignees: task.assignees.flatMap((id) => map(id) ?? []).sort(),
        comments: task.comments.map(([text, id]) => [text, map(id as number)]),
      })),
    }));
    expect(boardA[0]?.tasks[0]?.assignees).toHaveLength(3);
    expect(await boardView(appB, ownerB, teamB.id)).toEqual(expected);

    const roomsB = await read<Page<ChatRoom>>(appB, ownerB, `/api/workspaces/${wsId}/chat-rooms`);
    expect(roomsB.content.map((room) => room.type)).not.toContain('PERSONAL');
    const roomB = roomsB.content.find((room) => room.name === '잡담') as ChatRoom;
    expect(roomB.unreadCount).toBe(0);
    const pageOf = async (app: TestApp, user: TestUser, ws: number, room: number) =>
      (
        await read<Page<ChatMessage>>(
          app,
          user,
          `/api/workspaces/${ws}/chat-rooms/${room}/messages?sort=createdAt,asc&size=200`,
        )
      ).content;
    const messagesA = await pageOf(appA, world.owner, world.ws.id, world.room.id);
    const messagesB = await pageOf(appB, ownerB, wsId, roomB.id);
    expect(messagesB.map((m) => [m.content, m.deleted, m.sentAt])).toEqual(
      messagesA.map((m) => [
        m.content.replace(/<@(\d+)>/g, (_token, id: string) =>
          Number(id) === world.third.userId ? `@${world.third.name}` : `<@${map(Number(id))}>`,
        ),
        m.deleted,
        m.sentAt,
      ]),
    );
    const [hello, fromThird, reply, photo] = messagesB;
    expect(hello?.senderId).toBe(ownerB.userId);
    expect(hello?.reactions).toMatchObject([{ emoji: '👍', users: [{ id: memberB.userId }] }]);
    // Sent by someone B does not know: no sender, as after an account is deleted.
    expect(fromThird?.senderId).toBe(0);
    expect(fromThird?.bot).toBeUndefined();
    expect(reply?.replyTo?.id).toBe(hello?.id);
    expect(photo?.attachments.map((a) => a.fileName)).toEqual(['dot.png']);
    expect(await bytesOf(appB, ownerB, `${photo?.attachments[0]?.url ?? ''}?download=1`)).toEqual(
      PNG,
    );
    // The 1:1 room's words are nowhere on B.
    for (const room of roomsB.content) {
      const texts = (await pageOf(appB, ownerB, wsId, room.id)).map((m) => m.content);
      expect(texts).not.toContain(SECRET);
    }
    // The team's room came along, with the team's members.
    const teamRoom = roomsB.content.find((room) => room.name === '첫째팀');
    expect(teamRoom?.members.map((m) => m.accountId).sort()).toEqual(
      [ownerB.userId, memberB.userId].sort(),
    );
  });

  it('makes the archive owner an admin when someone else imports it', async () => {
    const result = await appB.context.database.db.transaction((tx) =>
      restoreWorkspace(tx, restoreInput(archive, memberB.userId)),
    );
    const members = await must<WorkspaceMember[]>(
      appB,
      memberB,
      'GET',
      `/api/workspaces/${result.workspaceId}/members`,
    );
    expect(members.map((m) => [m.email, m.role]).sort()).toEqual(
      [
        [world.owner.email, 'ADMIN'],
        [world.member.email, 'OWNER'],
      ].sort(),
    );
  });

  it('refuses a foreign manifest, another version or a malformed document, writing nothing', async () => {
    const before = await countWorkspaces();
    let copied = 0;
    const broken = (path: string, json: unknown) => {
      const input = restoreInput(archive, ownerB.userId);
      return {
        ...input,
        readJson: (at: string) => (at === path ? json : input.readJson(at)),
        putFile: async (at: string, key: string) => {
          copied += 1;
          return input.putFile(at, key);
        },
      };
    };
    const manifest = archive.entries[0]?.json as Record<string, unknown>;
    for (const input of [
      broken('manifest.json', undefined),
      broken('manifest.json', { ...manifest, format: 'someone-elses-export' }),
      broken('manifest.json', { ...manifest, version: 2 }),
      broken('posts.json', [{ id: 'one', title: 7 }]),
      broken('chat.json', undefined),
    ]) {
      await expect(
        appB.context.database.db.transaction((tx) => restoreWorkspace(tx, input)),
      ).rejects.toBeInstanceOf(ArchiveInvalid);
    }
    expect(copied).toBe(0);
    expect(await countWorkspaces()).toBe(before);
  });
});

describe('a personal export', () => {
  it('holds what the person wrote and sent, and no one else’s e-mail', async () => {
    const personal = await readPersonalArchive(
      appA.context.database.db,
      world.owner.userId,
      new Date(),
    );
    const json = Object.fromEntries(personal.entries.map((entry) => [entry.path, entry.json]));
    expect(Object.keys(json)).toEqual([
      'manifest.json',
      'profile.json',
      'workspaces.json',
      'messages.json',
      'posts.json',
      'comments.json',
      'tasks.json',
    ]);
    expect(json['manifest.json']).toMatchObject({ format: 'teamup-personal-export', version: 1 });
    expect(json['profile.json']).toMatchObject({ email: world.owner.email, provider: 'LOCAL' });
    const messages = json['messages.json'] as Array<{ content: string; room: { name: string } }>;
    expect(messages.map((m) => m.content)).toEqual([
      `<@${world.member.userId}> 안녕하세요`,
      '사진',
      '',
    ]);
    expect(messages[0]?.room.name).toBe('잡담');
    expect(json['posts.json']).toMatchObject([
      { title: '회의록', attachments: [{ size: PDF.length }] },
    ]);
    expect(json['tasks.json']).toMatchObject([{ subject: '자료 조사' }]);
    expect(personal.files.map((file) => file.path)).toEqual([
      expect.stringMatching(/^files\/chat\/\d+-dot\.png$/),
      expect.stringMatching(/^files\/posts\/\d+-보고서 최종\.pdf$/),
    ]);
    const text = JSON.stringify(personal);
    expect(text).toContain(world.owner.email);
    for (const other of [world.member.email, world.third.email]) expect(text).not.toContain(other);
    expect(text).not.toContain(SECRET);
  });
});
