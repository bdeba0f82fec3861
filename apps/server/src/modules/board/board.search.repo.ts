import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { announcements, attachments, boards, postComments, posts, teams } from '../../db/schema';
import {
  matchesAll,
  rankedSearch,
  scoreOf,
  withinFilters,
} from '../../platform/search/search-sql.repo';
import { NO_RESULTS, searchedTeams, type SearchSource } from '../../platform/search/search-source';

// Each text below is the expression its table's trigram and bigram indexes are built on
// (migrations 0020 and 0023).
const announcementText = sql`${announcements.title} || ' ' || ${announcements.content}`;
const postText = sql`${posts.title} || ' ' || ${posts.content}`;
const commentText = sql`${postComments.content}`;

export const announcementSearch: SearchSource = {
  kind: 'announcement',
  async search(db: Db, scope, terms, limit) {
    const teamIds = searchedTeams(scope);
    if (teamIds.length === 0) return NO_RESULTS;
    const score = scoreOf(
      announcementText,
      sql`${announcements.title}`,
      sql`${announcements.createdAt}`,
      terms,
      scope.now,
    );
    const { total, capped, rows } = await rankedSearch(db, {
      limit,
      hits: (extra, count, ordered) =>
        db
          .select({ id: announcements.id, score })
          .from(announcements)
          .where(
            and(
              inArray(announcements.teamId, [...teamIds]),
              matchesAll(announcementText, terms, 'indexed'),
              withinFilters(scope, {
                person: announcements.authorId,
                createdAt: announcements.createdAt,
              }),
              extra,
            ),
          )
          .orderBy(...(ordered ? [desc(sql`score`), desc(announcements.id)] : []))
          .limit(count),
      rows: (ids) =>
        db
          .select({ row: announcements, teamName: teams.name })
          .from(announcements)
          .innerJoin(teams, eq(teams.id, announcements.teamId))
          .where(inArray(announcements.id, ids)),
      idOf: ({ row }) => row.id,
      newestFirst: { id: announcements.id, topRelevance: 3 },
    });
    return {
      total,
      capped,
      rows: rows.map(({ row: { row, teamName }, score }) => ({
        id: row.id,
        title: row.title,
        text: row.content,
        context: teamName,
        createdAt: row.createdAt,
        target: { teamId: row.teamId, announcementId: row.id },
        score,
      })),
    };
  },
};

export const postSearch: SearchSource = {
  kind: 'post',
  async search(db: Db, scope, terms, limit) {
    const teamIds = searchedTeams(scope);
    if (teamIds.length === 0) return NO_RESULTS;
    const score = scoreOf(postText, sql`${posts.title}`, sql`${posts.createdAt}`, terms, scope.now);
    const { total, capped, rows } = await rankedSearch(db, {
      limit,
      hits: (extra, count, ordered) =>
        db
          .select({ id: posts.id, score })
          .from(posts)
          .innerJoin(boards, eq(boards.id, posts.boardId))
          .where(
            and(
              inArray(boards.teamId, [...teamIds]),
              matchesAll(postText, terms, 'indexed'),
              withinFilters(scope, { person: posts.authorId, createdAt: posts.createdAt }),
              extra,
            ),
          )
          .orderBy(...(ordered ? [desc(sql`score`), desc(posts.id)] : []))
          .limit(count),
      rows: (ids) =>
        db
          .select({ row: posts, teamId: boards.teamId, teamName: teams.name })
          .from(posts)
          .innerJoin(boards, eq(boards.id, posts.boardId))
          .innerJoin(teams, eq(teams.id, boards.teamId))
          .where(inArray(posts.id, ids)),
      idOf: ({ row }) => row.id,
      newestFirst: { id: posts.id, topRelevance: 3 },
    });
    return {
      total,
      capped,
      rows: rows.map(({ row: { row, teamId, teamName }, score }) => ({
        id: row.id,
        title: row.title,
        text: row.content,
        context: teamName,
        createdAt: row.createdAt,
        target: { teamId, postId: row.id },
        score,
      })),
    };
  },
};

