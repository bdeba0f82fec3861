import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRoom, SseTicket } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import type { Kanban, KanbanList, Task } from '@teamup/contracts/kanban';
import type { Notification, NotificationPreferences } from '@teamup/contracts/notifications';
import type { Schedule } from '@teamup/contracts/schedules';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { openSse, type SseStream } from '../../../test/sse-client';
import { createTestApp, listenLocally, type TestApp } from '../../../test/test-app';
import { emitDomainEvent } from '../../platform/domain-events';
import { mentionedIn } from './chat-notices';

let app: TestApp;
let baseUrl: string;
let owner: TestUser;
let leader: TestUser;
let member: TestUser;
let bystander: TestUser;
let workspace: Workspace;
let team: Team;
const streams: SseStream[] = [];

beforeAll(async () => {
  app = await createTestApp();
  baseUrl = await listenLocally(app);
  owner = await createUser(app, '소유자');
  leader = await createUser(app, '팀장');
  member = await createUser(app, '팀원');
  bystander = await createUser(app, '구경꾼');
  workspace = dataOf<Workspace>(
    await call(app, owner, 'POST', '/api/workspaces', { name: '알림 수업' }),
  );
  for (const person of [leader, member, bystander]) {
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
  team = dataOf<Team>(
    await call(app, leader, 'POST', '/api/teams', { name: '알림팀', workspaceId: workspace.id }),
  );
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await app.close();
});

async function inbox(user: TestUser) {
  return dataOf<Page<Notification>>(await call(app, user, 'GET', '/api/notifications?size=100'))
    .content;
}
const kinds = async (user: TestUser) => (await inbox(user)).map((item) => item.kind);
const unread = async (user: TestUser) =>
  dataOf<{ unreadCount: number }>(await call(app, user, 'GET', '/api/notifications/unread-count'))
    .unreadCount;

describe('notifications', () => {
  it('requires authentication', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['PATCH', '/api/notifications/read-all'],
      ['PATCH', '/api/notifications/1/read'],
      ['GET', '/api/notifications/preferences'],
      ['PUT', '/api/notifications/preferences'],
    ] as const) {
      expectProblem(await app.inject({ method, url }), 401, 'AUTH_REQUIRED');
    }
  });

  it('notifies the right people of team work, and nobody else', async () => {
    const ticket = dataOf<SseTicket>(await call(app, leader, 'POST', '/api/sse/register'));
    const leaderStream = await openSse(`${baseUrl}/api/sse/subscribe?ticket=${ticket.ticket}`);
    streams.push(leaderStream);

    // Someone joins: the team's members hear of it.
    await call(app, member, 'POST', `/api/teams/${team.id}/join`, {});
    expect(await kinds(leader)).toEqual(['TEAM_JOINED']);
    expect(await kinds(member)).toEqual([]);

    // A task assigned to the member; the member asks for completion; the leader approves.
    const kanban = dataOf<Kanban>(await call(app, leader, 'GET', `/api/kanban/team/${team.id}`));
    const list = dataOf<KanbanList>(
      await call(app, leader, 'POST', '/api/kanban/lists', {
        kanbanListName: '할 일',
        kanbanId: kanban.id,
      }),
    );
    const task = dataOf<Task>(
      await call(app, leader, 'POST', '/api/kanban/tasks', {
        subject: '보고서',
        kanbanListId: list.id,
        assigneeIds: [member.userId],
      }),
    );
    expect((await inbox(member))[0]).toMatchObject({
      kind: 'TASK_ASSIGNED',
      message: "[알림팀] '보고서' 작업의 담당자가 되었습니다.",
      link: `/ws/${workspace.id}/team/${team.id}?tab=kanban`,
      read: false,
    });
    await call(app, member, 'POST', `/api/kanban/cards/${task.id}/completion-request`, {});
    expect((await inbox(leader))[0]).toMatchObject({
      kind: 'COMPLETION_REQUESTED',
      message: "[알림팀] 팀원님이 '보고서' 완료 승인을 요청했습니다.",
    });
    const live = await leaderStream.waitFor((events) =>
      events.some(
        (event) =>
          event.data['type'] === 'NOTIFICATION_CREATED' &&
          (event.data['notification'] as Notification).kind === 'COMPLETION_REQUESTED',
      ),
    );
    expect(live.at(-1)?.data['unreadCount']).toBe(2);
    await call(app, leader, 'POST', `/api/kanban/cards/${task.id}/completion-approval`, {
      approved: true,
    });
    expect((await inbox(member))[0]?.kind).toBe('COMPLETION_APPROVED');

    const second = dataOf<Task>(
      await call(app, member, 'POST', '/api/kanban/tasks', {
        subject: '발표',
        kanbanListId: list.id,
      }),
    );
    // Assigning oneself is not news; being added later by the leader is.
    await call(app, leader, 'PATCH', `/api/kanban/tasks/${second.id}`, {
      assigneeIds: [member.userId],
    });
    await call(app, member, 'POST', `/api/kanban/cards/${second.id}/completion-request`, {});
    await call(app, leader, 'POST', `/api/kanban/cards/${second.id}/completion-approval`, {
      approved: false,
      approvalMessage: '다시',
    });
    expect((await inbox(member))[0]?.kind).toBe('COMPLETION_REJECTED');

    // An announcement and schedules reach the team, not the author, not the bystander.
    await call(app, leader, 'POST', `/api/workspaces/${workspace.id}/announcement`, {
      teamId: team.id,
      title: '회의 공지',
      content: '내일 10시',
    });
    expect((await inbox(member))[0]).toMatchObject({
      kind: 'ANNOUNCEMENT',
      message: '[알림팀] 새 공지사항: 회의 공지',
    });
    const schedule = dataOf<Schedule>(
      await call(app, member, 'POST', `/api/teams/${team.id}/schedules`, {
        title: '리허설',
        startDate: '2026-12-01T09:00:00+09:00',
        endDate: '2026-12-01T10:00:00+09:00',
        type: 'MEETING',
      }),
    );
    expect((await inbox(leader))[0]?.message).toBe('[알림팀] 새 일정: 리허설');
    await call(app, member, 'PUT', `/api/teams/${team.id}/schedules/${schedule.id}`, {
      title: '리허설 (변경)',
      startDate: '2026-12-01T11:00:00+09:00',
      endDate: '2026-12-01T12:00:00+09:00',
      type: 'MEETING',
    });
    expect((await inbox(leader))[0]?.message).toBe('[알림팀] 일정이 변경되었습니다: 리허설 (변경)');

    expect(await kinds(bystander)).toEqual([]);
    expect((await kinds(leader)).sort()).toEqual(
      [
        'COMPLETION_REQUESTED',
        'COMPLETION_REQUESTED',
        'SCHEDULE',
        'SCHEDULE',
        'TEAM_JOINED',
      ].sort(),
    );
  });

  it('folds chat messages per room while unread, tells mentions apart, and clears on reading', async () => {
    const room = dataOf<ChatRoom>(
      await call(app, leader, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/create`, {
        name: '수다방',
        chatMemberIdList: [member.userId, bystander.userId],
      }),
    );
    const send = (content: string) =>
      call(app, leader, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/messages`, {
        content,
      });
    await send('안녕하세요');
    await send('오늘 회의 있어요');
    const folded = (await inbox(member)).filter((item) => item.kind === 'CHAT_MESSAGE');
    expect(folded).toHaveLength(1);
    expect(folded[0]).toMatchObject({
      count: 2,
      // One person sent both: no '외' (issue 41).
      message: '수다방: 팀장님의 새 메시지 2개',
      link: `/ws/${workspace.id}/chat/${room.id}`,
    });
    expect((await kinds(leader)).filter((kind) => kind === 'CHAT_MESSAGE')).toEqual([]);

    const mention = await send('@구경꾼 자료 부탁해요');
    expect(mention.statusCode).toBe(201);
    expect((await inbox(bystander))[0]).toMatchObject({
      kind: 'MENTION',
      message: '수다방에서 팀장님이 회원님을 언급했습니다.',
    });

    // Reading the room reads its folded notification; the next message of the burst opens the
    // same one again, counting from one (one bell item per burst, not one per message read).
    const lastId = dataOf<{ id: number }>(mention).id;
    await call(
      app,
      member,
      'PATCH',
      `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/last-read-refresh`,
      { messageId: lastId },
    );
    const afterRead = (await inbox(member)).filter((item) => item.kind === 'CHAT_MESSAGE');
    expect(afterRead.every((item) => item.read)).toBe(true);
    await send('하나 더');
    const fresh = (await inbox(member)).filter(
      (item) => item.kind === 'CHAT_MESSAGE' && !item.read,
    );
    expect(fresh).toHaveLength(1);
    expect(fresh[0]?.count).toBe(1);
    expect(fresh[0]?.message).toBe('수다방: 팀장님이 메시지를 보냈습니다.');
    await call(
      app,
      member,
      'PATCH',
      `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/last-read-refresh`,
      { messageId: dataOf<{ id: number }>(await send('읽는 중에 또')).id },
    );
    await send('그리고 하나 더');
    const ofRoom = (await inbox(member)).filter(
      (item) => item.link === `/ws/${workspace.id}/chat/${room.id}` && item.kind === 'CHAT_MESSAGE',
    );
    expect(ofRoom.map((item) => item.id)).toEqual([folded[0]?.id]);
    expect(ofRoom[0]).toMatchObject({ read: false, count: 1 });
  });

  it("keeps a room's notice unread while part of the burst is still unread", async () => {
    const room = dataOf<ChatRoom>(
      await call(app, leader, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/create`, {
        name: '읽는방',
        chatMemberIdList: [member.userId],
      }),
    );
    const ids: number[] = [];
    for (const content of ['하나', '둘', '셋']) {
      const sent = await call(
        app,
        leader,
        'POST',
        `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/messages`,
        { content },
      );
      ids.push(dataOf<{ id: number }>(sent).id);
    }
    const readTo = (messageId: number | undefined) =>
      call(
        app,
        member,
        'PATCH',
        `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/last-read-refresh`,
        { messageId },
      );
    const notice = async () =>
      (await inbox(member)).find(
        (item) =>
          item.kind === 'CHAT_MESSAGE' && item.link === `/ws/${workspace.id}/chat/${room.id}`,
      );
    expect(await notice()).toMatchObject({ read: false, count: 3 });
    await readTo(ids[0]);
    expect(await notice()).toMatchObject({ read: false, count: 3 });
    await readTo(ids[2]);
    expect(await notice()).toMatchObject({ read: true });
  });

  it("says '외' only when several people sent the messages, and names senders as they are now", async () => {
    const room = dataOf<ChatRoom>(
      await call(app, leader, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/create`, {
        name: '이름방',
        chatMemberIdList: [member.userId, bystander.userId],
      }),
    );
    const send = (user: TestUser, content: string) =>
      call(app, user, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/messages`, {
        content,
      });
    const ofRoom = async (user: TestUser) =>
      (await inbox(user)).filter((item) => item.link === `/ws/${workspace.id}/chat/${room.id}`);
    await send(leader, '첫째');
    await send(leader, '둘째');
    expect((await ofRoom(bystander))[0]?.message).toBe('이름방: 팀장님의 새 메시지 2개');
    await send(member, '셋째');
    expect((await ofRoom(bystander))[0]?.message).toBe('이름방: 팀원님 외 새 메시지 3개');
    await send(leader, '넷째');
    expect((await ofRoom(bystander))[0]?.message).toBe('이름방: 팀장님 외 새 메시지 4개');

    // The leader renames themselves: the old notices name them as they are called now.
    const renamed = await call(app, leader, 'PUT', '/api/users/me', { name: '새팀장' });
    expect(renamed.statusCode).toBe(200);
    expect((await ofRoom(bystander))[0]?.message).toBe('이름방: 새팀장님 외 새 메시지 4개');
    expect((await inbox(leader)).map((item) => item.message)).not.toContain(
      expect.stringContaining('\uE000'),
    );
    const joined = (await inbox(leader)).find((item) => item.kind === 'TEAM_JOINED');
    expect(joined?.message).toBe('[알림팀] 팀원님이 팀에 참여했습니다.');
    await call(app, leader, 'PUT', '/api/users/me', { name: '팀장' });
  });

  it('tells of chat messages drained together as it would of one after another', async () => {
    const makeRoom = async (name: string) =>
      dataOf<ChatRoom>(
        await call(app, leader, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/create`, {
          name,
          chatMemberIdList: [member.userId, bystander.userId],
        }),
      );
    const [oneByOne, together] = [await makeRoom('차례방'), await makeRoom('한꺼번방')];
    const said: Array<[TestUser, string]> = [
      [leader, '안녕하세요'],
      [member, '네'],
      [leader, '@구경꾼 봐주세요'],
      [leader, '하나 더'],
    ];
    const facts = (roomId: number) =>
      said.map(([sender, content], index) => ({
        type: 'CHAT_MESSAGE_SENT' as const,
        workspaceId: workspace.id,
        roomId,
        messageId: index + 1,
        senderId: sender.userId,
        senderName: sender.name,
        content,
      }));
    for (const fact of facts(oneByOne.id)) {
      await emitDomainEvent(app.context, fact);
      await app.context.domainEvents.settled();
    }
    // Stated in one turn: drained as one batch.
    for (const fact of facts(together.id)) void emitDomainEvent(app.context, fact);
    await app.context.domainEvents.settled();

    const ofRoom = async (user: TestUser, room: ChatRoom) =>
      (await inbox(user))
        // The mention links to its message (`?message=`), the folded notice to the room.
        .filter((item) => item.link.split('?')[0] === `/ws/${workspace.id}/chat/${room.id}`)
        .map((item) => ({
          kind: item.kind,
          count: item.count,
          message: item.message.replace(room.name ?? '', '방'),
        }))
        .sort((a, b) => a.kind.localeCompare(b.kind));
    for (const user of [leader, member, bystander]) {
      expect(await ofRoom(user, together)).toEqual(await ofRoom(user, oneByOne));
    }
    expect(await ofRoom(bystander, together)).toEqual([
      { kind: 'CHAT_MESSAGE', count: 3, message: '방: 팀장님 외 새 메시지 3개' },
      { kind: 'MENTION', count: 1, message: '방에서 팀장님이 회원님을 언급했습니다.' },
    ]);
    expect(await ofRoom(leader, together)).toEqual([
      { kind: 'CHAT_MESSAGE', count: 1, message: '방: 팀원님이 메시지를 보냈습니다.' },
    ]);
  });

  it('respects turned-off kinds', async () => {
    const prefs = await call(app, member, 'PUT', '/api/notifications/preferences', {
      ANNOUNCEMENT: false,
    });
    expect(dataOf<NotificationPreferences>(prefs)).toMatchObject({
      ANNOUNCEMENT: false,
      CHAT_MESSAGE: true,
    });
    const before = (await kinds(member)).length;
    await call(app, leader, 'POST', `/api/workspaces/${workspace.id}/announcement`, {
      teamId: team.id,
      title: '조용히',
      content: '알림 없이',
    });
    expect((await kinds(member)).length).toBe(before);
    expectProblem(
      await call(app, member, 'PUT', '/api/notifications/preferences', { NOPE: true }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('marks one or all read, only the caller’s own', async () => {
    const mine = await inbox(leader);
    const first = mine.find((item) => !item.read);
    if (!first) throw new Error('no unread notification');
    const count = await unread(leader);
    expectProblem(
      await call(app, member, 'PATCH', `/api/notifications/${first.id}/read`),
      404,
      'NOTIFICATION_NOT_FOUND',
    );
    expect(
      (await call(app, leader, 'PATCH', `/api/notifications/${first.id}/read`)).statusCode,
    ).toBe(204);
    expect(await unread(leader)).toBe(count - 1);
    expect((await call(app, leader, 'PATCH', '/api/notifications/read-all')).statusCode).toBe(204);
    expect(await unread(leader)).toBe(0);
    const onlyUnread = dataOf<Page<Notification>>(
      await call(app, leader, 'GET', '/api/notifications?unreadOnly=true'),
    );
    expect(onlyUnread.totalElements).toBe(0);
  });

  it('tells a kicked or banned member why they lost the workspace', async () => {
    const kicked = await createUser(app, '나간 사람');
    await call(app, kicked, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
    await call(app, owner, 'DELETE', `/api/workspaces/${workspace.id}/members/${kicked.userId}`);
    expect((await inbox(kicked))[0]).toMatchObject({
      kind: 'REMOVED_FROM_WORKSPACE',
      message: "'알림 수업' 워크스페이스에서 내보내졌습니다.",
    });
  });
});

describe('mentionedIn', () => {
  it('matches @name of room members, the longest name first', () => {
    const members = [
      { userId: 1, name: '김민' },
      { userId: 2, name: '김민지' },
      { userId: 3, name: '박서연' },
    ];
    expect(mentionedIn('@김민지 확인 부탁', members)).toEqual([2]);
    expect(mentionedIn('@김민 그리고 @박서연', members).sort()).toEqual([1, 3]);
    expect(mentionedIn('메일 주소 a@b.c', members)).toEqual([]);
  });
});
