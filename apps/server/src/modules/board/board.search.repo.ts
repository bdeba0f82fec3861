import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { announcements, attachments, boards, postComments, posts, teams } from '../../db/schema';
import {
  matchesAll,
  scoreOf,
  totalOver,
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
    const rows = await db
      .select({ row: announcements, teamName: teams.name, score, total: totalOver() })
      .from(announcements)
      .innerJoin(teams, eq(teams.id, announcements.teamId))
      .where(
        and(
          inArray(announcements.teamId, [...teamIds]),
          matchesAll(announcementText, terms, 'indexed'),
          withinFilters(scope, {
            person: announcements.authorId,
            createdAt: announcements.createdAt,
          }),
        ),
      )
      .orderBy(desc(sql`score`), desc(announcements.id))
      .limit(limit);
    return {
      total: rows[0]?.total ?? 0,
      rows: rows.map(({ row, teamName, score: value }) => ({
        id: row.id,
        title: row.title,
        text: row.content,
        context: teamName,
        createdAt: row.createdAt,
        target: { teamId: row.teamId, announcementId: row.id },
        score: value,
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
    const rows = await db
      .select({
        row: posts,
        teamId: boards.teamId,
        teamName: teams.name,
        score,
        total: totalOver(),
      })
      .from(posts)
      .innerJoin(boards, eq(boards.id, posts.boardId))
      .innerJoin(teams, eq(teams.id, boards.teamId))
      .where(
        and(
          inArray(boards.teamId, [...teamIds]),
          matchesAll(postText, terms, 'indexed'),
          withinFilters(scope, { person: posts.authorId, createdAt: posts.createdAt }),
        ),
      )
      .orderBy(desc(sql`score`), desc(posts.id))
      .limit(limit);
    return {
      total: rows[0]?.total ?? 0,
      rows: rows.map(({ row, teamId, teamName, score: value }) => ({
        id: row.id,
        title: row.title,
        text: row.content,
        context: teamName,
        createdAt: row.createdAt,
        target: { teamId, postId: row.id },
        score: value,
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
    const rows = await db
      .select({
        row: postComments,
        postTitle: posts.title,
        teamId: boards.teamId,
        teamName: teams.name,
        score,
        total: totalOver(),
      })
      .from(postComments)
      .innerJoin(posts, eq(posts.id, postComments.postId))
      .innerJoin(boards, eq(boards.id, posts.boardId))
      .innerJoin(teams, eq(teams.id, boards.teamId))
      .where(
        and(
          inArray(boards.teamId, [...teamIds]),
          matchesAll(commentText, terms, 'indexed'),
          withinFilters(scope, {
            person: postComments.authorId,
            createdAt: postComments.createdAt,
          }),
        ),
      )
      .orderBy(desc(sql`score`), desc(postComments.id))
      .limit(limit);
    return {
      total: rows[0]?.total ?? 0,
      rows: rows.map(({ row, postTitle, teamId, teamName, score: value }) => ({
        id: row.id,
        title: postTitle,
        text: row.content,
        context: teamName,
        createdAt: row.createdAt,
        target: { teamId, postId: row.postId, commentId: row.id },
        score: value,
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
    const rows = await db
      .select({
        row: attachments,
        postTitle: posts.title,
        teamId: boards.teamId,
        teamName: teams.name,
        score,
        total: totalOver(),
      })
      .from(attachments)
      .innerJoin(posts, eq(posts.id, attachments.postId))
      .innerJoin(boards, eq(boards.id, posts.boardId))
      .innerJoin(teams, eq(teams.id, boards.teamId))
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
      .orderBy(desc(sql`score`), desc(attachments.id))
      .limit(limit);
    return {
      total: rows[0]?.total ?? 0,
      rows: rows.map(({ row, postTitle, teamId, teamName, score: value }) => ({
        id: row.id,
        title: row.originalName,
        text: row.originalName,
        context: `${teamName} · ${postTitle}`,
        createdAt: row.createdAt,
        target: { teamId, postId: row.postId },
        score: value,
      })),
    };
  },
};
