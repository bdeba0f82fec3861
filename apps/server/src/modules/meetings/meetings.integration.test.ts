import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClassMessages } from '@teamup/contracts/class';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { Kanban } from '@teamup/contracts/kanban';
import {
  MeetingMessages,
  type MeetingCard,
  type MeetingDetail,
  type MeetingNotes,
  type MeetingSummary,
} from '@teamup/contracts/meetings';
import type { Team } from '@teamup/contracts/teams';
import { VideoMessages, type VideoChannel, type VideoParticipant } from '@teamup/contracts/video';
import type { Workspace } from '@teamup/contracts/workspaces';
import type { Database } from '../../db/client';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/test-app';
import { sweepAbsent } from '../video/meeting.service';

let app: TestApp;
let leader: TestUser;
let member: TestUser;
let classmate: TestUser;
let instructor: TestUser;
let ta: TestUser;
let outsider: TestUser;
let workspace: Workspace;
let team: Team;
let otherTeam: Team;
let counter = 0;

const sql = (statement: string) => app.context.database.db.execute(statement);
/** The rows of a statement, as either engine answers them. */
async function rowsIn<T>(db: Database['db'], statement: string): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}
const rows = <T>(statement: string) => rowsIn<T>(app.context.database.db, statement);

const channelsUrl = () => `/api/workspaces/${workspace.id}/video-channels`;
async function newChannel(teamId: number | null, by: TestUser = leader) {
  counter += 1;
  const response = await call(app, by, 'POST', channelsUrl(), { name: `회의 ${counter}`, teamId });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<VideoChannel>(response);
}
const join = async (channelId: number, user: TestUser) =>
  dataOf<VideoParticipant>(await call(app, user, 'POST', `${channelsUrl()}/${channelId}`));
const leave = (channelId: number, participant: VideoParticipant, user: TestUser) =>
  call(app, user, 'DELETE', `${channelsUrl()}/${channelId}/participants/${participant.id}`);
const meetingsOf = async (channelId: number, user: TestUser = leader) =>
  dataOf<MeetingSummary[]>(await call(app, user, 'GET', `${channelsUrl()}/${channelId}/meetings`));
const detail = async (sessionId: number, user: TestUser = leader) =>
  dataOf<MeetingDetail>(await call(app, user, 'GET', `/api/meetings/${sessionId}`));
const saveNotes = (sessionId: number, user: TestUser, content: string, base: string | null) =>
  call(app, user, 'PUT', `/api/meetings/${sessionId}/notes`, { content, baseUpdatedAt: base });

type Stay = { user_id: number; joined_at: string | Date; left_at: string | Date | null };
const staysOf = (sessionId: number) =>
  rows<Stay>(
    `select user_id, joined_at, left_at from meeting_attendance where session_id = ${sessionId} order by id`,
  );

