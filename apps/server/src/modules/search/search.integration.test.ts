import { and, eq, sql } from 'drizzle-orm';
import { ChatMessages } from '@teamup/contracts/chat';
import { SearchLimits, searchMessages } from '@teamup/contracts/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHit, SearchKind, SearchResult } from '@teamup/contracts/search';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import type { Db } from '../../db/client';
import {
  announcements,
  attachments,
  boards,
  chatAttachments,
  chatMessages,
  chatRoomMembers,
  chatRooms,
  kanbanLists,
  kanbans,
  kanbanTaskAssignees,
  kanbanTaskComments,
  kanbanTasks,
  postComments,
  posts,
  schedules,
  teams,
} from '../../db/schema';
import { matchesAll } from '../../platform/search/search-sql.repo';
import { prepareTerms } from '../../platform/search/search-text';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/*
 * Search (decision 0020) against the real app and database (PGlite, and PostgreSQL when the suite
 * runs with TEST_DB_KIND=postgres). People, workspaces, teams and their membership are made
 * through the API, as permission depends on them; the searchable content is written straight
 * into the tables, which is all search reads.
 */

let app: TestApp;
let db: Db;
let owner: TestUser;
let minji: TestUser; // 김민지: team 디자인팀, rooms 회의방
let doyun: TestUser; // 이도윤: team 개발팀, rooms 회의방 and 비밀방
let stranger: TestUser; // not in the workspace; owns another one with the same words
let workspace: Workspace;
let design: Team;
let dev: Team;
let meetingRoom: number;
let secretRoom: number;

const ids = {} as Record<
  | 'designPost'
  | 'devPost'
  | 'comment'
  | 'task'
  | 'taskComment'
  | 'schedule'
  | 'announcement'
  | 'message'
  | 'deletedMessage'
  | 'secretMessage'
  | 'chatFile'
  | 'postFile'
  | 'otherPost',
  number
>;

async function newWorkspace(user: TestUser, name: string) {
  return dataOf<Workspace>(await call(app, user, 'POST', '/api/workspaces', { name }));
}

async function newTeam(user: TestUser, workspaceId: number, name: string) {
  const response = await call(app, user, 'POST', '/api/teams', { name, workspaceId });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<Team>(response);
}

async function boardOf(teamId: number) {
  const [board] = await db.select().from(boards).where(eq(boards.teamId, teamId));
  if (!board) throw new Error('no board');
  return board.id;
}

async function insertPost(teamId: number, authorId: number, title: string, content: string) {
  const [row] = await db
    .insert(posts)
    .values({ boardId: await boardOf(teamId), authorId, title, content })
    .returning();
  return row?.id ?? 0;
}

async function room(name: string, members: TestUser[]) {
  const [row] = await db
    .insert(chatRooms)
    .values({ workspaceId: workspace.id, type: 'GROUP', name })
    .returning();
  const roomId = row?.id ?? 0;
  await db.insert(chatRoomMembers).values(members.map((m) => ({ roomId, userId: m.userId })));
  return roomId;
}

async function message(roomId: number, sender: TestUser, content: string, createdAt?: Date) {
  const [row] = await db
    .insert(chatMessages)
    .values({ roomId, senderId: sender.userId, content, ...(createdAt ? { createdAt } : {}) })
    .returning();
  return row?.id ?? 0;
}

function search(
  user: TestUser | null,
  query: Record<string, string | number>,
  wsId = workspace.id,
) {
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return call(app, user, 'GET', `/api/workspaces/${wsId}/search?${params.toString()}`);
}

async function found(user: TestUser, query: Record<string, string | number>) {
  const response = await search(user, query);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<SearchResult>(response);
}

const keysOf = (result: SearchResult, kind?: SearchKind) =>
  result.items.filter((hit) => !kind || hit.kind === kind).map((hit) => hit.id);

/** The highlighted words of a hit's snippet. */
const marked = (hit: SearchHit) =>
  hit.highlights.map((range) => hit.snippet.slice(range.start, range.end));