export const postCommentSearch: SearchSource = {
  kind: 'comment',
  async search(db: Db, scope, terms, limit) {
    const teamIds = searchedTeams(scope);
    if (teamIds.length === 0) return NO_RESULTS;
    const score = scoreOf(commentText, sql`''`, sql`${postComments.createdAt}`, terms, scope.now);
    const { total, capped, rows } = await rankedSearch(db, {
      limit,
      hits: (extra, count, ordered) =>
        db
          .select({ id: postComments.id, score })
          .from(postComments)
          .innerJoin(posts, eq(posts.id, postComments.postId))
          .innerJoin(boards, eq(boards.id, posts.boardId))
          .where(
            and(
              inArray(boards.teamId, [...teamIds]),
              matchesAll(commentText, terms, 'indexed'),
              withinFilters(scope, {
                person: postComments.authorId,
                createdAt: postComments.createdAt,
              }),
              extra,
            ),
          )
          .orderBy(...(ordered ? [desc(sql`score`), desc(postComments.id)] : []))
          .limit(count),
      rows: (ids) =>
        db
          .select({
            row: postComments,
            postTitle: posts.title,
            teamId: boards.teamId,
            teamName: teams.name,
          })
          .from(postComments)
          .innerJoin(posts, eq(posts.id, postComments.postId))
          .innerJoin(boards, eq(boards.id, posts.boardId))
          .innerJoin(teams, eq(teams.id, boards.teamId))
          .where(inArray(postComments.id, ids)),
      idOf: ({ row }) => row.id,
      newestFirst: { id: postComments.id, topRelevance: 2 },
    });
    return {
      total,
      capped,
      rows: rows.map(({ row: { row, postTitle, teamId, teamName }, score }) => ({
        id: row.id,
        title: postTitle,
        text: row.content,
        context: teamName,
        createdAt: row.createdAt,
        target: { teamId, postId: row.postId, commentId: row.id },
        score,
      })),
    };
  },
};

/** Post attachments by name (few per team: no index). */
export const postFileSearch: SearchSource = {
  kind: 'file',
  async search(db: Db, scope, terms, limit) {
    const teamIds = searchedTeams(scope);
    if (teamIds.length === 0) return NO_RESULTS;
    const name = sql`${attachments.originalName}`;
    const score = scoreOf(name, name, sql`${attachments.createdAt}`, terms, scope.now);
    const { total, capped, rows } = await rankedSearch(db, {
      limit,
      hits: (_extra, count, ordered) =>
        db
          .select({ id: attachments.id, score })
          .from(attachments)
          .innerJoin(posts, eq(posts.id, attachments.postId))
          .innerJoin(boards, eq(boards.id, posts.boardId))
          .where(
            and(
              inArray(boards.teamId, [...teamIds]),
              matchesAll(name, terms, 'not indexed'),
              withinFilters(scope, {
                person: attachments.uploaderId,
                createdAt: attachments.createdAt,
              }),
            ),
          )
          .orderBy(...(ordered ? [desc(sql`score`), desc(attachments.id)] : []))
          .limit(count),
      rows: (ids) =>
        db
          .select({
            row: attachments,
            postTitle: posts.title,
            teamId: boards.teamId,
            teamName: teams.name,
          })
          .from(attachments)
          .innerJoin(posts, eq(posts.id, attachments.postId))
          .innerJoin(boards, eq(boards.id, posts.boardId))
          .innerJoin(teams, eq(teams.id, boards.teamId))
          .where(inArray(attachments.id, ids)),
      idOf: ({ row }) => row.id,
    });
    return {
      total,
      capped,
      rows: rows.map(({ row: { row, postTitle, teamId, teamName }, score }) => ({
        id: row.id,
        title: row.originalName,
        text: row.originalName,
        context: `${teamName} · ${postTitle}`,
        createdAt: row.createdAt,
        target: { teamId, postId: row.postId },
        score,
      })),
    };
  },
};