beforeAll(async () => {
  app = await createTestApp();
  leader = await createUser(app, '조장');
  member = await createUser(app, '조원');
  classmate = await createUser(app, '다른조');
  instructor = await createUser(app, '교수');
  ta = await createUser(app, '조교');
  outsider = await createUser(app, '외부인');
  workspace = dataOf<Workspace>(
    await call(app, leader, 'POST', '/api/workspaces', { name: '캡스톤 디자인' }),
  );
  for (const person of [member, classmate, instructor, ta]) {
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
  await sql(`update workspaces set is_class = true where id = ${workspace.id}`);
  await sql(
    `update workspace_members set role = case user_id when ${instructor.userId} then 'INSTRUCTOR' else 'TA' end
     where workspace_id = ${workspace.id} and user_id in (${instructor.userId}, ${ta.userId})`,
  );
  team = dataOf<Team>(
    await call(app, leader, 'POST', '/api/teams', { name: '1조', workspaceId: workspace.id }),
  );
  expect((await call(app, member, 'POST', `/api/teams/${team.id}/join`, {})).statusCode).toBe(200);
  // The team board's lists: cards go to the first one by default.
  const board = dataOf<Kanban>(await call(app, leader, 'GET', `/api/kanban/team/${team.id}`));
  for (const name of ['할 일', '진행 중']) {
    const list = await call(app, leader, 'POST', '/api/kanban/lists', {
      kanbanId: board.id,
      kanbanListName: name,
    });
    expect(list.statusCode, list.body).toBe(201);
  }
  otherTeam = dataOf<Team>(
    await call(app, classmate, 'POST', '/api/teams', { name: '2조', workspaceId: workspace.id }),
  );
});
afterAll(async () => {
  await app.close();
});

describe('a channel’s team', () => {
  it('is a team of the workspace the creator is in, shown in the list', async () => {
    const channel = await newChannel(team.id);
    expect(channel).toMatchObject({ teamId: team.id, teamName: '1조' });
    const listed = dataOf<VideoChannel[]>(await call(app, member, 'GET', channelsUrl()));
    expect(listed.find((c) => c.id === channel.id)).toMatchObject({ teamName: '1조' });
    expect((await newChannel(null)).teamId).toBeNull();

    // A team the creator is not in: refused (a member of it, or a moderator, may).
    const notMine = await call(app, member, 'POST', channelsUrl(), {
      name: '남의 팀',
      teamId: otherTeam.id,
    });
    expectProblem(notMine, 403, ErrorCode.VIDEO_TEAM_INVALID);
    expect(notMine.json<{ detail: string }>().detail).toBe(VideoMessages.notInTeam);
    const byOwner = await call(app, leader, 'POST', channelsUrl(), {
      name: '소유자가 만든 2조 방',
      teamId: otherTeam.id,
    });
    expect(byOwner.statusCode).toBe(201);

    // A team of another workspace, or none at all.
    const elsewhere = dataOf<Workspace>(
      await call(app, outsider, 'POST', '/api/workspaces', { name: '다른 수업' }),
    );
    const foreign = dataOf<Team>(
      await call(app, outsider, 'POST', '/api/teams', {
        name: '외부 팀',
        workspaceId: elsewhere.id,
      }),
    );
    for (const teamId of [foreign.id, 999_999]) {
      const refused = await call(app, leader, 'POST', channelsUrl(), { name: '틀린 팀', teamId });
      expectProblem(refused, 400, ErrorCode.VIDEO_TEAM_INVALID);
      expect(refused.json<{ detail: string }>().detail).toBe(VideoMessages.teamNotInWorkspace);
    }
  });
});

describe('attendance', () => {
  it('join, leave, rejoin and kick make stays; the last one out ends the session', async () => {
    const channel = await newChannel(team.id);
    const leaderIn = await join(channel.id, leader);
    await join(channel.id, leader); // joining again is harmless: still one stay
    const memberIn = await join(channel.id, member);
    const [open] = await meetingsOf(channel.id);
    expect(open).toMatchObject({ endedAt: null, attendeeCount: 2 });
    const sessionId = open!.id;
    expect(await staysOf(sessionId)).toHaveLength(2);

    // The member leaves and comes back: a second stay in the same session.
    expect((await leave(channel.id, memberIn, member)).statusCode).toBe(204);
    let stays = await staysOf(sessionId);
    expect(stays.find((s) => s.user_id === member.userId)?.left_at).not.toBeNull();
    await join(channel.id, member);
    stays = await staysOf(sessionId);
    expect(stays.filter((s) => s.user_id === member.userId)).toHaveLength(2);
    expect(await meetingsOf(channel.id)).toHaveLength(1);

    // The room's creator sends the member out: that stay closes, the meeting goes on.
    const kicked = await call(
      app,
      leader,
      'DELETE',
      `${channelsUrl()}/${channel.id}/video-members/${member.userId}`,
    );
    expect(kicked.statusCode).toBe(204);
    stays = await staysOf(sessionId);
    expect(stays.every((s) => (s.user_id === member.userId) === (s.left_at !== null))).toBe(true);
    expect((await meetingsOf(channel.id))[0]?.endedAt).toBeNull();

    // The last one leaves: every stay is closed and the session has ended.
    expect((await leave(channel.id, leaderIn, leader)).statusCode).toBe(204);
    stays = await staysOf(sessionId);
    expect(stays.every((s) => s.left_at !== null)).toBe(true);
    const [ended] = await meetingsOf(channel.id);
    expect(ended?.endedAt).not.toBeNull();

    // A new join is a new meeting.
    const again = await join(channel.id, member);
    const list = await meetingsOf(channel.id);
    expect(list).toHaveLength(2);
    expect(list[0]?.endedAt).toBeNull();
    expect(list[1]?.id).toBe(sessionId);
    await leave(channel.id, again, member);
  });

  it('counts each person’s minutes from their stays', async () => {
    const channel = await newChannel(team.id);
    const leaderIn = await join(channel.id, leader);
    const memberIn = await join(channel.id, member);
    await leave(channel.id, memberIn, member);
    await leave(channel.id, leaderIn, leader);
    const [meeting] = await meetingsOf(channel.id);
    const id = meeting!.id;
    // Set the times: the leader stayed 30 minutes; the member 10, then (rejoined) 5 more.
    await sql(`delete from meeting_attendance where session_id = ${id}`);
    await sql(
      `update meeting_sessions set started_at = '2026-12-01T01:00:00Z', ended_at = '2026-12-01T01:30:00Z' where id = ${id}`,
    );
    await sql(
      `insert into meeting_attendance (session_id, user_id, joined_at, left_at) values
       (${id}, ${leader.userId}, '2026-12-01T01:00:00Z', '2026-12-01T01:30:00Z'),
       (${id}, ${member.userId}, '2026-12-01T01:02:00Z', '2026-12-01T01:12:00Z'),
       (${id}, ${member.userId}, '2026-12-01T01:20:00Z', '2026-12-01T01:25:00Z')`,
    );
    const found = await detail(id);
    expect(found.session).toMatchObject({ minutes: 30, attendeeCount: 2, teamName: '1조' });
    expect(found.attendance).toEqual([
      expect.objectContaining({ userId: leader.userId, name: '조장', minutes: 30 }),
      expect.objectContaining({ userId: member.userId, name: '조원', minutes: 15 }),
    ]);
    expect(found.attendance[1]?.stays).toEqual([
      { joinedAt: '2026-12-01T01:02:00.000Z', leftAt: '2026-12-01T01:12:00.000Z' },
      { joinedAt: '2026-12-01T01:20:00.000Z', leftAt: '2026-12-01T01:25:00.000Z' },
    ]);
  });

  it('the absent sweep closes a stay when its person was last seen, and ends the meeting', async () => {
    const channel = await newChannel(team.id);
    await join(channel.id, leader);
    await join(channel.id, member);
    const [meeting] = await meetingsOf(channel.id);
    // The member joined 5 minutes ago and was last seen 2 minutes ago.
    const lastSeen = new Date(Date.now() - 120_000);
    await sql(
      `update meeting_attendance set joined_at = now() - interval '5 minutes' where session_id = ${meeting!.id} and user_id = ${member.userId}`,
    );
    await sql(
      `update video_participants set last_seen_at = '${lastSeen.toISOString()}' where channel_id = ${channel.id} and user_id = ${member.userId}`,
    );
    expect(await sweepAbsent(app.context)).toBe(1);
    let stays = await staysOf(meeting!.id);
    const memberStay = stays.find((s) => s.user_id === member.userId);
    // The member's stay ends when they were last seen, not when the sweep noticed.
    expect(new Date(memberStay!.left_at!).getTime()).toBe(lastSeen.getTime());
    expect(stays.find((s) => s.user_id === leader.userId)?.left_at).toBeNull();
    expect(
      (await detail(meeting!.id)).attendance.find((a) => a.userId === member.userId)?.minutes,
    ).toBe(3);
    expect((await meetingsOf(channel.id))[0]?.endedAt).toBeNull();

    await sql(
      `update video_participants set last_seen_at = now() - interval '1 hour' where channel_id = ${channel.id}`,
    );
    expect(await sweepAbsent(app.context)).toBe(1);
    stays = await staysOf(meeting!.id);
    expect(stays.every((s) => s.left_at !== null)).toBe(true);
    expect((await meetingsOf(channel.id))[0]?.endedAt).not.toBeNull();
  });

  it('leaving the workspace closes the stay; two instances agree on one session', async () => {
    const extra = await createUser(app, '잠깐');
    await call(app, extra, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
    const channel = await newChannel(null);
    await join(channel.id, extra);
    const removed = await call(
      app,
      leader,
      'DELETE',
      `/api/workspaces/${workspace.id}/members/${extra.userId}`,
    );
    expect(removed.statusCode).toBe(204);
    const [meeting] = await meetingsOf(channel.id);
    expect(meeting?.endedAt).not.toBeNull();
    expect((await staysOf(meeting!.id)).every((s) => s.left_at !== null)).toBe(true);
  });
});

describe('two instances on one database', () => {
  let database: Database;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase();
    a = await createTestApp({}, { database });
    b = await createTestApp({}, { database });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('joins and leaves at once on both keep one session and one open stay each', async () => {
    const people = [] as TestUser[];
    for (let i = 0; i < 4; i += 1) people.push(await createUser(i % 2 ? a : b, `사람${i}`));
    const owner = people[0]!;
    const ws = dataOf<Workspace>(await call(b, owner, 'POST', '/api/workspaces', { name: '둘' }));
    for (const p of people.slice(1)) {
      await call(a, p, 'POST', '/api/workspaces/join', { inviteCode: ws.inviteCode });
    }
    const url = `/api/workspaces/${ws.id}/video-channels`;
    const channel = dataOf<VideoChannel>(await call(a, owner, 'POST', url, { name: '동시' }));
    const joined = await Promise.all(
      people.map(async (p, i) =>
        dataOf<VideoParticipant>(await call(i % 2 ? a : b, p, 'POST', `${url}/${channel.id}`)),
      ),
    );
    const db = database.db;
    const read = <T>(statement: string) => rowsIn<T>(db, statement);
    const sessions = await read<{ id: number; ended_at: unknown }>(
      `select id, ended_at from meeting_sessions where channel_id = ${channel.id}`,
    );
    expect(sessions).toHaveLength(1);
    const open = await read<{ user_id: number }>(
      `select user_id from meeting_attendance where session_id = ${sessions[0]!.id} and left_at is null`,
    );
    expect(open.map((r) => r.user_id).sort()).toEqual(people.map((p) => p.userId).sort());

    // Everyone leaves at once, half through each instance: the session ends, every stay closed.
    await Promise.all(
      people.map((p, i) =>
        call(i % 2 ? b : a, p, 'DELETE', `${url}/${channel.id}/participants/${joined[i]!.id}`),
      ),
    );
    const after = await read<{ ended_at: unknown }>(
      `select ended_at from meeting_sessions where channel_id = ${channel.id}`,
    );
    expect(after).toHaveLength(1);
    expect(after[0]?.ended_at).not.toBeNull();
    const stillOpen = await read<{ n: number }>(
      `select count(*)::int as n from meeting_attendance where session_id = ${sessions[0]!.id} and left_at is null`,
    );
    expect(stillOpen[0]?.n).toBe(0);
  });
});

describe('meeting notes', () => {
  async function pastMeeting(teamId: number | null) {
    const channel = await newChannel(teamId);
    const p = await join(channel.id, leader);
    await leave(channel.id, p, leader);
    const [meeting] = await meetingsOf(channel.id);
    return { channel, sessionId: meeting!.id };
  }

  it('saves; a stale base answers 409 and keeps the first writer’s text', async () => {
    const { channel, sessionId } = await pastMeeting(team.id);
    expect((await detail(sessionId)).notes).toEqual({
      content: '',
      updatedAt: null,
      updatedBy: null,
    });
    const first = await saveNotes(sessionId, leader, '# 회의록\n- 결정: 주제 확정', null);
    expect(first.statusCode, first.body).toBe(200);
    const saved = dataOf<MeetingNotes>(first);
    expect(saved).toMatchObject({ updatedBy: { id: leader.userId, name: '조장' } });

    // Both started from the same version: the second save is refused, not silently applied.
    const second = await saveNotes(sessionId, member, '조원의 버전', saved.updatedAt);
    expect(second.statusCode).toBe(200);
    const stale = await saveNotes(sessionId, leader, '조장의 늦은 버전', saved.updatedAt);
    expectProblem(stale, 409, ErrorCode.MEETING_NOTES_STALE);
    expect(stale.json<{ detail: string }>().detail).toBe(MeetingMessages.stale);
    // A second "first save" is stale as well.
    expectProblem(
      await saveNotes(sessionId, leader, '처음?', null),
      409,
      ErrorCode.MEETING_NOTES_STALE,
    );
    expect((await detail(sessionId)).notes.content).toBe('조원의 버전');
    expect((await meetingsOf(channel.id))[0]?.hasNotes).toBe(true);

    const tooLong = await saveNotes(sessionId, leader, '가'.repeat(20_001), null);
    expectProblem(tooLong, 400, ErrorCode.VALIDATION_FAILED);
    expect(tooLong.body).toContain(MeetingMessages.notesTooLong);
  });

  it('team members write; class staff read (logged) but do not write; others are refused', async () => {
    const { channel, sessionId } = await pastMeeting(team.id);
    await saveNotes(sessionId, leader, '내용', null);

    // Not in the team, not staff: refused; not in the workspace: refused.
    expectProblem(
      await call(app, classmate, 'GET', `/api/meetings/${sessionId}`),
      403,
      ErrorCode.TEAM_NOT_MEMBER,
    );
    expectProblem(
      await call(app, classmate, 'GET', `${channelsUrl()}/${channel.id}/meetings`),
      403,
      ErrorCode.TEAM_NOT_MEMBER,
    );
    expectProblem(
      await call(app, outsider, 'GET', `/api/meetings/${sessionId}`),
      403,
      ErrorCode.WORKSPACE_FORBIDDEN,
    );
    expectProblem(
      await call(app, leader, 'GET', '/api/meetings/999999'),
      404,
      ErrorCode.MEETING_NOT_FOUND,
    );

    // The instructor and the TA read, and their reading is logged for the team.
    for (const staff of [instructor, ta]) {
      const read = await detail(sessionId, staff);
      expect(read.canWrite).toBe(false);
      expect(read.notes.content).toBe('내용');
      const logged = await rows<{ area: string }>(
        `select area from team_read_log where team_id = ${team.id} and reader_id = ${staff.userId}`,
      );
      expect(logged.map((r) => r.area)).toContain('MEETING_NOTES');
      const write = await saveNotes(sessionId, staff, '교수의 수정', read.notes.updatedAt);
      expectProblem(write, 403, ErrorCode.CLASS_READ_ONLY);
      expect(write.json<{ detail: string }>().detail).toBe(ClassMessages.readOnly);
    }
    expect((await detail(sessionId, member)).canWrite).toBe(true);

    // In a workspace that is not a class, the same role reads nothing of a team it is not in.
    await sql(`update workspaces set is_class = false where id = ${workspace.id}`);
    try {
      expectProblem(
        await call(app, ta, 'GET', `/api/meetings/${sessionId}`),
        403,
        ErrorCode.TEAM_NOT_MEMBER,
      );
    } finally {
      await sql(`update workspaces set is_class = true where id = ${workspace.id}`);
    }
  });

  it('a workspace channel’s notes are every member’s', async () => {
    const { sessionId } = await pastMeeting(null);
    const saved = await saveNotes(sessionId, classmate, '전체 회의', null);
    expect(saved.statusCode).toBe(200);
    expect((await detail(sessionId, ta)).canWrite).toBe(true);
    expectProblem(
      await call(app, outsider, 'GET', `/api/meetings/${sessionId}`),
      403,
      ErrorCode.WORKSPACE_FORBIDDEN,
    );
  });
});

describe('action items become cards', () => {
  async function meetingWithNotes(teamId: number | null, content: string) {
    const channel = await newChannel(teamId);
    const p = await join(channel.id, leader);
    await leave(channel.id, p, leader);
    const [meeting] = await meetingsOf(channel.id);
    await saveNotes(meeting!.id, leader, content, null);
    return meeting!.id;
  }
  const makeCard = (sessionId: number, user: TestUser, body: Record<string, unknown>) =>
    call(app, user, 'POST', `/api/meetings/${sessionId}/cards`, body);

  it('creates the card with its assignee and due date once; the assignee is notified', async () => {
    const line = '- [ ] 발표 자료 초안 @조원 12/10';
    const sessionId = await meetingWithNotes(team.id, `# 회의\n${line}\n`);
    const made = await makeCard(sessionId, leader, {
      line,
      assigneeId: member.userId,
      dueDate: '2026-12-10',
    });
    expect(made.statusCode, made.body).toBe(201);
    const card = dataOf<MeetingCard>(made);
    expect(card).toMatchObject({
      lineKey: '발표 자료 초안 @조원 12/10',
      subject: '발표 자료 초안',
    });
    expect(card.taskId).toEqual(expect.any(Number));

    // The card is on the team board's first list, with its assignee and due date.
    const board = dataOf<Kanban>(await call(app, member, 'GET', `/api/kanban/team/${team.id}`));
    const firstList = board.kanbanLists[0]!;
    const task = firstList.tasks.find((t) => t.id === card.taskId);
    expect(task).toBeDefined();
    expect(JSON.stringify(task)).toContain('2026-12-10');
    expect(JSON.stringify(task)).toContain(String(member.userId));

    // The same line (spaces aside) again: 409.
    const twice = await makeCard(sessionId, leader, {
      line: '-  [ ]  발표 자료 초안   @조원 12/10',
    });
    expectProblem(twice, 409, ErrorCode.MEETING_CARD_EXISTS);
    expect(twice.json<{ detail: string }>().detail).toBe(MeetingMessages.cardExists);
    expect((await detail(sessionId)).cards).toEqual([
      expect.objectContaining({ lineKey: card.lineKey, taskId: card.taskId, teamId: team.id }),
    ]);

    // The kanban service's notification reaches the assignee.
    let found = false;
    for (let i = 0; i < 50 && !found; i += 1) {
      const list = await call(app, member, 'GET', '/api/notifications');
      found = list.body.includes('TASK_ASSIGNED') && list.body.includes(String(card.taskId));
      if (!found) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(found).toBe(true);
  });

  it('refuses lines that are not action items, assignees outside the team, staff and others', async () => {
    const sessionId = await meetingWithNotes(team.id, 'TODO: 회의실 예약\n그냥 메모');
    const plain = await makeCard(sessionId, leader, { line: '그냥 메모' });
    expectProblem(plain, 400, ErrorCode.MEETING_NOT_ACTION_ITEM);
    expect(plain.json<{ detail: string }>().detail).toBe(MeetingMessages.notActionItem);
    expectProblem(
      await makeCard(sessionId, leader, {
        line: 'TODO: 회의실 예약',
        assigneeId: classmate.userId,
      }),
      400,
      ErrorCode.MEETING_CARD_TARGET_INVALID,
    );
    expectProblem(
      await makeCard(sessionId, leader, { line: 'TODO: 회의실 예약', dueDate: '12월 10일' }),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
    expectProblem(
      await makeCard(sessionId, instructor, { line: 'TODO: 회의실 예약' }),
      403,
      ErrorCode.CLASS_READ_ONLY,
    );
    expectProblem(
      await makeCard(sessionId, classmate, { line: 'TODO: 회의실 예약' }),
      403,
      ErrorCode.TEAM_NOT_MEMBER,
    );
    // A refused attempt does not keep the line: it can still be made.
    expect((await makeCard(sessionId, member, { line: 'TODO: 회의실 예약' })).statusCode).toBe(201);
  });

  it('for a workspace channel the writer picks one of their teams', async () => {
    const sessionId = await meetingWithNotes(null, '할 일: 설문 돌리기');
    const line = '할 일: 설문 돌리기';
    const none = await makeCard(sessionId, member, { line });
    expectProblem(none, 400, ErrorCode.MEETING_CARD_TARGET_INVALID);
    expect(none.json<{ detail: string }>().detail).toBe(MeetingMessages.teamRequired);
    expectProblem(
      await makeCard(sessionId, member, { line, teamId: otherTeam.id }),
      400,
      ErrorCode.MEETING_CARD_TARGET_INVALID,
    );
    const made = await makeCard(sessionId, member, { line, teamId: team.id });
    expect(made.statusCode, made.body).toBe(201);
    expect(dataOf<MeetingCard>(made).teamId).toBe(team.id);
  });
});
