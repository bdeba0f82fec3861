import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';

/* The search bench's own SQL (bench/search.bench.ts): its seed, the search indexes it drops and
 * builds, and the statistics. The search-cost bench analyses with `analyzeAll` too. */

const migrations = path.resolve(import.meta.dirname, '../apps/server/drizzle');

/** Work-chat vocabulary the content is made of (no quotes: it is written into SQL as it is). */
const WORDS =
  `회의 주간회의 회의록 회의실 일정 확인 부탁드립니다 오늘 내일 오전 오후 점심 저녁 다음주 이번주
설계 API 서버 배포 테스트 코드 리뷰 검토 문서 작성 정리 공유 업데이트 요청 수정 완료 진행 중입니다
디자인 시안 화면 버튼 색상 로그인 회원가입 결제 알림 채팅 게시판 칸반 일정표 프로젝트 마감 발표 자료
고객 미팅 전화 메일 보내드렸어요 받았습니다 감사합니다 네 좋아요 알겠습니다 잠시만요 지금 바로 나중에
데이터베이스 인덱스 성능 속도 개선 버그 이슈 해결 원인 분석 로그 에러 장애 복구 모니터링 서비스
기획 요구사항 정의 범위 우선순위 스프린트 백로그 회고 데모 준비 계획 목표 결과 보고 예산 비용
팀장님 대리님 선배 후배 모두 다들 같이 함께 따로 먼저 다시 계속 거의 아직 이미 벌써 혹시 정말
올려주세요 봐주세요 알려주세요 정리해서 올릴게요 확인했습니다 반영했습니다 수정했어요 말씀드릴게요 공유드립니다
클라이언트 프론트엔드 백엔드 모바일 웹 앱 브라우저 캐시 토큰 세션 권한 설정 환경 빌드 배포판 릴리스
휴가 출장 재택 출근 퇴근 야근 주말 월요일 화요일 수요일 목요일 금요일 커피 식사 간식 택배 주차`
    .split(/\s+/u)
    .filter(Boolean);

/**
 * A SQL expression for `min`..`max` words of the list, chosen by hashing `seed` (an integer
 * expression): deterministic, so both engines and both copies hold the same text.
 */
function phrase(seed: string, min: number, max: number) {
  const pick = (k: string) =>
    `(ARRAY[${WORDS.map((word) => `'${word}'`).join(',')}]::text[])[1 + abs(hashint4(((${seed}) * 64 + ${k})::int)::bigint) % ${WORDS.length}]`;
  return `(SELECT array_to_string(ARRAY(SELECT ${pick('k')} FROM generate_series(1, ${min} + abs(hashint4(${seed})::bigint) % ${max - min + 1}) AS k), ' '))`;
}

/**
 * The CREATE INDEX statements of the search migrations, and their index names. Migration 0024
 * only redefines the functions they call and rebuilds them: the statements are 0020's and 0023's.
 */