beforeAll(async () => {
  app = await createTestApp();
  db = app.context.database.db;
  owner = await createUser(app, '박서준');
  minji = await createUser(app, '김민지');
  doyun = await createUser(app, '이도윤');
  stranger = await createUser(app, '최외부');
  workspace = await newWorkspace(owner, '검색 수업');
  for (const person of [minji, doyun]) {
    const joined = await call(app, person, 'POST', '/api/workspaces/join', {
      inviteCode: workspace.inviteCode,
    });
    expect(joined.statusCode, joined.body).toBe(200);
  }
  design = await newTeam(minji, workspace.id, '디자인팀');
  dev = await newTeam(doyun, workspace.id, '개발팀');

  ids.designPost = await insertPost(
    design.id,
    minji.userId,
    '주간회의 회의록',
    '이번 주 회의록을 공유합니다. API 설계 검토가 남았습니다.',
  );
  ids.devPost = await insertPost(dev.id, doyun.userId, '개발팀 회의록', '개발팀만 보는 회의록');
  const [comment] = await db
    .insert(postComments)
    .values({ postId: ids.designPost, authorId: minji.userId, content: '회의록을 확인했습니다' })
    .returning();
  ids.comment = comment?.id ?? 0;
  const [file] = await db
    .insert(attachments)
    .values({
      postId: ids.designPost,
      uploaderId: minji.userId,
      originalName: '설계도 초안.png',
      storageKey: `search-test-${Date.now()}`,
      size: 10,
      contentType: 'image/png',
      isImage: true,
    })
    .returning();
  ids.postFile = file?.id ?? 0;
  const [notice] = await db
    .insert(announcements)
    .values({
      teamId: design.id,
      authorId: minji.userId,
      title: '스프린트 공지',
      content: '다음 스프린트 계획',
    })
    .returning();
  ids.announcement = notice?.id ?? 0;

  const [kanban] = await db.select().from(kanbans).where(eq(kanbans.teamId, design.id));
  const [list] = await db
    .insert(kanbanLists)
    .values({ kanbanId: kanban?.id ?? 0, name: '할 일', position: 'a0' })
    .returning();
  const [task] = await db
    .insert(kanbanTasks)
    .values({
      listId: list?.id ?? 0,
      subject: 'API설계 문서 작성',
      content: '엔드포인트 정리',
      position: 'a0',
    })
    .returning();
  ids.task = task?.id ?? 0;
  const [taskComment] = await db
    .insert(kanbanTaskComments)
    .values({ taskId: ids.task, authorId: minji.userId, content: '초안을 올렸어요' })
    .returning();
  ids.taskComment = taskComment?.id ?? 0;
  const [schedule] = await db
    .insert(schedules)
    .values({
      teamId: design.id,
      creatorId: minji.userId,
      title: '주간 회의',
      description: '3층 회의실',
      type: 'MEETING',
      startsAt: new Date('2026-12-01T00:00:00Z'),
      endsAt: new Date('2026-12-01T01:00:00Z'),
    })
    .returning();
  ids.schedule = schedule?.id ?? 0;

  meetingRoom = await room('회의방', [minji, doyun]);
  secretRoom = await room('비밀방', [doyun]);
  ids.message = await message(meetingRoom, minji, '내일 회의록을 정리해서 올릴게요');
  ids.deletedMessage = await message(meetingRoom, minji, '지운 회의록 메시지');
  await db
    .update(chatMessages)
    .set({ deletedAt: new Date() })
    .where(eq(chatMessages.id, ids.deletedMessage));
  ids.secretMessage = await message(secretRoom, doyun, '비밀방 회의록 링크');
  const fileMessage = await message(meetingRoom, doyun, '파일을 보냈습니다');
  const [chatFile] = await db
    .insert(chatAttachments)
    .values({
      messageId: fileMessage,
      originalName: '회의록_최종.pdf',
      storageKey: `search-chat-${Date.now()}`,
      size: 10,
      contentType: 'application/octet-stream',
      isImage: false,
    })
    .returning();
  ids.chatFile = chatFile?.id ?? 0;

  const elsewhere = await newWorkspace(stranger, '다른 곳');
  const otherTeam = await newTeam(stranger, elsewhere.id, '디자인팀');
  ids.otherPost = await insertPost(
    otherTeam.id,
    stranger.userId,
    '회의록',
    '다른 워크스페이스 회의록',
  );
});

afterAll(async () => {
  await app.close();
});

describe('search: permissions', () => {
  it('refuses an outsider and an unknown workspace, and a caller without a token', async () => {
    expectProblem(await search(stranger, { q: '회의록' }), 403, 'WORKSPACE_FORBIDDEN');
    expectProblem(await search(minji, { q: '회의록' }, 999_999), 404, 'WORKSPACE_NOT_FOUND');
    expect((await search(null, { q: '회의록' })).statusCode).toBe(401);
  });

  it("finds a member's teams' content and rooms, never another team's, room's, workspace's or a deleted message", async () => {
    const result = await found(minji, { q: '회의록', size: 50 });
    expect(keysOf(result, 'post')).toEqual([ids.designPost]);
    expect(keysOf(result, 'comment')).toEqual([ids.comment]);
    expect(keysOf(result, 'message')).toEqual([ids.message]);
    expect(keysOf(result, 'file')).toEqual([ids.chatFile]);
    expect(result.counts).toMatchObject({ post: 1, comment: 1, message: 1, file: 1, team: 0 });
    expect(result.total).toBe(4);
    const every = result.items.map((hit) => hit.id);
    for (const hidden of [ids.devPost, ids.otherPost, ids.secretMessage, ids.deletedMessage]) {
      expect(every).not.toContain(hidden);
    }
  });

  it('finds only the teams the member is in; the owner reads every team but no room he is not in', async () => {
    expect(keysOf(await found(minji, { q: '팀', kind: 'team' }))).toEqual([design.id]);
    expect(keysOf(await found(doyun, { q: '디자인' }), 'team')).toEqual([]);
    const asOwner = await found(owner, { q: '회의록', size: 50 });
    expect(keysOf(asOwner, 'post').sort()).toEqual([ids.designPost, ids.devPost].sort());
    expect(keysOf(asOwner, 'message')).toEqual([]);
    expect(keysOf(await found(owner, { q: '팀', kind: 'team' })).sort()).toEqual(
      [design.id, dev.id].sort(),
    );
  });

  it('stops finding a room’s messages once the member leaves it', async () => {
    const roomId = await room('잠깐방', [minji]);
    const id = await message(roomId, minji, '잠깐방 전용 문장');
    expect(keysOf(await found(minji, { q: '잠깐방 전용' }), 'message')).toEqual([id]);
    await db
      .delete(chatRoomMembers)
      .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, minji.userId)));
    expect((await found(minji, { q: '잠깐방 전용' })).total).toBe(0);
  });

  it("filters by team; another team's id is refused", async () => {
    const result = await found(minji, { q: '회의', teamId: design.id, size: 50 });
    expect(result.counts.message).toBe(0);
    expect(keysOf(result, 'schedule')).toEqual([ids.schedule]);
    expectProblem(await search(minji, { q: '회의', teamId: dev.id }), 403, 'TEAM_NOT_MEMBER');
  });

  it("counts the team room's messages as the team's (decision 0041), alone or with its room", async () => {
    const [teamRoom] = await db
      .select({ id: chatRooms.id })
      .from(chatRooms)
      .where(eq(chatRooms.teamId, design.id));
    const roomId = teamRoom?.id ?? 0;
    expect(roomId).toBeGreaterThan(0);
    const said = await message(roomId, minji, '팀방 스프린트 안건 정리');
    const elsewhere = await room('팀밖방', [minji]);
    await message(elsewhere, minji, '팀밖 스프린트 안건 정리');
    expect(
      keysOf(await found(minji, { q: '스프린트 안건', teamId: design.id }), 'message'),
    ).toEqual([said]);
    expect(
      keysOf(await found(minji, { q: '스프린트 안건', teamId: design.id, roomId }), 'message'),
    ).toEqual([said]);
    // Another room with the team filter: nothing, as before.
    expect(
      (await found(minji, { q: '스프린트 안건', teamId: design.id, roomId: elsewhere })).total,
    ).toBe(0);
  });
});

