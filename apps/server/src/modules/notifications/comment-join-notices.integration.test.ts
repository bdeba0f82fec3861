import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@teamup/contracts/board';
import type { SseTicket } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import type { Kanban, KanbanList, Task } from '@teamup/contracts/kanban';
import type { Notification } from '@teamup/contracts/notifications';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, type TestUser } from '../../../test/factories';
import { openSse, type SseEvent, type SseStream } from '../../../test/sse-client';
import { createTestApp, listenLocally, type TestApp } from '../../../test/test-app';

/* Issue 41: comments notify the subject's author and those mentioned; joins notify the managers. */

let app: TestApp;
let baseUrl: string;
let owner: TestUser;
let admin: TestUser;
let writer: TestUser;
let commenter: TestUser;
let mate: TestUser;
let outsider: TestUser;
let workspace: Workspace;
let team: Team;
const streams: SseStream[] = [];

async function inbox(user: TestUser) {
  return dataOf<Page<Notification>>(await call(app, user, 'GET', '/api/notifications?size=100'))
    .content;
}
const ofKind = async (user: TestUser, kind: Notification['kind']) =>
  (await inbox(user)).filter((item) => item.kind === kind);

async function stream(user: TestUser) {
  const ticket = dataOf<SseTicket>(await call(app, user, 'POST', '/api/sse/register'));
  const opened = await openSse(`${baseUrl}/api/sse/subscribe?ticket=${ticket.ticket}`);
  streams.push(opened);
  return opened;
}

beforeAll(async () => {
  app = await createTestApp();
  baseUrl = await listenLocally(app);
  owner = await createUser(app, '주인');
  admin = await createUser(app, '관리자');
  writer = await createUser(app, '글쓴이');
  commenter = await createUser(app, '댓글러');
  mate = await createUser(app, '동료');
  outsider = await createUser(app, '바깥사람');
  workspace = dataOf<Workspace>(
    await call(app, owner, 'POST', '/api/workspaces', { name: '댓글 수업' }),
  );
});
afterAll(async () => {
  for (const opened of streams) opened.close();
  await app.close();
});