export async function searchIndexes() {
  const statements: string[] = [];
  for (const file of ['0020_search.sql', '0023_search_bigrams.sql']) {
    const text = await fs.readFile(path.join(migrations, file), 'utf8');
    statements.push(
      ...text
        .split('--> statement-breakpoint')
        .map((part) => part.trim())
        .filter((part) => part.startsWith('CREATE INDEX')),
    );
  }
  const names = statements.map((statement) => /CREATE INDEX "(\w+)"/u.exec(statement)?.[1] ?? '');
  if (statements.length !== 14 || names.some((name) => !name)) {
    throw new Error(`expected 14 search indexes, found ${statements.length}`);
  }
  return { statements, names };
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

export async function addTeamMember(db: Db, teamId: number, userId: number) {
  await db.execute(sql`INSERT INTO team_members (team_id, user_id) VALUES (${teamId}, ${userId})`);
}

/** The boards and kanbans made with these teams, in id order. */
export async function boardsAndKanbansOf(db: Db, teams: number[]) {
  const teamList = `ARRAY[${teams.join(',')}]`;
  const idsOf = async (table: 'boards' | 'kanbans') =>
    rowsOf(
      await db.execute(
        sql.raw(`SELECT id FROM ${table} WHERE team_id = ANY(${teamList}) ORDER BY id`),
      ),
    ).map((row) => Number(row.id));
  return { boardIds: await idsOf('boards'), kanbanIds: await idsOf('kanbans') };
}

export async function addKanbanList(db: Db, kanbanId: number): Promise<number> {
  const [row] = rowsOf(
    await db.execute(
      sql`INSERT INTO kanban_lists (kanban_id, name, position) VALUES (${kanbanId}, '할 일', 'a0') RETURNING id`,
    ),
  );
  return Number(row?.id);
}

export async function dropIndexes(db: Db, names: string[]) {
  for (const name of names) await db.execute(sql.raw(`DROP INDEX "${name}"`));
}

export async function runStatements(db: Db, statements: string[]) {
  for (const statement of statements) await db.execute(sql.raw(statement));
}

/** The bulk content: messages, posts, comments and tasks made of WORDS, spread over the ids. */
export async function writeBulkContent(
  db: Db,
  {
    rooms,
    boardIds,
    listIds,
    ownerId,
    ...size
  }: {
    rooms: number[];
    boardIds: number[];
    listIds: number[];
    ownerId: number;
    messages: number;
    posts: number;
    comments: number;
    tasks: number;
  },
) {
  const pickOf = (list: number[], seed: string) =>
    `(ARRAY[${list.join(',')}])[1 + (${seed}) % ${list.length}]`;
  await db.execute(
    sql.raw(`INSERT INTO chat_messages (room_id, sender_id, content, created_at)
      SELECT ${pickOf(rooms, 'g')}, ${ownerId}, ${phrase('g', 3, 9)},
        now() - (${size.messages} - g) * interval '15 seconds'
      FROM generate_series(1, ${size.messages}) AS g`),
  );
  await db.execute(
    sql.raw(`INSERT INTO posts (board_id, author_id, title, content, created_at)
      SELECT ${pickOf(boardIds, 'g')}, ${ownerId}, ${phrase('g + 1000000', 2, 6)},
        ${phrase('g + 2000000', 15, 40)}, now() - (${size.posts} - g) * interval '5 minutes'
      FROM generate_series(1, ${size.posts}) AS g`),
  );
  await db.execute(
    sql.raw(`INSERT INTO post_comments (post_id, author_id, content, created_at)
      SELECT (SELECT min(id) FROM posts) + (g * 7919) % ${size.posts}, ${ownerId},
        ${phrase('g + 3000000', 3, 12)}, now() - (${size.comments} - g) * interval '3 minutes'
      FROM generate_series(1, ${size.comments}) AS g`),
  );
  await db.execute(
    sql.raw(`INSERT INTO kanban_tasks (list_id, subject, content, position, created_at)
      SELECT ${pickOf(listIds, 'g')}, ${phrase('g + 4000000', 2, 5)},
        ${phrase('g + 5000000', 5, 15)}, 'a' || lpad(g::text, 6, '0'),
        now() - (${size.tasks} - g) * interval '4 minutes'
      FROM generate_series(1, ${size.tasks}) AS g`),
  );
}

/** How many chat messages `userId` may read (in the rooms they are in). */
export async function messagesReadableBy(db: Db, userId: number): Promise<number> {
  const [row] = rowsOf(
    await db.execute(
      sql`SELECT count(*)::int AS n FROM chat_messages m JOIN chat_room_members r ON r.room_id = m.room_id AND r.user_id = ${userId}`,
    ),
  );
  return Number(row?.n);
}

/**
 * Statistics of every table, as a production database has them, without the server's statement
 * timeout (decision 0031), which an ANALYZE of a large database can outlast.
 */
export async function analyzeAll(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    await tx.execute(sql`ANALYZE`);
  });
}