describe('search: Korean', () => {
  it('finds a word followed by a particle, and a word inside a longer one', async () => {
    const minutes = await found(minji, { q: '회의록', kind: 'message' });
    expect(keysOf(minutes)).toEqual([ids.message]); // 회의록을
    const meeting = await found(minji, { q: '회의', size: 50 });
    expect(keysOf(meeting, 'post')).toEqual([ids.designPost]); // 주간회의
    expect(keysOf(meeting, 'schedule')).toEqual([ids.schedule]);
  });

  it('matches mixed Korean and English, with or without the space', async () => {
    const result = await found(minji, { q: 'API 설계', size: 50 });
    expect(keysOf(result, 'task')).toEqual([ids.task]); // API설계 문서 작성
    expect(keysOf(result, 'post')).toEqual([ids.designPost]); // API 설계 검토
    // The whole phrase as typed ranks first.
    expect(result.items[0]).toMatchObject({ kind: 'post', id: ids.designPost });
    expect(keysOf(await found(minji, { q: 'api설계' }), 'post')).toEqual([ids.designPost]);
  });

  it('tolerates a missing space: 주간회의 finds 주간 회의', async () => {
    expect(keysOf(await found(minji, { q: '주간회의', kind: 'schedule' }))).toEqual([ids.schedule]);
    // And an added one: two two-syllable words, each found as it is.
    expect(keysOf(await found(minji, { q: '주간 회의', kind: 'post' }))).toEqual([ids.designPost]);
  });

  it('finds two-syllable words everywhere they are', async () => {
    expect(keysOf(await found(minji, { q: '초안', size: 50 }), 'comment')).toEqual([
      ids.taskComment,
    ]);
    expect(keysOf(await found(minji, { q: '설계도', kind: 'file' }))).toEqual([ids.postFile]);
  });

  it('finds people and teams by their initials', async () => {
    const person = await found(doyun, { q: 'ㄱㅁㅈ' });
    expect(keysOf(person, 'person')).toEqual([minji.userId]);
    expect(person.items[0]?.titleHighlights).toEqual([{ start: 0, end: 3 }]);
    expect(keysOf(await found(minji, { q: 'ㅇㄷ' }), 'person')).toEqual([doyun.userId]);
    expect(keysOf(await found(minji, { q: 'ㄷㅈㅇ' }), 'team')).toEqual([design.id]);
    expect(keysOf(await found(doyun, { q: 'ㄷㅈㅇ' }), 'team')).toEqual([]);
    expect(keysOf(await found(minji, { q: '민지' }), 'person')).toEqual([minji.userId]);
  });

  it('marks the matched words in a snippet with offsets', async () => {
    const [hit] = (await found(minji, { q: '회의록', kind: 'message' })).items;
    expect(hit?.snippet).toBe('내일 회의록을 정리해서 올릴게요');
    expect(hit && marked(hit)).toEqual(['회의록']);
    const [post] = (await found(minji, { q: '주간회의', kind: 'post' })).items;
    expect(post?.titleHighlights).toEqual([{ start: 0, end: 4 }]);
    const [schedule] = (await found(minji, { q: '주간회의', kind: 'schedule' })).items;
    // 주간 회의: the highlight spans the space the query left out.
    expect(schedule?.titleHighlights).toEqual([{ start: 0, end: 5 }]);
  });

  it('shows mentions in a message as @ and the name, never as tokens', async () => {
    const id = await message(
      meetingRoom,
      doyun,
      `<@${minji.userId}> 발표자료 확인 부탁해요 <@all>`,
    );
    const result = await found(minji, { q: '발표자료', kind: 'message' });
    expect(keysOf(result, 'message')).toEqual([id]);
    expect(result.items[0]?.snippet).toBe('@김민지 발표자료 확인 부탁해요 @all');
    expect(result.items[0] && marked(result.items[0])).toEqual(['발표자료']);
  });

  it('names in a snippet only people the searcher shares a workspace with; anyone else reads as an unknown id', async () => {
    // stranger: only in a workspace of his own; loner: in none; 2147480000: nobody.
    const loner = await createUser(app, '홀로있음');
    const id = await message(
      meetingRoom,
      doyun,
      `<@${minji.userId}> 언급검사 <@${stranger.userId}> 하나 <@${loner.userId}> 둘 <@2147480000> 셋`,
    );
    const result = await found(doyun, { q: '언급검사', kind: 'message' });
    expect(keysOf(result, 'message')).toEqual([id]);
    const unknown = `@${ChatMessages.unknownSender}`;
    expect(result.items[0]?.snippet).toBe(
      `@김민지 언급검사 ${unknown} 하나 ${unknown} 둘 ${unknown} 셋`,
    );
    expect(result.items[0]?.snippet).not.toContain('최외부');
    expect(result.items[0]?.snippet).not.toContain('홀로있음');
  });

  it('takes LIKE wildcards literally', async () => {
    expect((await found(minji, { q: '%' })).total).toBe(0);
    expect((await found(minji, { q: '회_록' })).total).toBe(0); // not 회의록
    // An underscore is found where it is: 회의록_최종.pdf.
    expect(keysOf(await found(minji, { q: '_' }))).toEqual([ids.chatFile]);
  });
});