describe('joining a workspace', () => {
  it('tells the owner and admins, live, and every open member list', async () => {
    await call(app, admin, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
    const members = dataOf<Array<{ id: number }>>(
      await call(app, owner, 'GET', `/api/workspaces/${workspace.id}/members`),
    );
    expect(members.map((m) => m.id)).toContain(admin.userId);
    await call(app, owner, 'PUT', `/api/workspaces/${workspace.id}/members/${admin.userId}/role`, {
      role: 'ADMIN',
    });
    expect(await ofKind(owner, 'WORKSPACE_JOINED')).toMatchObject([
      {
        message: '[댓글 수업] 관리자님이 워크스페이스에 참여했습니다.',
        link: `/ws/${workspace.id}`,
      },
    ]);

    const ownerStream = await stream(owner);
    await call(app, writer, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
    await ownerStream.waitFor((events) =>
      events.some(
        (event) =>
          event.data['type'] === 'WORKSPACE_MEMBER_JOINED' &&
          event.data['workspaceId'] === workspace.id &&
          event.data['userId'] === writer.userId,
      ),
    );
    await ownerStream.waitFor((events) =>
      events.some(
        (event) =>
          event.data['type'] === 'NOTIFICATION_CREATED' &&
          (event.data['notification'] as Notification).kind === 'WORKSPACE_JOINED',
      ),
    );
    expect((await ofKind(owner, 'WORKSPACE_JOINED')).map((n) => n.message)).toContain(
      '[댓글 수업] 글쓴이님이 워크스페이스에 참여했습니다.',
    );
    expect((await ofKind(admin, 'WORKSPACE_JOINED')).map((n) => n.message)).toEqual([
      '[댓글 수업] 글쓴이님이 워크스페이스에 참여했습니다.',
    ]);
    // The one who joined and plain members are not told; joining twice tells nobody again.
    expect(await ofKind(writer, 'WORKSPACE_JOINED')).toEqual([]);
    await call(app, writer, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
    expect(await ofKind(admin, 'WORKSPACE_JOINED')).toHaveLength(1);

    // Turned off, the owner hears of no more joins.
    await call(app, owner, 'PUT', '/api/notifications/preferences', { WORKSPACE_JOINED: false });
    for (const person of [commenter, mate, outsider]) {
      await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
    }
    expect(await ofKind(owner, 'WORKSPACE_JOINED')).toHaveLength(2);
    expect(await ofKind(admin, 'WORKSPACE_JOINED')).toHaveLength(4);
    expect(await ofKind(mate, 'WORKSPACE_JOINED')).toEqual([]);
  });
});

describe('live streams follow new memberships', () => {
  it('a stream opened before creating or joining a workspace hears it at once, without reconnecting', async () => {
    const founder = await createUser(app, '창업자');
    const newcomer = await createUser(app, '새내기');
    const latecomer = await createUser(app, '늦은이');
    const founderStream = await stream(founder);
    const newcomerStream = await stream(newcomer);
    const created = dataOf<Workspace>(
      await call(app, founder, 'POST', '/api/workspaces', { name: '새 수업' }),
    );
    await call(app, newcomer, 'POST', '/api/workspaces/join', { inviteCode: created.inviteCode });
    await call(app, latecomer, 'POST', '/api/workspaces/join', { inviteCode: created.inviteCode });
    const heardJoinOf = (user: TestUser) => (events: SseEvent[]) =>
      events.some(
        (event) =>
          event.data['type'] === 'WORKSPACE_MEMBER_JOINED' &&
          event.data['workspaceId'] === created.id &&
          event.data['userId'] === user.userId,
      );
    // The founder's stream opened before the workspace existed; the newcomer's before joining.
    await founderStream.waitFor(heardJoinOf(newcomer));
    await founderStream.waitFor(heardJoinOf(latecomer));
    await newcomerStream.waitFor(heardJoinOf(latecomer));
  });
});

describe('comments', () => {
  beforeAll(async () => {
    // Members already (joining again is harmless), whether or not the joins above ran.
    for (const person of [writer, commenter, mate, outsider]) {
      await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
    }
    team = dataOf<Team>(
      await call(app, writer, 'POST', '/api/teams', { name: '댓글팀', workspaceId: workspace.id }),
    );
    for (const person of [commenter, mate]) {
      await call(app, person, 'POST', `/api/teams/${team.id}/join`, {});
    }
  });

  it('on a post: its author and those mentioned hear of it, live; not the commenter', async () => {
    const post = dataOf<Post>(
      await call(app, writer, 'POST', `/api/teams/${team.id}/posts`, {
        title: '회의록',
        content: '본문',
      }),
    );
    const writerStream = await stream(writer);
    const created = await call(app, commenter, 'POST', `/api/posts/${post.id}/comments`, {
      content: '@동료 @바깥사람 @댓글러 확인해 주세요',
    });
    expect(created.statusCode).toBe(201);
    const commentId = dataOf<{ id: number }>(created).id;
    const link = `/ws/${workspace.id}/team/${team.id}?tab=bulletin&post=${post.id}&comment=${commentId}`;
    expect(await ofKind(writer, 'COMMENT')).toMatchObject([
      { message: "[댓글팀] 댓글러님이 '회의록'에 댓글을 남겼습니다.", link, read: false },
    ]);
    expect(await ofKind(mate, 'COMMENT')).toMatchObject([
      { message: "[댓글팀] 댓글러님이 '회의록'의 댓글에서 회원님을 언급했습니다.", link },
    ]);
    // Not a member of the team: the mention is ignored. The commenter hears of nothing.
    expect(await ofKind(outsider, 'COMMENT')).toEqual([]);
    expect(await ofKind(commenter, 'COMMENT')).toEqual([]);
    await writerStream.waitFor((events) =>
      events.some(
        (event) =>
          event.data['type'] === 'NOTIFICATION_CREATED' &&
          (event.data['notification'] as Notification).kind === 'COMMENT',
      ),
    );
    // The post list's comment count changes live for everyone who has the board open.
    await writerStream.waitFor((events) =>
      events.some(
        (event) =>
          event.data['type'] === 'TEAM_CONTENT_CHANGED' &&
          event.data['teamId'] === team.id &&
          event.data['area'] === 'POSTS',
      ),
    );

    // Deleting a comment changes the count too: the open lists hear of it as well.
    const postsChanged = (events: Array<{ data: Record<string, unknown> }>) =>
      events.filter(
        (event) => event.data['type'] === 'TEAM_CONTENT_CHANGED' && event.data['area'] === 'POSTS',
      ).length;
    const before = postsChanged(writerStream.events);
    const extra = dataOf<{ id: number }>(
      await call(app, mate, 'POST', `/api/posts/${post.id}/comments`, { content: '지울 댓글' }),
    );
    await writerStream.waitFor((events) => postsChanged(events) > before);
    const afterAdd = postsChanged(writerStream.events);
    expect((await call(app, mate, 'DELETE', `/api/comments/${extra.id}`)).statusCode).toBe(204);
    await writerStream.waitFor((events) => postsChanged(events) > afterAdd);

    // The author commenting on their own post tells nobody but those mentioned.
    await call(app, writer, 'POST', `/api/posts/${post.id}/comments`, { content: '감사합니다' });
    expect(await ofKind(writer, 'COMMENT')).toHaveLength(2);

    // Turned off: no more comment notices for the author.
    await call(app, writer, 'PUT', '/api/notifications/preferences', { COMMENT: false });
    await call(app, mate, 'POST', `/api/posts/${post.id}/comments`, { content: '좋아요' });
    expect(await ofKind(writer, 'COMMENT')).toHaveLength(2);
    await call(app, writer, 'PUT', '/api/notifications/preferences', { COMMENT: true });
  });

  it('on a task: its assignees and those mentioned hear of it; the link opens the card', async () => {
    const kanban = dataOf<Kanban>(await call(app, writer, 'GET', `/api/kanban/team/${team.id}`));
    const list = dataOf<KanbanList>(
      await call(app, writer, 'POST', '/api/kanban/lists', {
        kanbanListName: '할 일',
        kanbanId: kanban.id,
      }),
    );
    const task = dataOf<Task>(
      await call(app, writer, 'POST', '/api/kanban/tasks', {
        subject: '발표 자료',
        kanbanListId: list.id,
        assigneeIds: [writer.userId],
      }),
    );
    const before = (await ofKind(mate, 'COMMENT')).length;
    const created = await call(app, commenter, 'POST', `/api/kanban/tasks/${task.id}/comments`, {
      comment: `<@${mate.userId}> 같이 봐주세요`,
    });
    expect(created.statusCode).toBe(201);
    const commentId = dataOf<{ id: number }>(created).id;
    const link = `/ws/${workspace.id}/team/${team.id}?tab=kanban&task=${task.id}&comment=${commentId}`;
    expect((await ofKind(writer, 'COMMENT'))[0]).toMatchObject({
      message: "[댓글팀] 댓글러님이 '발표 자료'에 댓글을 남겼습니다.",
      link,
    });
    const mateNotices = await ofKind(mate, 'COMMENT');
    expect(mateNotices).toHaveLength(before + 1);
    expect(mateNotices[0]).toMatchObject({
      message: "[댓글팀] 댓글러님이 '발표 자료'의 댓글에서 회원님을 언급했습니다.",
      link,
    });
    expect(await ofKind(commenter, 'COMMENT')).toEqual([]);
  });
});
