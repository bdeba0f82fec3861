import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Page } from '@teamup/contracts/common';
import {
  CONTRIBUTION_CSV_HEADER,
  seoulDayOf,
  type ContributionItem,
  type ContributionKind,
  type ContributionMember,
  type TeamContribution,
} from '@teamup/contracts/contribution';
import type { Kanban, KanbanList, Task } from '@teamup/contracts/kanban';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
let owner: TestUser;
let a: TestUser;
let b: TestUser;
let c: TestUser;
let ta: TestUser;
let outsider: TestUser;
let stranger: TestUser;
let workspace: Workspace;
let team: Team;
let otherTeam: Team;

const SECRET = '비밀 메시지 내용';
const RANGE = 'from=2026-03-02&to=2026-03-08';

const rows = async <T>(statement: ReturnType<typeof sql>): Promise<T[]> => {
  const result: unknown = await app.context.database.db.execute(statement);
  return (result as { rows: T[] }).rows;
};

beforeAll(async () => {
  app = await createTestApp();
  owner = await createUser(app, '교수');
  a = await createUser(app, '가영');
  b = await createUser(app, '나래');
  c = await createUser(app, '다온');
  ta = await createUser(app, '조교');
  outsider = await createUser(app, '라희');
  stranger = await createUser(app, '남');
  workspace = dataOf<Workspace>(
    await call(app, owner, 'POST', '/api/workspaces', { name: '캡스톤 디자인' }),
  );
  for (const person of [a, b, c, ta, outsider]) {
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
  await call(app, stranger, 'POST', '/api/workspaces', { name: '다른 곳' });
  team = dataOf<Team>(
    await call(app, a, 'POST', '/api/teams', { name: '1조', workspaceId: workspace.id }),
  );
  for (const person of [b, c]) {
    const joined = await call(app, person, 'POST', `/api/teams/${team.id}/join`, {});
    expect(joined.statusCode, joined.body).toBe(200);
  }
  otherTeam = dataOf<Team>(
    await call(app, outsider, 'POST', '/api/teams', { name: '2조', workspaceId: workspace.id }),
  );
  await rows(sql`UPDATE workspaces SET is_class = true WHERE id = ${workspace.id}`);
  await rows(sql`UPDATE workspace_members SET role = 'TA'
    WHERE workspace_id = ${workspace.id} AND user_id = ${ta.userId}`);
  // A name a CSV must quote (a comma and quotes).
  await rows(sql`UPDATE teams SET name = '1조, "알파"' WHERE id = ${team.id}`);
  await seed();
});
afterAll(async () => {
  await app.close();
});

/** One statement: a week of the team's work (Monday 2 to Sunday 8 March 2026, Seoul) and around it. */
async function seed() {
  const board = dataOf<Kanban>(await call(app, a, 'GET', `/api/kanban/team/${team.id}`));
  const [{ board_id: boardId } = { board_id: 0 }] = await rows<{ board_id: number }>(
    sql`SELECT id AS board_id FROM boards WHERE team_id = ${team.id}`,
  );
  let [room] = await rows<{ id: number }>(
    sql`SELECT id FROM chat_rooms WHERE team_id = ${team.id}`,
  );
  if (!room) {
    [room] = await rows<{
      id: number;
    }>(sql`INSERT INTO chat_rooms (workspace_id, type, name, team_id)
      VALUES (${workspace.id}, 'GROUP', '1조', ${team.id}) RETURNING id`);
  }
  const roomId = room?.id ?? 0;
  const [A, B, C] = [a, b, c].map((person) => sql`${person.userId}::int`);
  const at = (value: string) => sql`${value}::timestamptz`;
  await rows(sql`
    WITH
    p1 AS (INSERT INTO posts (board_id, author_id, title, content, created_at)
      VALUES (${boardId}, ${A}, '요구사항 정리', '본문', ${at('2026-03-02T10:00:00+09:00')}) RETURNING id),
    p0 AS (INSERT INTO posts (board_id, author_id, title, content, created_at)
      VALUES (${boardId}, ${A}, '전날 글', '본문', ${at('2026-03-01T23:59:00+09:00')}) RETURNING id),
    p9 AS (INSERT INTO posts (board_id, author_id, title, content, created_at)
      VALUES (${boardId}, ${B}, '다음 주 글', '본문', ${at('2026-03-09T00:10:00+09:00')}) RETURNING id),
    an AS (INSERT INTO announcements (team_id, author_id, title, content, created_at)
      VALUES (${team.id}, ${B}, '발표 순서', '본문', ${at('2026-03-08T23:30:00+09:00')}) RETURNING id),
    pc AS (INSERT INTO post_comments (post_id, author_id, content, created_at)
      SELECT id, ${C}, '좋아요', ${at('2026-03-03T09:00:00+09:00')} FROM p1 RETURNING id),
    f1 AS (INSERT INTO attachments (post_id, uploader_id, original_name, storage_key, size, content_type, is_image, created_at)
      SELECT id, ${A}, '요구사항.pdf', ${`contribution-test-${team.id}-1`}, 10, 'application/octet-stream', false,
        ${at('2026-03-02T10:05:00+09:00')} FROM p1 RETURNING id),
    l1 AS (INSERT INTO kanban_lists (kanban_id, name, position)
      VALUES (${board.id}, '할 일', 'a0') RETURNING id),
    t1 AS (INSERT INTO kanban_tasks (list_id, subject, position, created_at, is_approved, approved_at)
      SELECT id, '설계서', 'a0', ${at('2026-02-20T09:00:00+09:00')}, true, ${at('2026-03-04T15:00:00+09:00')}
      FROM l1 RETURNING id),
    t2 AS (INSERT INTO kanban_tasks (list_id, subject, position, created_at,
        completion_requested, completion_requester_id, completion_requested_at)
      SELECT id, '화면 구현', 'a1', ${at('2026-03-03T09:00:00+09:00')}, true, ${B},
        ${at('2026-03-06T10:00:00+09:00')} FROM l1 RETURNING id),
    t3 AS (INSERT INTO kanban_tasks (list_id, subject, position, created_at, is_approved, approved_at)
      SELECT id, '지난 일', 'a2', ${at('2026-02-10T09:00:00+09:00')}, true, ${at('2026-02-25T09:00:00+09:00')}
      FROM l1 RETURNING id),
    t4 AS (INSERT INTO kanban_tasks (list_id, subject, position, created_at)
      SELECT id, '다음 일', 'a3', ${at('2026-03-10T09:00:00+09:00')} FROM l1 RETURNING id),
    asg AS (INSERT INTO kanban_task_assignees (task_id, user_id)
      SELECT id, ${A} FROM t1 UNION ALL SELECT id, ${A} FROM t2 UNION ALL SELECT id, ${B} FROM t2
      UNION ALL SELECT id, ${A} FROM t3 UNION ALL SELECT id, ${C} FROM t4 RETURNING task_id),
    tc AS (INSERT INTO kanban_task_comments (task_id, author_id, content, created_at)
      SELECT id, ${C}, '확인했습니다', ${at('2026-03-03T20:00:00+09:00')} FROM t2 RETURNING id),
    m AS (INSERT INTO chat_messages (room_id, sender_id, content, created_at, deleted_at) VALUES
      (${roomId}, ${A}, ${SECRET}, ${at('2026-03-02T10:00:00+09:00')}, NULL),
      (${roomId}, ${A}, ${SECRET}, ${at('2026-03-02T11:00:00+09:00')}, NULL),
      (${roomId}, ${A}, ${SECRET}, ${at('2026-03-05T12:00:00+09:00')}, NULL),
      (${roomId}, ${A}, ${SECRET}, ${at('2026-03-05T12:30:00+09:00')}, ${at('2026-03-05T12:31:00+09:00')}),
      (${roomId}, ${A}, ${SECRET}, ${at('2026-02-28T12:00:00+09:00')}, NULL)
      RETURNING id),
    mf AS (INSERT INTO chat_messages (room_id, sender_id, content, created_at)
      VALUES (${roomId}, ${B}, ${SECRET}, ${at('2026-03-04T12:00:00+09:00')}) RETURNING id),
    cf AS (INSERT INTO chat_attachments (message_id, position, original_name, storage_key, size, content_type, is_image)
      SELECT id, 0, '발표자료.pptx', ${`contribution-test-${team.id}-2`}, 10, 'application/octet-stream', false
      FROM mf RETURNING id),
    ch AS (INSERT INTO video_channels (workspace_id, name, team_id)
      VALUES (${workspace.id}, '1조 회의실', ${team.id}) RETURNING id),
    other AS (INSERT INTO video_channels (workspace_id, name)
      VALUES (${workspace.id}, '전체 회의실') RETURNING id),
    s0 AS (INSERT INTO meeting_sessions (channel_id, started_at, ended_at)
      SELECT id, ${at('2026-03-01T23:40:00+09:00')}, ${at('2026-03-02T00:20:00+09:00')} FROM ch RETURNING id),
    s1 AS (INSERT INTO meeting_sessions (channel_id, started_at, ended_at)
      SELECT id, ${at('2026-03-07T20:00:00+09:00')}, ${at('2026-03-07T21:00:00+09:00')} FROM ch RETURNING id),
    s2 AS (INSERT INTO meeting_sessions (channel_id, started_at, ended_at)
      SELECT id, ${at('2026-03-08T23:30:00+09:00')}, NULL FROM ch RETURNING id),
    sx AS (INSERT INTO meeting_sessions (channel_id, started_at, ended_at)
      SELECT id, ${at('2026-03-03T10:00:00+09:00')}, ${at('2026-03-03T12:00:00+09:00')} FROM other RETURNING id),
    att AS (INSERT INTO meeting_attendance (session_id, user_id, joined_at, left_at)
      SELECT id, ${C}, ${at('2026-03-01T23:40:00+09:00')}, ${at('2026-03-02T00:20:00+09:00')} FROM s0
      UNION ALL SELECT id, ${A}, ${at('2026-03-07T20:00:00+09:00')}, ${at('2026-03-07T20:30:00+09:00')} FROM s1
      UNION ALL SELECT id, ${A}, ${at('2026-03-07T20:40:00+09:00')}, ${at('2026-03-07T21:00:00+09:00')} FROM s1
      UNION ALL SELECT id, ${B}, ${at('2026-03-08T23:30:00+09:00')}, ${at('2026-03-09T00:30:00+09:00')} FROM s2
      UNION ALL SELECT id, ${C}, ${at('2026-03-08T23:50:00+09:00')}, NULL FROM s2
      UNION ALL SELECT id, ${A}, now() - interval '5 minutes', NULL FROM s2
      UNION ALL SELECT id, ${A}, ${at('2026-03-03T10:00:00+09:00')}, ${at('2026-03-03T12:00:00+09:00')} FROM sx
      RETURNING id)
    SELECT (SELECT count(*) FROM att) AS stays, (SELECT count(*) FROM asg) AS assignments,
      (SELECT count(*) FROM m) AS messages, (SELECT count(*) FROM cf) + (SELECT count(*) FROM f1) AS files,
      (SELECT count(*) FROM pc) + (SELECT count(*) FROM tc) AS comments,
      (SELECT count(*) FROM p0) + (SELECT count(*) FROM p9) + (SELECT count(*) FROM an) AS posts`);
}

async function contribution(user: TestUser, query = RANGE, teamId = team.id) {
  const response = await call(app, user, 'GET', `/api/teams/${teamId}/contribution?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<TeamContribution>(response);
}

const memberOf = (data: TeamContribution, user: TestUser): ContributionMember => {
  const found = data.members.find((member) => member.userId === user.userId);
  if (!found) throw new Error(`no row for ${user.name}`);
  return found;
};

async function itemsOf(user: TestUser, kind: ContributionKind, as: TestUser = b, extra = '') {
  const response = await call(
    app,
    as,
    'GET',
    `/api/teams/${team.id}/contribution/items?${RANGE}&userId=${user.userId}&kind=${kind}${extra}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<Page<ContributionItem>>(response);
}

/** A strict RFC 4180 reader: fields, quoted fields with doubled quotes, CRLF line ends. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += ch;
  }
  if (field !== '' || record.length > 0) throw new Error('the last line has no CRLF');
  return records;
}

describe('contribution evidence', () => {
  it('counts every number of each member over the range, the leader first', async () => {
    const data = await contribution(b);
    expect(data).toMatchObject({
      teamId: team.id,
      from: '2026-03-02',
      to: '2026-03-08',
      timeZone: 'Asia/Seoul',
    });
    expect(data.members.map((member) => member.name)).toEqual(['가영', '나래', '다온']);
    const numbers = (user: TestUser) => {
      const { userId, name, profileImageUrl, isLeader, lastActiveAt, ...rest } = memberOf(
        data,
        user,
      );
      void userId;
      void name;
      void profileImageUrl;
      void isLeader;
      void lastActiveAt;
      return rest;
    };
    expect(numbers(a)).toEqual({
      assigned: 2,
      approved: 1,
      completionRequests: 0,
      posts: 1,
      comments: 0,
      files: 1,
      messages: 3,
      meetings: 1,
      meetingMinutes: 50,
      activeDays: 3,
    });
    expect(numbers(b)).toEqual({
      assigned: 1,
      approved: 0,
      completionRequests: 1,
      posts: 1,
      comments: 0,
      files: 1,
      messages: 1,
      meetings: 1,
      meetingMinutes: 30,
      activeDays: 3,
    });
    expect(numbers(c)).toEqual({
      assigned: 0,
      approved: 0,
      completionRequests: 0,
      posts: 0,
      comments: 2,
      files: 0,
      messages: 0,
      meetings: 2,
      meetingMinutes: 30,
      activeDays: 2,
    });
    expect(memberOf(data, a).isLeader).toBe(true);
    expect(memberOf(data, a).lastActiveAt).toBe('2026-03-07T11:40:00.000Z');
  });

  it('clips to the range: one day, and an open stay counts up to now', async () => {
    const sunday = await contribution(a, 'from=2026-03-08&to=2026-03-08');
    expect(memberOf(sunday, b)).toMatchObject({ posts: 1, meetingMinutes: 30, activeDays: 1 });
    expect(memberOf(sunday, a)).toMatchObject({ posts: 0, messages: 0, assigned: 1 });
    expect(memberOf(sunday, c)).toMatchObject({ meetings: 1, meetingMinutes: 10 });
    const monday = await contribution(a, 'from=2026-03-02&to=2026-03-02');
    expect(memberOf(monday, c)).toMatchObject({ meetings: 1, meetingMinutes: 20, activeDays: 0 });
    expect(memberOf(monday, a)).toMatchObject({ messages: 2, files: 1, posts: 1, activeDays: 1 });

    const today = seoulDayOf(Date.now());
    const yesterday = seoulDayOf(Date.now() - 86_400_000);
    const now = await contribution(a, `from=${yesterday}&to=${today}`);
    expect(memberOf(now, a).meetings).toBe(1);
    expect(memberOf(now, a).meetingMinutes).toBeGreaterThanOrEqual(4);
    expect(memberOf(now, a).meetingMinutes).toBeLessThanOrEqual(6);
    // Without a range: the team's life (made today) up to today.
    const life = await contribution(a, '');
    expect(life.from).toBe(seoulDayOf(Date.now()));
    expect(life.to).toBe(today);
    expect(life.teamCreatedOn).toBe(life.from);
  });

  it('lists the items behind each number, the same count, newest first', async () => {
    const data = await contribution(c);
    const kinds: [ContributionKind, keyof ContributionMember][] = [
      ['ASSIGNED', 'assigned'],
      ['APPROVED', 'approved'],
      ['COMPLETION_REQUEST', 'completionRequests'],
      ['POST', 'posts'],
      ['COMMENT', 'comments'],
      ['FILE', 'files'],
      ['MEETING', 'meetings'],
    ];
    for (const person of [a, b, c]) {
      for (const [kind, field] of kinds) {
        const page = await itemsOf(person, kind, c);
        if (kind === 'MEETING') {
          // One item per stay; the number counts meetings.
          const sessions = new Set(page.content.map((item) => item.label + item.at.slice(0, 10)));
          expect(sessions.size >= Number(memberOf(data, person)[field])).toBe(true);
          const minutes = page.content.reduce((sum, item) => sum + (item.count ?? 0), 0);
          expect(minutes, `${person.name} minutes`).toBe(memberOf(data, person).meetingMinutes);
        } else {
          expect(page.totalElements, `${person.name} ${kind}`).toBe(memberOf(data, person)[field]);
        }
      }
      const messages = await itemsOf(person, 'MESSAGE', c);
      const sent = messages.content.reduce((sum, item) => sum + (item.count ?? 0), 0);
      expect(sent).toBe(memberOf(data, person).messages);
      const days = await itemsOf(person, 'ACTIVE_DAY', c);
      expect(days.totalElements).toBe(memberOf(data, person).activeDays);
    }

    const assigned = await itemsOf(a, 'ASSIGNED');
    expect(assigned.content.map((item) => [item.label, item.approvedAt])).toEqual([
      ['화면 구현', null],
      ['설계서', '2026-03-04T06:00:00.000Z'],
    ]);
    expect(assigned.content[0]?.link).toMatchObject({ area: 'task' });
    const posts = await itemsOf(b, 'POST');
    expect(posts.content.map((item) => [item.source, item.label])).toEqual([
      ['ANNOUNCEMENT', '발표 순서'],
    ]);
    const comments = await itemsOf(c, 'COMMENT');
    expect(comments.content.map((item) => [item.source, item.label, item.link?.area])).toEqual([
      ['TASK_COMMENT', '화면 구현', 'task'],
      ['COMMENT', '요구사항 정리', 'post'],
    ]);
    const files = await itemsOf(b, 'FILE');
    expect(files.content.map((item) => [item.source, item.label, item.link?.area])).toEqual([
      ['CHAT_FILE', '발표자료.pptx', 'chat'],
    ]);
    const meetings = await itemsOf(a, 'MEETING');
    expect(meetings.content.map((item) => [item.label, item.count])).toEqual([
      ['1조 회의실', 20],
      ['1조 회의실', 30],
    ]);
    // Paged: one a page.
    const second = await itemsOf(a, 'ASSIGNED', b, '&size=1&page=1');
    expect(second.totalElements).toBe(2);
    expect(second.content.map((item) => item.label)).toEqual(['설계서']);
    const past = await itemsOf(a, 'ASSIGNED', b, '&size=1&page=5');
    expect(past.content).toEqual([]);
    expect(past.totalElements).toBe(2);
  });

  it('gives days and counts for messages, never their contents', async () => {
    const messages = await itemsOf(a, 'MESSAGE');
    expect(messages.content.map((item) => [item.label, item.count])).toEqual([
      ['2026-03-05', 1],
      ['2026-03-02', 2],
    ]);
    expect(messages.content[0]?.link).toMatchObject({ area: 'chat', messageId: null });
    for (const kind of ['MESSAGE', 'ACTIVE_DAY', 'FILE'] as const) {
      for (const as of [b, c]) {
        const response = await call(
          app,
          as,
          'GET',
          `/api/teams/${team.id}/contribution/items?${RANGE}&userId=${a.userId}&kind=${kind}`,
        );
        expect(response.body).not.toContain(SECRET);
      }
    }
  });

  it('lets the members and the class staff read it, staff logged; others are refused', async () => {
    expectProblem(
      await call(app, outsider, 'GET', `/api/teams/${team.id}/contribution?${RANGE}`),
      403,
      'TEAM_NOT_MEMBER',
    );
    expect(
      (await call(app, stranger, 'GET', `/api/teams/${team.id}/contribution?${RANGE}`)).statusCode,
    ).toBe(403);
    expectProblem(
      await call(
        app,
        outsider,
        'GET',
        `/api/teams/${team.id}/contribution/items?userId=${a.userId}&kind=POST`,
      ),
      403,
      'TEAM_NOT_MEMBER',
    );
    expect(
      (await call(app, outsider, 'GET', `/api/teams/${team.id}/contribution.csv`)).statusCode,
    ).toBe(403);

    const before = await rows<{ n: string | number }>(sql`SELECT count(*) AS n FROM team_read_log
      WHERE team_id = ${team.id} AND reader_id = ${ta.userId} AND area = 'CONTRIBUTION'`);
    expect(Number(before[0]?.n)).toBe(0);
    const read = await contribution(ta);
    expect(read.members).toHaveLength(3);
    expect(read.members.some((member) => member.userId === ta.userId)).toBe(false);
    const after = await rows<{ n: string | number }>(sql`SELECT count(*) AS n FROM team_read_log
      WHERE team_id = ${team.id} AND reader_id = ${ta.userId} AND area = 'CONTRIBUTION'`);
    expect(Number(after[0]?.n)).toBe(1);
    // Staff get counts and days of messages like the team, never their text.
    const staffMessages = await call(
      app,
      ta,
      'GET',
      `/api/teams/${team.id}/contribution/items?${RANGE}&userId=${a.userId}&kind=MESSAGE`,
    );
    expect(staffMessages.statusCode).toBe(200);
    expect(staffMessages.body).not.toContain(SECRET);
    // A member's own reading is not logged.
    await contribution(b);
    const members = await rows<{ n: string | number }>(sql`SELECT count(*) AS n FROM team_read_log
      WHERE team_id = ${team.id} AND reader_id = ${b.userId}`);
    expect(Number(members[0]?.n)).toBe(0);

    // Not a class: the TA role reads nothing beyond their teams.
    await rows(sql`UPDATE workspaces SET is_class = false WHERE id = ${workspace.id}`);
    try {
      expect(
        (await call(app, ta, 'GET', `/api/teams/${team.id}/contribution?${RANGE}`)).statusCode,
      ).toBe(403);
      expect(
        (await call(app, ta, 'GET', `/api/workspaces/${workspace.id}/contribution.csv`)).statusCode,
      ).toBe(404);
    } finally {
      await rows(sql`UPDATE workspaces SET is_class = true WHERE id = ${workspace.id}`);
    }
  });

  it('refuses bad input with a Korean 400', async () => {
    for (const query of [
      'from=2026-02-30',
      'from=2026-03-09&to=2026-03-08',
      'from=20260302',
      'from=2000-01-01&to=2026-01-01',
    ]) {
      const response = await call(app, a, 'GET', `/api/teams/${team.id}/contribution?${query}`);
      expectProblem(response, 400, 'VALIDATION_FAILED');
      expect(response.json<{ detail: string }>().detail).toMatch(/[가-힣]/);
    }
    for (const query of [
      'kind=NOPE',
      'kind=POST',
      'userId=0&kind=POST',
      'userId=1&kind=POST&size=101',
    ]) {
      expectProblem(
        await call(app, a, 'GET', `/api/teams/${team.id}/contribution/items?${query}`),
        400,
        'VALIDATION_FAILED',
      );
    }
    expect((await call(app, a, 'GET', '/api/teams/999999/contribution')).statusCode).toBe(404);
  });

  it('exports the team as CSV: BOM, Korean header, quoting, one row per member', async () => {
    const response = await call(app, b, 'GET', `/api/teams/${team.id}/contribution.csv?${RANGE}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(String(response.headers['content-disposition'])).toMatch(
      /^attachment; filename="[^"]+\.csv"; filename\*=UTF-8''/,
    );
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain(
      '기여도-1조, "알파"-2026-03-02-2026-03-08.csv',
    );
    const raw = response.rawPayload.toString('utf8');
    expect(raw.charCodeAt(0)).toBe(0xfeff);
    expect(raw).toContain('"1조, ""알파"""');
    const records = parseCsv(raw.slice(1));
    expect(records[0]).toEqual([...CONTRIBUTION_CSV_HEADER]);
    expect(records).toHaveLength(4);
    expect(records[1]).toEqual([
      '1조, "알파"',
      '가영',
      '예',
      '2026-03-02',
      '2026-03-08',
      '2',
      '1',
      '0',
      '1',
      '0',
      '1',
      '3',
      '1',
      '50',
      '3',
      '2026-03-07 20:40',
    ]);
    expect(records.slice(1).map((record) => record[1])).toEqual(['가영', '나래', '다온']);
  });

  it('exports the whole class for its staff only', async () => {
    expectProblem(
      await call(app, a, 'GET', `/api/workspaces/${workspace.id}/contribution.csv`),
      403,
      'CLASS_STAFF_ONLY',
    );
    expect(
      (await call(app, stranger, 'GET', `/api/workspaces/${workspace.id}/contribution.csv`))
        .statusCode,
    ).toBe(403);
    for (const staff of [ta, owner]) {
      const response = await call(
        app,
        staff,
        'GET',
        `/api/workspaces/${workspace.id}/contribution.csv?${RANGE}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const raw = response.rawPayload.toString('utf8');
      expect(raw.charCodeAt(0)).toBe(0xfeff);
      const records = parseCsv(raw.slice(1));
      expect(records[0]).toEqual([...CONTRIBUTION_CSV_HEADER]);
      // 1조's three members and 2조's one.
      expect(records.slice(1).map((record) => [record[0], record[1]])).toEqual([
        ['1조, "알파"', '가영'],
        ['1조, "알파"', '나래'],
        ['1조, "알파"', '다온'],
        ['2조', '라희'],
      ]);
      expect(raw).not.toContain(SECRET);
      // Every team read in one pass gives each member the numbers of their team's own page.
      for (const each of [team, otherTeam]) {
        const page = dataOf<TeamContribution>(
          await call(app, staff, 'GET', `/api/teams/${each.id}/contribution?${RANGE}`),
        );
        for (const member of page.members) {
          const record = records.find(
            (line) => line[0] === page.teamName && line[1] === member.name,
          );
          expect(record?.slice(5, 15), `${page.teamName} ${member.name}`).toEqual(
            [
              member.assigned,
              member.approved,
              member.completionRequests,
              member.posts,
              member.comments,
              member.files,
              member.messages,
              member.meetings,
              member.meetingMinutes,
              member.activeDays,
            ].map(String),
          );
        }
      }
    }
    const logged = await rows<{ n: string | number }>(sql`SELECT count(*) AS n FROM team_read_log
      WHERE team_id = ${otherTeam.id} AND reader_id = ${ta.userId} AND area = 'CONTRIBUTION'`);
    expect(Number(logged[0]?.n)).toBe(1);
  });
});

describe('kanban evidence columns', () => {
  it('keeps when completion was asked and when a card was approved; an undone approval clears it', async () => {
    const board = dataOf<Kanban>(await call(app, a, 'GET', `/api/kanban/team/${team.id}`));
    const list = dataOf<KanbanList>(
      await call(app, a, 'POST', '/api/kanban/lists', {
        kanbanListName: '진행',
        kanbanId: board.id,
      }),
    );
    const task = dataOf<Task>(
      await call(app, a, 'POST', '/api/kanban/tasks', {
        subject: '보고서',
        kanbanListId: list.id,
        assigneeIds: [b.userId],
      }),
    );
    const columns = async () =>
      (
        await rows<{
          completion_requested_at: string | Date | null;
          completion_requester_id: number | null;
          approved_at: string | Date | null;
        }>(sql`SELECT completion_requested_at, completion_requester_id, approved_at
          FROM kanban_tasks WHERE id = ${task.id}`)
      )[0];
    expect(await columns()).toMatchObject({ completion_requested_at: null, approved_at: null });
    const asked = await call(app, b, 'POST', `/api/kanban/cards/${task.id}/completion-request`, {});
    expect(asked.statusCode, asked.body).toBe(200);
    const requested = await columns();
    expect(requested?.completion_requester_id).toBe(b.userId);
    expect(requested?.completion_requested_at).not.toBeNull();
    const approved = await call(
      app,
      a,
      'POST',
      `/api/kanban/cards/${task.id}/completion-approval`,
      {
        approved: true,
      },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const done = await columns();
    expect(done?.approved_at).not.toBeNull();
    // The request stays on record after the review.
    expect(done?.completion_requested_at).not.toBeNull();
    const undone = await call(app, a, 'PUT', `/api/kanban/tasks/${task.id}`, { isApproved: false });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await columns())?.approved_at).toBeNull();
    const again = await call(app, a, 'PUT', `/api/kanban/tasks/${task.id}`, { isApproved: true });
    expect(again.statusCode, again.body).toBe(200);
    expect((await columns())?.approved_at).not.toBeNull();
  });
});