/** The rows of a raw statement (both drivers answer `{ rows }`). */
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

describe('search: indexes', () => {
  it('a three-syllable word can use the trigram index of migration 0020 (Hangul is indexed)', async () => {
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const result = await tx.execute(
        sql`EXPLAIN SELECT id FROM chat_messages WHERE search_compact(content) ILIKE ${'%회의록%'}`,
      );
      return JSON.stringify(rowsOf(result));
    });
    expect(plan).toContain('chat_messages_search_idx');
    const [row] = rowsOf(
      await db.execute(
        sql`SELECT show_trgm('회의록') AS grams, search_compact(${'주간 회의\n록'}) AS compact`,
      ),
    ) as { grams: unknown; compact: string }[];
    // pg_trgm takes Hangul for letters only under a ctype that knows it (C.UTF-8: PGlite's and
    // this PostgreSQL's; plain C would make none, and every search would scan).
    expect(String(row?.grams).length).toBeGreaterThan(4);
    expect(row?.compact).toBe('주간회의록');
  });
});

describe('search: paging and ranking', () => {
  it('pages one kind best first, newest first among equals, without repeats', async () => {
    const roomId = await room('페이지방', [minji]);
    const base = Date.now() - 60_000;
    const made: number[] = [];
    for (let n = 0; n < 25; n += 1) {
      made.push(await message(roomId, minji, `페이지 시험 ${n}`, new Date(base + n * 1000)));
    }
    const pages: number[][] = [];
    for (let page = 0; page < 3; page += 1) {
      const result = await found(minji, { q: '페이지 시험', kind: 'message', size: 10, page });
      expect(result.total).toBe(25);
      expect(result.hasMore).toBe(page < 2);
      pages.push(keysOf(result));
    }
    expect(pages.map((page) => page.length)).toEqual([10, 10, 5]);
    expect(pages.flat()).toEqual([...made].reverse());
  });

  it('merges kinds into one page and still counts every kind', async () => {
    const first = await found(minji, { q: '회의', size: 2 });
    const second = await found(minji, { q: '회의', size: 2, page: 1 });
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(Object.values(first.counts).reduce((a, b) => a + b, 0));
    expect(first.total).toBeGreaterThan(4);
    const keys = [...first.items, ...second.items].map((hit) => hit.key);
    expect(new Set(keys).size).toBe(4);
  });
});

