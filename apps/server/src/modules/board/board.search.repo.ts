import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { announcements, attachments, boards, postComments, posts, teams } from '../../db/schema';
import { rankedSearch, withinFilters } from '../../platform/search/search-sql.repo';
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
    const { total, capped, partial, rows } = await rankedSearch(db, scope, terms, {
      limit,
      id: announcements.id,
      text: announcementText,
      indexed: 'indexed',
      title: sql`${announcements.title}`,
      createdAt: sql`${announcements.createdAt}`,
      scan: (fields, where) =>
        db
          .select(fields)
          .from(announcements)
          .where(
            and(
              inArray(announcements.teamId, [...teamIds]),
              withinFilters(scope, {
                person: announcements.authorId,
                createdAt: announcements.createdAt,
              }),
              where,
            ),
          ),
      rows: (ids) =>
        db
          .select({ row: announcements, teamName: teams.name })
          .from(announcements)
          .innerJoin(teams, eq(teams.id, announcements.teamId))
          .where(inArray(announcements.id, ids)),
      idOf: ({ row }) => row.id,
      topRelevance: 3,
    });
    return {
      total,
      capped,
      partial,
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
    const { total, capped, partial, rows } = await rankedSearch(db, scope, terms, {
      limit,
      id: posts.id,
      text: postText,
      indexed: 'indexed',
      title: sql`${posts.title}`,
      createdAt: sql`${posts.createdAt}`,
      scan: (fields, where) =>
        db
          .select(fields)
          .from(posts)
          .innerJoin(boards, eq(boards.id, posts.boardId))
          .where(
            and(
              inArray(boards.teamId, [...teamIds]),
              withinFilters(scope, { person: posts.authorId, createdAt: posts.createdAt }),
              where,
            ),
          ),
      rows: (ids) =>
        db
          .select({ row: posts, teamId: boards.teamId, teamName: teams.name })
          .from(posts)
          .innerJoin(boards, eq(boards.id, posts.boardId))
          .innerJoin(teams, eq(teams.id, boards.teamId))
          .where(inArray(posts.id, ids)),
      idOf: ({ row }) => row.id,
      topRelevance: 3,
    });
    return {
      total,
      capped,
      partial,
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
    const { total, capped, partial, rows } = await rankedSearch(db, scope, terms, {
      limit,
      id: postComments.id,
      text: commentText,
      indexed: 'indexed',
      title: sql`''`,
      createdAt: sql`${postComments.createdAt}`,
      scan: (fields, where) =>
        db
          .select(fields)
          .from(postComments)
          .innerJoin(posts, eq(posts.id, postComments.postId))
          .innerJoin(boards, eq(boards.id, posts.boardId))
          .where(
            and(
              inArray(boards.teamId, [...teamIds]),
              withinFilters(scope, {
                person: postComments.authorId,
                createdAt: postComments.createdAt,
              }),
              where,
            ),
          ),
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
      topRelevance: 2,
    });
    return {
      total,
      capped,
      partial,
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
    const { total, capped, partial, rows } = await rankedSearch(db, scope, terms, {
      limit,
      id: attachments.id,
      text: name,
      indexed: 'not indexed',
      title: name,
      createdAt: sql`${attachments.createdAt}`,
      scan: (fields, where) =>
        db
          .select(fields)
          .from(attachments)
          .innerJoin(posts, eq(posts.id, attachments.postId))
          .innerJoin(boards, eq(boards.id, posts.boardId))
          .where(
            and(
              inArray(boards.teamId, [...teamIds]),
              withinFilters(scope, {
                person: attachments.uploaderId,
                createdAt: attachments.createdAt,
              }),
              where,
            ),
          ),
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
      partial,
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
