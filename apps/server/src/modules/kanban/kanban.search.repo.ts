import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  kanbanLists,
  kanbans,
  kanbanTaskAssignees,
  kanbanTaskComments,
  kanbanTasks,
  teams,
} from '../../db/schema';
import { rankedSearch, withinFilters } from '../../platform/search/search-sql.repo';
import { NO_RESULTS, searchedTeams, type SearchSource } from '../../platform/search/search-source';

// The expressions the trigram and bigram indexes of migrations 0020 and 0023 are built on.
const taskText = sql`${kanbanTasks.subject} || ' ' || coalesce(${kanbanTasks.content}, '')`;
const commentText = sql`${kanbanTaskComments.content}`;

/** A task's person, for the person filter: nobody writes a task alone, it is assigned. */
const assignedTo = (userId: number) =>
  sql`EXISTS (SELECT 1 FROM ${kanbanTaskAssignees} WHERE ${kanbanTaskAssignees.taskId} = ${kanbanTasks.id} AND ${kanbanTaskAssignees.userId} = ${userId})`;

export const taskSearch: SearchSource = {
  kind: 'task',
  async search(db: Db, scope, terms, limit) {
    const teamIds = searchedTeams(scope);
    if (teamIds.length === 0) return NO_RESULTS;
    const { total, capped, partial, rows } = await rankedSearch(db, scope, terms, {
      limit,
      id: kanbanTasks.id,
      text: taskText,
      indexed: 'indexed',
      title: sql`${kanbanTasks.subject}`,
      createdAt: sql`${kanbanTasks.createdAt}`,
      scan: (fields, where) =>
        db
          .select(fields)
          .from(kanbanTasks)
          .innerJoin(kanbanLists, eq(kanbanLists.id, kanbanTasks.listId))
          .innerJoin(kanbans, eq(kanbans.id, kanbanLists.kanbanId))
          .where(
            and(
              inArray(kanbans.teamId, teamIds),
              withinFilters(scope, { person: assignedTo, createdAt: kanbanTasks.createdAt }),
              where,
            ),
          ),
      rows: (ids) =>
        db
          .select({
            id: kanbanTasks.id,
            subject: kanbanTasks.subject,
            content: kanbanTasks.content,
            createdAt: kanbanTasks.createdAt,
            teamId: kanbans.teamId,
            teamName: teams.name,
          })
          .from(kanbanTasks)
          .innerJoin(kanbanLists, eq(kanbanLists.id, kanbanTasks.listId))
          .innerJoin(kanbans, eq(kanbans.id, kanbanLists.kanbanId))
          .innerJoin(teams, eq(teams.id, kanbans.teamId))
          .where(inArray(kanbanTasks.id, ids)),
      idOf: (row) => row.id,
      topRelevance: 3,
    });
    return {
      total,
      capped,
      partial,
      rows: rows.map(({ row, score: value }) => ({
        id: row.id,
        title: row.subject,
        text: row.content ?? row.subject,
        context: row.teamName,
        createdAt: row.createdAt,
        target: { teamId: row.teamId, taskId: row.id },
        score: value,
      })),
    };
  },
};

export const taskCommentSearch: SearchSource = {
  kind: 'comment',
  async search(db: Db, scope, terms, limit) {
    const teamIds = searchedTeams(scope);
    if (teamIds.length === 0) return NO_RESULTS;
    const { total, capped, partial, rows } = await rankedSearch(db, scope, terms, {
      limit,
      id: kanbanTaskComments.id,
      text: commentText,
      indexed: 'indexed',
      title: sql`''`,
      createdAt: sql`${kanbanTaskComments.createdAt}`,
      scan: (fields, where) =>
        db
          .select(fields)
          .from(kanbanTaskComments)
          .innerJoin(kanbanTasks, eq(kanbanTasks.id, kanbanTaskComments.taskId))
          .innerJoin(kanbanLists, eq(kanbanLists.id, kanbanTasks.listId))
          .innerJoin(kanbans, eq(kanbans.id, kanbanLists.kanbanId))
          .where(
            and(
              inArray(kanbans.teamId, teamIds),
              withinFilters(scope, {
                person: kanbanTaskComments.authorId,
                createdAt: kanbanTaskComments.createdAt,
              }),
              where,
            ),
          ),
      rows: (ids) =>
        db
          .select({
            id: kanbanTaskComments.id,
            content: kanbanTaskComments.content,
            createdAt: kanbanTaskComments.createdAt,
            taskId: kanbanTasks.id,
            subject: kanbanTasks.subject,
            teamId: kanbans.teamId,
            teamName: teams.name,
          })
          .from(kanbanTaskComments)
          .innerJoin(kanbanTasks, eq(kanbanTasks.id, kanbanTaskComments.taskId))
          .innerJoin(kanbanLists, eq(kanbanLists.id, kanbanTasks.listId))
          .innerJoin(kanbans, eq(kanbans.id, kanbanLists.kanbanId))
          .innerJoin(teams, eq(teams.id, kanbans.teamId))
          .where(inArray(kanbanTaskComments.id, ids)),
      idOf: (row) => row.id,
      topRelevance: 2,
    });
    return {
      total,
      capped,
      partial,
      rows: rows.map(({ row, score: value }) => ({
        id: row.id,
        title: row.subject,
        text: row.content,
        context: row.teamName,
        createdAt: row.createdAt,
        target: { teamId: row.teamId, taskId: row.taskId, commentId: row.id },
        score: value,
      })),
    };
  },
};