describe('search: counts to a cap, bounded work for common words', () => {
  const cap = SearchLimits.countCap;

  /**
   * `count` messages in one statement, "<text> <n>", sent a minute apart in the order of n
   * (ending `endingAgo` ms ago), as ids are given: n = 1 is the oldest.
   */
  async function messages(roomId: number, text: string, count: number, endingAgo = 0) {
    const rows = await db.execute(
      sql`INSERT INTO chat_messages (room_id, sender_id, content, created_at)
        SELECT ${roomId}, ${minji.userId}, ${text} || ' ' || g,
          ${new Date(Date.now() - endingAgo).toISOString()}::timestamptz - (${count} - g) * interval '1 minute'
        FROM generate_series(1, ${count}) AS g ORDER BY g RETURNING id`,
    );
    return (rows as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
  }

  it('counts exactly up to the cap; more is the cap, flagged, on the kind and the total', async () => {
    const roomId = await room('한도방', [minji]);
    await messages(roomId, '한도검사', cap);
    await messages(roomId, '초과검사', cap + 1);
    expect(cap).toBe(1000);

    const exact = await found(minji, { q: '한도검사', kind: 'message', size: 5 });
    expect(exact.partial).toBe(false);
    expect(exact.counts.message).toBe(cap);
    expect(exact.cappedKinds).toEqual([]);
    expect(exact.total).toBe(cap);
    expect(exact.totalCapped).toBe(false);

    const over = await found(minji, { q: '초과검사', kind: 'message', size: 5 });
    expect(over.counts.message).toBe(cap);
    expect(over.cappedKinds).toEqual(['message']);
    expect(over.total).toBe(cap);
    expect(over.totalCapped).toBe(true);
    expect(over.hasMore).toBe(true);
    expect(over.partial).toBe(false);

    // Every kind: the capped count is in the sum, which is flagged too; a kind not asked is
    // counted the same way.
    const all = await found(minji, { q: '초과검사', size: 5 });
    expect(all.counts.message).toBe(cap);
    expect(all.cappedKinds).toEqual(['message']);
    expect(all.totalCapped).toBe(true);
    const other = await found(minji, { q: '초과검사', kind: 'post' });
    expect(other.counts.message).toBe(cap);
    expect(other.cappedKinds).toEqual(['message']);
    expect(other.total).toBe(0);
    expect(other.totalCapped).toBe(false);
    // Below the cap nothing changes: a few matches are counted exactly.
    const few = await found(minji, { q: '회의록', kind: 'message' });
    expect(few.cappedKinds).toEqual([]);
    expect(few.counts.message).toBe(few.items.length);
  });

  it('past the cap, pages are still newest first, each as ranking every match gives', async () => {
    const roomId = await room('최신방', [minji]);
    const made = await messages(roomId, '최신검사', cap + 200);
    const newest = [...made].reverse();
    for (const [page, size] of [
      [0, 5],
      [1, 5],
      [3, 7],
    ] as const) {
      const result = await found(minji, { q: '최신검사', kind: 'message', size, page });
      expect(result.cappedKinds).toEqual(['message']);
      expect(keysOf(result)).toEqual(newest.slice(page * size, (page + 1) * size));
    }
  });

  it('past the cap, an older match of the whole query still ranks above newer partial ones', async () => {
    const roomId = await room('별빛방', [minji]);
    // The whole query, "별빛 바다", in three old messages; both words, apart, in many newer ones.
    const old = await messages(roomId, '별빛 바다 옛날', 3, 10 * 24 * 3600 * 1000);
    const partial = await messages(roomId, '바다 별빛', cap + 100);
    const first = await found(minji, { q: '별빛 바다', kind: 'message', size: 2 });
    expect(first.cappedKinds).toEqual(['message']);
    // Every match was checked: the short texts are within the budget.
    expect(first.partial).toBe(false);
    expect(keysOf(first)).toEqual([old[2], old[1]]);
    const second = await found(minji, { q: '별빛 바다', kind: 'message', size: 2, page: 1 });
    expect(keysOf(second)).toEqual([old[0], partial[partial.length - 1]]);
  });
});

describe('search: a bounded cost whatever the data (decision 0033)', () => {
  /** About 4,000 characters (12 kB) of other text around `middle`. */
  const long = (middle: string) =>
    `${'가나다라마바사 아자차카 타파하 '.repeat(120)}${middle} ${'거너더러 머버서 어저처 '.repeat(120)}`;

  it('long texts holding two words everywhere but never as a phrase: the newest checked, ranked, flagged partial', async () => {
    const roomId = await room('긴글방', [minji]);
    // Sixty 12 kB messages, more than the budget (384 kB) checks: "별빛무리 … 바다풍경" apart.
    const made: number[] = [];
    for (let n = 0; n < 60; n += 1) {
      made.push(await message(roomId, minji, long(`별빛무리 ${n} 바다풍경`)));
    }
    // One of the newest holds the whole query: it ranks first.
    const phrase = await message(roomId, minji, long('별빛무리 바다풍경'));
    const newest = await message(roomId, minji, long('바다풍경 그리고 별빛무리'));
    const result = await found(minji, { q: '별빛무리 바다풍경', kind: 'message', size: 10 });
    expect(result.partial).toBe(true);
    // Fewer than every match were checked, and what was found is counted as found.
    expect(result.counts.message).toBeGreaterThan(10);
    expect(result.counts.message).toBeLessThan(made.length + 2);
    expect(result.cappedKinds).toEqual([]);
    // Ranked as ever: the whole query first, then the newest of the rest.
    expect(keysOf(result)).toEqual([phrase, newest, ...[...made].reverse().slice(0, 8)]);
    for (const hit of result.items) expect(marked(hit).sort()).toEqual(['바다풍경', '별빛무리']);

    // Every kind at once: the same flag on the merged answer.
    const all = await found(minji, { q: '별빛무리 바다풍경' });
    expect(all.partial).toBe(true);
    // An old match past what the budget reaches is not found, and the answer says so.
    const old = await found(minji, { q: '별빛무리 5 바다풍경', kind: 'message' });
    expect(old.partial).toBe(true);
    expect(keysOf(old)).not.toContain(made[5]);
    // A query the budget covers is complete.
    const rare = await found(minji, { q: '그리고', kind: 'message' });
    expect(rare.partial).toBe(false);
    expect(keysOf(rare)).toEqual([newest]);
  });

  it('a normal search is complete and says so', async () => {
    const result = await found(minji, { q: '회의록' });
    expect(result.partial).toBe(false);
    expect(keysOf(result, 'message')).toEqual([ids.message]);
  });
});

describe('search: bad input is a 4xx problem', () => {
  it.each([
    ['no query', {}],
    ['an empty query', { q: '   ' }],
    ['a query too long', { q: '가'.repeat(101) }],
    ['an unknown kind', { q: '회의', kind: 'everything' }],
    ['a negative page', { q: '회의', page: -1 }],
    ['a page too far', { q: '회의', page: 21 }],
    ['a size too big', { q: '회의', size: 51 }],
    ['a team id that is not a number', { q: '회의', teamId: 'abc' }],
    ['a person id that is not a number', { q: '회의', personId: 'abc' }],
    ['a day that is not a date', { q: '회의', from: '2026/01/01' }],
    ['a day that does not exist', { q: '회의', to: '2026-02-30' }],
    ['a day of year 0', { q: '회의', to: '0000-01-01' }],
    ['a day before 1970', { q: '회의', from: '1969-12-31' }],
    ['a range that ends before it starts', { q: '회의', from: '2026-03-02', to: '2026-03-01' }],
  ])('%s', async (_name, query) => {
    expectProblem(await search(minji, query), 400, 'VALIDATION_FAILED');
  });

  it.each([
    ['a repeated query', 'q=a&q=b'],
    ['a NUL in the query', 'q=%00'],
    ['a repeated kind', 'q=a&kind=post&kind=task'],
    ['a fractional page', 'q=a&page=1.5'],
  ])('%s', async (_name, raw) => {
    const response = await call(app, minji, 'GET', `/api/workspaces/${workspace.id}/search?${raw}`);
    expectProblem(response, 400, 'VALIDATION_FAILED');
  });

  it('a workspace id that is not a number', async () => {
    const response = await call(app, minji, 'GET', '/api/workspaces/abc/search?q=a');
    expectProblem(response, 400, 'VALIDATION_FAILED');
  });
});

describe('search: person and date filters', () => {
  it('finds only what the person wrote or sent; people and teams drop out', async () => {
    const byMinji = await found(owner, { q: '회의록', personId: minji.userId });
    expect(keysOf(byMinji, 'post')).toEqual([ids.designPost]);
    expect(keysOf(byMinji, 'comment')).toEqual([ids.comment]);
    expect(byMinji.counts.person).toBe(0);
    expect(byMinji.counts.team).toBe(0);
    // Doyun reads the room: minji's message there, not the file he sent himself.
    const inRoom = await found(doyun, { q: '회의록', personId: minji.userId });
    expect(keysOf(inRoom, 'message')).toEqual([ids.message]);
    expect(inRoom.counts.file).toBe(0);
    const his = await found(doyun, { q: '회의록', personId: doyun.userId });
    expect(keysOf(his, 'file')).toEqual([ids.chatFile]);
    expect(keysOf(his, 'message')).toEqual([ids.secretMessage]);
    // Filters never widen what may be read: the owner still finds no room he is not in.
    expect((await found(owner, { q: '회의록', personId: doyun.userId })).counts.message).toBe(0);
  });

  it('finds a task by the person it is assigned to', async () => {
    await db.insert(kanbanTaskAssignees).values({ taskId: ids.task, userId: minji.userId });
    const assigned = await found(owner, { q: 'API설계', personId: minji.userId, kind: 'task' });
    expect(keysOf(assigned)).toEqual([ids.task]);
    const other = await found(owner, { q: 'API설계', personId: doyun.userId, kind: 'task' });
    expect(other.total).toBe(0);
  });

  it('counts days in Korean time, the last day included', async () => {
    // 15:30 UTC on 15 January 2025 is 00:30 on the 16th in Seoul.
    const late = await message(
      meetingRoom,
      minji,
      '작년 회의록 메모',
      new Date('2025-01-15T15:30:00Z'),
    );
    const day = (from: string, to: string) => found(minji, { q: '회의록', from, to });
    expect(keysOf(await day('2025-01-16', '2025-01-16'))).toEqual([late]);
    expect((await day('2025-01-15', '2025-01-15')).total).toBe(0);
    const untilThen = await found(minji, { q: '회의록', to: '2025-01-16' });
    expect(keysOf(untilThen)).toEqual([late]);
    const since = await found(minji, { q: '회의록', from: '2025-01-17' });
    expect(keysOf(since, 'message')).toEqual([ids.message]);
    expect(since.items.length).toBeGreaterThan(1);
  });

  it('says what is wrong with a date in Korean', async () => {
    const reversed = await search(minji, { q: '회의', from: '2026-03-02', to: '2026-03-01' });
    expect(reversed.body).toContain(searchMessages.dateRangeReversed);
    expect((await search(minji, { q: '회의', from: '2026-13-01' })).body).toContain(
      searchMessages.dateInvalid,
    );
  });
});

describe('search: two-character words (migration 0023)', () => {
  it('finds 주간회의 by 회의 in the rooms the member is in, never across a space', async () => {
    const weekly = await message(meetingRoom, doyun, '주간회의 자료 올렸습니다');
    const split = await message(meetingRoom, doyun, '회 의 시간은 미정'); // the pair split by a space
    const secret = await message(secretRoom, doyun, '비밀방 주간회의 안건');
    const result = await found(minji, { q: '회의', kind: 'message', size: 50 });
    expect(keysOf(result)).toEqual(expect.arrayContaining([ids.message, weekly])); // 회의록을
    expect(keysOf(result)).not.toContain(split);
    expect(keysOf(result)).not.toContain(secret);
    expect(keysOf(result)).not.toContain(ids.deletedMessage);
    const hit = result.items.find((item) => item.id === weekly);
    expect(hit && marked(hit)).toEqual(['회의']);
    // The one in the room doyun is in alone is his.
    expect(keysOf(await found(doyun, { q: '회의', kind: 'message', size: 50 }))).toContain(secret);
  });

  it('finds them in every indexed kind and in file names (no index), case aside', async () => {
    const result = await found(minji, { q: '회의', size: 50 });
    expect(keysOf(result, 'post')).toEqual([ids.designPost]);
    expect(keysOf(result, 'comment')).toEqual([ids.comment]);
    expect(keysOf(result, 'schedule')).toEqual([ids.schedule]); // 3층 회의실
    expect(keysOf(result, 'file')).toEqual([ids.chatFile]); // 회의록_최종.pdf
    expect(keysOf(await found(minji, { q: 'aP', kind: 'task' }))).toEqual([ids.task]); // API설계
    expect(keysOf(await found(minji, { q: '공지', kind: 'announcement' }))).toEqual([
      ids.announcement,
    ]);
    expect(keysOf(await found(minji, { q: '초안', kind: 'comment' }))).toEqual([ids.taskComment]);
    // One character: no index, still found (a scan of what the other conditions leave).
    expect(keysOf(await found(minji, { q: '록', kind: 'post' }))).toEqual([ids.designPost]);
  });

  it('search_bigrams gives the lower-case pairs of the spaceless text', async () => {
    const [row] = rowsOf(
      await db.execute(
        sql`SELECT array_to_string(search_bigrams(${'주간 회의록을 API 회의'}), ',') AS grams,
          cardinality(search_bigrams(${'가'})) AS one, cardinality(search_bigrams(${''})) AS none`,
      ),
    ) as { grams: string; one: number; none: number }[];
    // A repeated pair (회의) may come twice: the index keeps each once.
    expect([...new Set(row?.grams.split(','))].sort()).toEqual(
      ['주간', '간회', '회의', '의록', '록을', '을a', 'ap', 'pi', 'i회'].sort(),
    );
    expect(Number(row?.one)).toBe(0);
    expect(Number(row?.none)).toBe(0);
  });

  it('a two-character word can use the bigram index on the very expression each source queries', async () => {
    const terms = prepareTerms('회의');
    const plans = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const explain = async (query: ReturnType<typeof sql>) =>
        JSON.stringify(rowsOf(await tx.execute(query)));
      return {
        messages: await explain(
          sql`EXPLAIN SELECT id FROM chat_messages WHERE ${matchesAll(sql`${chatMessages.content}`, terms, 'indexed')}`,
        ),
        posts: await explain(
          sql`EXPLAIN SELECT id FROM posts WHERE ${matchesAll(sql`${posts.title} || ' ' || ${posts.content}`, terms, 'indexed')}`,
        ),
        tasks: await explain(
          sql`EXPLAIN SELECT id FROM kanban_tasks WHERE ${matchesAll(sql`${kanbanTasks.subject} || ' ' || coalesce(${kanbanTasks.content}, '')`, terms, 'indexed')}`,
        ),
        unindexed: await explain(
          sql`EXPLAIN SELECT id FROM chat_attachments WHERE ${matchesAll(sql`${chatAttachments.originalName}`, terms, 'not indexed')}`,
        ),
      };
    });
    expect(plans.messages).toContain('chat_messages_bigram_idx');
    expect(plans.posts).toContain('posts_bigram_idx');
    expect(plans.tasks).toContain('kanban_tasks_bigram_idx');
    // A text without the index is never made to compute bigrams row by row.
    expect(plans.unindexed).not.toContain('search_bigrams');
  });
});

describe('search: spaceless text without a regular expression (migration 0024)', () => {
  /** Korean, English, mixed, punctuation and every kind of white space, alone and together. */
  const inputs = [
    '',
    ' ',
    '회의록',
    '주간 회의록을 공유드립니다',
    '주간회의 자료 올렸습니다',
    '  앞뒤  공백  ',
    'API 설계 문서',
    'API설계',
    'Hello, World! It’s 3 p.m. — OK?',
    '코드 리뷰: PR #42 (v1.2.3) 확인 부탁드립니다!!',
    '탭\t줄바꿈\n세로탭\u000b폼피드\f캐리지\r끝',
    '\r\n\t \u000b\f',
    '전각\u3000공백',
    'em\u2003space en\u2002space thin\u2009hair\u200a',
    '\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2008\u2009\u200a',
    '줄\u2028문단\u2029수학\u205f공백',
    // Not white space to either definition: no-break spaces, figure space, zero widths.
    'no\u00a0break\u202fnarrow\u2007figure\u200bzero\ufeffbom',
    '‘따옴표’ “큰따옴표” …말줄임 •점 ㄱㅁㅈ ㅋㅋㅋ',
    '이모지 🎉 축하 👍🏻 좋아요',
    '%_\\ 와일드카드 % _ \\',
    'ÀÉÎ õü ß Straße İstanbul',
    '中文 日本語 한국어 mixed 123',
    'a',
    '가 나',
    `${'긴 문장 반복 '.repeat(200)}끝`,
  ];
  // `\s` matched U+0085 on PGlite only and U+1680 on PostgreSQL (glibc) only: both are removed
  // now, on both. The old definitions are given them as spaces so they answer what is meant.
  const asSpaces = (input: string) => input.replace(/[\u0085\u1680]/gu, ' ');
  const textArray = (values: string[]) =>
    sql`ARRAY[${sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    )}]::text[]`;

  it('search_compact and search_bigrams answer what the regular-expression definitions did', async () => {
    const all = [...inputs, 'nel\u0085ogham\u1680끝', '\u0085\u1680'];
    const rows = rowsOf(
      await db.execute(sql`
        SELECT input.ord,
          search_compact(input.value) AS compact,
          regexp_replace(input.old, '\\s+', '', 'g') AS old_compact,
          array_to_string(search_bigrams(input.value), '|') AS grams,
          array_to_string(ARRAY(
            SELECT substr(spaceless, i, 2) FROM generate_series(1, char_length(spaceless) - 1) AS i ORDER BY i
          ), '|') AS old_grams
        FROM unnest(${textArray(all)}, ${textArray(all.map(asSpaces))}) WITH ORDINALITY AS input(value, old, ord),
          LATERAL (SELECT lower(regexp_replace(input.old, '\\s+', '', 'g')) AS spaceless) AS old
        ORDER BY input.ord`),
    ) as { compact: string; old_compact: string; grams: string; old_grams: string }[];
    expect(rows).toHaveLength(all.length);
    for (const [index, row] of rows.entries()) {
      expect({ input: all[index], compact: row.compact, grams: row.grams }).toEqual({
        input: all[index],
        compact: row.old_compact,
        grams: row.old_grams,
      });
    }
    // And what they are, whatever the engine's regular expressions think of white space.
    expect(rows.map((row) => row.compact).slice(-2)).toEqual(['nelogham끝', '']);
    expect(rows[3]?.compact).toBe('주간회의록을공유드립니다');
    expect(rows[16]?.compact).toBe('no\u00a0break\u202fnarrow\u2007figure\u200bzero\ufeffbom');
  });

  it('both stay immutable, and the rebuilt indexes are valid', async () => {
    const functions = rowsOf(
      await db.execute(sql`
        SELECT p.proname, p.provolatile, l.lanname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
        WHERE p.proname IN ('search_compact', 'search_bigrams') ORDER BY p.proname`),
    );
    expect(functions).toEqual([
      { proname: 'search_bigrams', provolatile: 'i', lanname: 'plpgsql' },
      { proname: 'search_compact', provolatile: 'i', lanname: 'plpgsql' },
    ]);
    const indexes = rowsOf(
      await db.execute(sql`
        SELECT c.relname, i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE c.relname LIKE '%\_search\_idx' OR c.relname LIKE '%\_bigram\_idx'`),
    ) as { relname: string; indisvalid: boolean }[];
    expect(indexes).toHaveLength(14);
    expect(indexes.every((index) => index.indisvalid)).toBe(true);
  });
});

describe('search: chat indexes merge their pending lists early (migration 0025)', () => {
  it('both chat search indexes merge at 256 kB; the other tables keep the default', async () => {
    const rows = rowsOf(
      await db.execute(
        sql`SELECT c.relname AS name, array_to_string(c.reloptions, ',') AS options
          FROM pg_class c
          WHERE c.relname IN ('chat_messages_search_idx', 'chat_messages_bigram_idx',
            'posts_search_idx', 'posts_bigram_idx')
          ORDER BY c.relname`,
      ),
    );
    expect(rows).toEqual([
      { name: 'chat_messages_bigram_idx', options: 'gin_pending_list_limit=256' },
      { name: 'chat_messages_search_idx', options: 'gin_pending_list_limit=256' },
      { name: 'posts_bigram_idx', options: null },
      { name: 'posts_search_idx', options: null },
    ]);
  });
});

describe('search: particles, team descriptions, phrases and rooms (issue 41)', () => {
  it('a word with a particle finds what its stem finds, the exact form first', async () => {
    const roomId = await room('조사방', [minji]);
    const plain = await message(roomId, minji, '회의 시간이 바뀌었어요');
    const exact = await message(roomId, minji, '회의를 내일 합니다');
    const withParticle = await found(minji, { q: '회의를', kind: 'message', size: 50 });
    const stem = await found(minji, { q: '회의', kind: 'message', size: 50 });
    expect(keysOf(withParticle)).toContain(plain);
    expect(keysOf(withParticle).sort()).toEqual(keysOf(stem).sort());
    expect(withParticle.items[0]?.id).toBe(exact);
    expect(withParticle.query).toBe('회의를');
  });

  it('finds a team by its description, with the words marked in a snippet; never a team one is not in', async () => {
    await db
      .update(teams)
      .set({ description: '브랜드 가이드와 로고 작업을 맡습니다' })
      .where(eq(teams.id, design.id));
    const result = await found(minji, { q: '로고', kind: 'team' });
    expect(keysOf(result)).toEqual([design.id]);
    const [hit] = result.items;
    expect(hit && marked(hit)).toEqual(['로고']);
    // A word of the name and one of the description together.
    expect(keysOf(await found(minji, { q: '디자인 브랜드', kind: 'team' }))).toEqual([design.id]);
    expect(keysOf(await found(doyun, { q: '로고', kind: 'team' }))).toEqual([]);
  });

  it('a quoted phrase matches its words adjacent and in order, not quotation marks', async () => {
    const adjacent = await insertPost(design.id, minji.userId, '정리', '이번 주간 회의록 정리');
    const apart = await insertPost(design.id, minji.userId, '메모', '주간 일정과 회의록 메모');
    const quoted = await found(minji, { q: '"주간 회의록"', kind: 'post', size: 50 });
    expect(keysOf(quoted)).toContain(adjacent);
    expect(keysOf(quoted)).not.toContain(apart);
    expect(keysOf(quoted)).not.toContain(ids.designPost); // 주간회의 회의록: not adjacent
    const [hit] = quoted.items.filter((item) => item.id === adjacent);
    expect(hit && marked(hit)).toEqual(['주간 회의록']);
    // Unquoted, the words may be anywhere, as before.
    const words = keysOf(await found(minji, { q: '주간 회의록', kind: 'post', size: 50 }));
    expect(words).toEqual(expect.arrayContaining([adjacent, apart, ids.designPost]));
  });

  it('finds the rooms one is in by name, never a room one is not in', async () => {
    expect(keysOf(await found(minji, { q: '회의방', kind: 'room' }))).toEqual([meetingRoom]);
    const secret = await found(minji, { q: '비밀방', size: 50 });
    expect(secret.counts.room).toBe(0);
    expect(keysOf(secret, 'room')).toEqual([]);
    expect(keysOf(await found(doyun, { q: '비밀방', kind: 'room' }))).toEqual([secretRoom]);
    expect(keysOf(await found(owner, { q: '방', kind: 'room' }))).toEqual([]);
    const [hit] = (await found(minji, { q: '회의방', kind: 'room' })).items;
    expect(hit?.target).toEqual({ roomId: meetingRoom });
  });

  it('in:방이름 and roomId search one room of one’s own; a room one is not in finds nothing', async () => {
    const other = await room('다른방', [minji]);
    const elsewhere = await message(other, minji, '다른방에 올린 회의록');
    const everywhere = await found(minji, { q: '회의록', kind: 'message', size: 50 });
    expect(keysOf(everywhere)).toEqual(expect.arrayContaining([ids.message, elsewhere]));

    const inMeeting = await found(minji, { q: '회의록 in:회의방', size: 50 });
    expect(keysOf(inMeeting, 'message')).toContain(ids.message);
    expect(keysOf(inMeeting, 'message')).not.toContain(elsewhere);
    expect(keysOf(inMeeting, 'file')).toEqual([ids.chatFile]);
    expect(inMeeting.counts).toMatchObject({ post: 0, comment: 0, team: 0, room: 0 });
    const byId = await found(minji, { q: '회의록', roomId: other, size: 50 });
    expect(keysOf(byId, 'message')).toEqual([elsewhere]);
    expect(byId.total).toBe(1);

    // 비밀방 is doyun's alone: by name it finds nothing for minji, by id it is refused as one
    // that does not exist is.
    expect((await found(minji, { q: '회의록 in:비밀방', size: 50 })).total).toBe(0);
    expect(keysOf(await found(doyun, { q: '회의록 in:비밀방' }), 'message')).toEqual([
      ids.secretMessage,
    ]);
    expectProblem(await search(minji, { q: '회의록', roomId: secretRoom }), 403, 'CHAT_NOT_MEMBER');
    expectProblem(await search(minji, { q: '회의록', roomId: 999_999 }), 403, 'CHAT_NOT_MEMBER');
  });
});
