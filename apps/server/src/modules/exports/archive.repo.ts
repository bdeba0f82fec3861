import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  announcements,
  attachments,
  boards,
  chatAttachments,
  chatMessageReactions,
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
  scheduleExdates,
  schedules,
  teamMembers,
  teams,
  users,
  workspaceMembers,
  workspaces,
} from '../../db/schema';

/*
 * Data out (issue 46): what a workspace archive and a personal export read (the restore's writes
 * are archive-restore.repo.ts). Reads select by workspace (or person) through joins rather than
 * by long id lists, so a large workspace costs a query per table, not one per row.
 */

/** Ids per `in (…)` list: well under PostgreSQL's 65,535 parameters. */
const IDS_PER_LIST = 1000;

/** `rows` in runs of `size`: statements that stay under PostgreSQL's parameter limit. */
export function chunks<T>(rows: readonly T[], size = IDS_PER_LIST): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

// --- reading a workspace -----------------------------------------------------------------------

const teamIdsOf = (workspaceId: number) =>
  sql`(select ${teams.id} from ${teams} where ${teams.workspaceId} = ${workspaceId})`;

export async function findWorkspace(db: Db, workspaceId: number) {
  const [row] = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      iconUrl: workspaces.iconUrl,
      isClass: workspaces.isClass,
      ownerId: workspaces.ownerId,
      createdAt: workspaces.createdAt,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  return row;
}

export function workspaceMembersOf(db: Db, workspaceId: number) {
  return db
    .select({
      userId: workspaceMembers.userId,
      role: workspaceMembers.role,
      joinedAt: workspaceMembers.joinedAt,
    })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.joinedAt), asc(workspaceMembers.userId));
}

export async function peopleByIds(db: Db, ids: readonly number[]) {
  const found: Array<{ id: number; name: string; email: string }> = [];
  for (const chunk of chunks([...new Set(ids)])) {
    found.push(
      ...(await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(inArray(users.id, chunk))),
    );
  }
  return found.sort((a, b) => a.id - b.id);
}

export function teamsOf(db: Db, workspaceId: number) {
  return db
    .select({
      id: teams.id,
      name: teams.name,
      description: teams.description,
      leaderId: teams.leaderId,
      announcementPosting: teams.announcementPosting,
      createdAt: teams.createdAt,
      updatedAt: teams.updatedAt,
    })
    .from(teams)
    .where(eq(teams.workspaceId, workspaceId))
    .orderBy(asc(teams.id));
}

export function teamMembersOf(db: Db, workspaceId: number) {
  return db
    .select()
    .from(teamMembers)
    .where(inArray(teamMembers.teamId, teamIdsOf(workspaceId)))
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.userId));
}

export function announcementsOf(db: Db, workspaceId: number) {
  return db
    .select()
    .from(announcements)
    .where(inArray(announcements.teamId, teamIdsOf(workspaceId)))
    .orderBy(asc(announcements.id));
}

export function postsOf(db: Db, workspaceId: number) {
  return db
    .select({ post: posts, teamId: boards.teamId })
    .from(posts)
    .innerJoin(boards, eq(boards.id, posts.boardId))
    .where(inArray(boards.teamId, teamIdsOf(workspaceId)))
    .orderBy(asc(posts.id));
}

const postsOfWorkspace = (workspaceId: number) =>
  sql`(select ${posts.id} from ${posts} join ${boards} on ${boards.id} = ${posts.boardId}
       where ${boards.teamId} in ${teamIdsOf(workspaceId)})`;

export function postCommentsOf(db: Db, workspaceId: number) {
  return db
    .select()
    .from(postComments)
    .where(inArray(postComments.postId, postsOfWorkspace(workspaceId)))
    .orderBy(asc(postComments.createdAt), asc(postComments.id));
}

export function postAttachmentsOf(db: Db, workspaceId: number) {
  return db
    .select()
    .from(attachments)
    .where(inArray(attachments.postId, postsOfWorkspace(workspaceId)))
    .orderBy(asc(attachments.id));
}

export function schedulesOf(db: Db, workspaceId: number) {
  return db
    .select()
    .from(schedules)
    .where(inArray(schedules.teamId, teamIdsOf(workspaceId)))
    .orderBy(asc(schedules.id));
}

export function exdatesOf(db: Db, workspaceId: number) {
  return db
    .select({
      seriesId: scheduleExdates.seriesId,
      occurrenceStart: scheduleExdates.occurrenceStart,
    })
    .from(scheduleExdates)
    .innerJoin(schedules, eq(schedules.id, scheduleExdates.seriesId))
    .where(inArray(schedules.teamId, teamIdsOf(workspaceId)))
    .orderBy(asc(scheduleExdates.occurrenceStart));
}

export function kanbanListsOf(db: Db, workspaceId: number) {
  return db
    .select({ list: kanbanLists, teamId: kanbans.teamId })
    .from(kanbanLists)
    .innerJoin(kanbans, eq(kanbans.id, kanbanLists.kanbanId))
    .where(inArray(kanbans.teamId, teamIdsOf(workspaceId)))
    .orderBy(asc(kanbanLists.position), asc(kanbanLists.id));
}

const listsOfWorkspace = (workspaceId: number) =>
  sql`(select ${kanbanLists.id} from ${kanbanLists} join ${kanbans} on ${kanbans.id} = ${kanbanLists.kanbanId}
       where ${kanbans.teamId} in ${teamIdsOf(workspaceId)})`;
const tasksOfWorkspace = (workspaceId: number) =>
  sql`(select ${kanbanTasks.id} from ${kanbanTasks} where ${kanbanTasks.listId} in ${listsOfWorkspace(workspaceId)})`;

export function kanbanTasksOf(db: Db, workspaceId: number) {
  return db
    .select()
    .from(kanbanTasks)
    .where(inArray(kanbanTasks.listId, listsOfWorkspace(workspaceId)))
    .orderBy(asc(kanbanTasks.position), asc(kanbanTasks.id));
}

export function taskAssigneesOf(db: Db, workspaceId: number) {
  return db
    .select()
    .from(kanbanTaskAssignees)
    .where(inArray(kanbanTaskAssignees.taskId, tasksOfWorkspace(workspaceId)))
    .orderBy(asc(kanbanTaskAssignees.userId));
}

export function taskCommentsOf(db: Db, workspaceId: number) {
  return db
    .select()
    .from(kanbanTaskComments)
    .where(inArray(kanbanTaskComments.taskId, tasksOfWorkspace(workspaceId)))
    .orderBy(asc(kanbanTaskComments.createdAt), asc(kanbanTaskComments.id));
}

/** Only group rooms: a 1:1 room is its two people's, not the workspace's. */
const groupRoomsOfWorkspace = (workspaceId: number) =>
  sql`(select ${chatRooms.id} from ${chatRooms}
       where ${chatRooms.workspaceId} = ${workspaceId} and ${chatRooms.type} = 'GROUP')`;
const groupMessagesOfWorkspace = (workspaceId: number) =>
  sql`(select ${chatMessages.id} from ${chatMessages} where ${chatMessages.roomId} in ${groupRoomsOfWorkspace(workspaceId)})`;

export function groupRoomsOf(db: Db, workspaceId: number) {
  return db
    .select({
      id: chatRooms.id,
      name: chatRooms.name,
      teamId: chatRooms.teamId,
      createdBy: chatRooms.createdBy,
      createdAt: chatRooms.createdAt,
      pinnedMessageId: chatRooms.pinnedMessageId,
    })
    .from(chatRooms)
    .where(and(eq(chatRooms.workspaceId, workspaceId), eq(chatRooms.type, 'GROUP')))
    .orderBy(asc(chatRooms.id));
}

export function groupRoomMembersOf(db: Db, workspaceId: number) {
  return db
    .select({
      roomId: chatRoomMembers.roomId,
      userId: chatRoomMembers.userId,
      joinedAt: chatRoomMembers.joinedAt,
    })
    .from(chatRoomMembers)
    .where(inArray(chatRoomMembers.roomId, groupRoomsOfWorkspace(workspaceId)))
    .orderBy(asc(chatRoomMembers.joinedAt), asc(chatRoomMembers.userId));
}

export function groupMessagesOf(db: Db, workspaceId: number) {
  return db
    .select()
    .from(chatMessages)
    .where(inArray(chatMessages.roomId, groupRoomsOfWorkspace(workspaceId)))
    .orderBy(asc(chatMessages.id));
}

export function groupReactionsOf(db: Db, workspaceId: number) {
  return db
    .select()
    .from(chatMessageReactions)
    .where(inArray(chatMessageReactions.messageId, groupMessagesOfWorkspace(workspaceId)))
    .orderBy(asc(chatMessageReactions.createdAt));
}

export function groupAttachmentsOf(db: Db, workspaceId: number) {
  return db
    .select()
    .from(chatAttachments)
    .where(inArray(chatAttachments.messageId, groupMessagesOfWorkspace(workspaceId)))
    .orderBy(asc(chatAttachments.messageId), asc(chatAttachments.position));
}

// --- reading one person's data -----------------------------------------------------------------

export async function findUser(db: Db, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export function membershipsOf(db: Db, userId: number) {
  return db
    .select({
      workspaceId: workspaces.id,
      workspaceName: workspaces.name,
      role: workspaceMembers.role,
      joinedAt: workspaceMembers.joinedAt,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaceMembers.joinedAt));
}

export function teamMembershipsOf(db: Db, userId: number) {
  return db
    .select({
      workspaceId: teams.workspaceId,
      teamId: teams.id,
      teamName: teams.name,
      leaderId: teams.leaderId,
      joinedAt: teamMembers.joinedAt,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.joinedAt));
}

export function messagesBy(db: Db, userId: number) {
  return db
    .select({
      message: chatMessages,
      roomType: chatRooms.type,
      roomName: chatRooms.name,
      dmKey: chatRooms.dmKey,
      workspaceName: workspaces.name,
    })
    .from(chatMessages)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .innerJoin(workspaces, eq(workspaces.id, chatRooms.workspaceId))
    .where(eq(chatMessages.senderId, userId))
    .orderBy(asc(chatMessages.id));
}

/** The files of the messages they sent and did not delete. */
export function chatAttachmentsBy(db: Db, userId: number) {
  return db
    .select({ attachment: chatAttachments })
    .from(chatAttachments)
    .innerJoin(chatMessages, eq(chatMessages.id, chatAttachments.messageId))
    .where(and(eq(chatMessages.senderId, userId), isNull(chatMessages.deletedAt)))
    .orderBy(asc(chatAttachments.messageId), asc(chatAttachments.position));
}

const postPlace = { teamId: teams.id, teamName: teams.name, workspaceName: workspaces.name };

export function postsBy(db: Db, userId: number) {
  return db
    .select({ post: posts, ...postPlace })
    .from(posts)
    .innerJoin(boards, eq(boards.id, posts.boardId))
    .innerJoin(teams, eq(teams.id, boards.teamId))
    .innerJoin(workspaces, eq(workspaces.id, teams.workspaceId))
    .where(eq(posts.authorId, userId))
    .orderBy(asc(posts.id));
}

export function attachmentsBy(db: Db, userId: number) {
  return db
    .select()
    .from(attachments)
    .where(eq(attachments.uploaderId, userId))
    .orderBy(asc(attachments.id));
}

export function postCommentsBy(db: Db, userId: number) {
  return db
    .select({ comment: postComments, postTitle: posts.title })
    .from(postComments)
    .innerJoin(posts, eq(posts.id, postComments.postId))
    .where(eq(postComments.authorId, userId))
    .orderBy(asc(postComments.id));
}

export function taskCommentsBy(db: Db, userId: number) {
  return db
    .select({ comment: kanbanTaskComments, taskSubject: kanbanTasks.subject })
    .from(kanbanTaskComments)
    .innerJoin(kanbanTasks, eq(kanbanTasks.id, kanbanTaskComments.taskId))
    .where(eq(kanbanTaskComments.authorId, userId))
    .orderBy(asc(kanbanTaskComments.id));
}

export function tasksAssignedTo(db: Db, userId: number) {
  return db
    .select({ task: kanbanTasks, listName: kanbanLists.name, ...postPlace })
    .from(kanbanTaskAssignees)
    .innerJoin(kanbanTasks, eq(kanbanTasks.id, kanbanTaskAssignees.taskId))
    .innerJoin(kanbanLists, eq(kanbanLists.id, kanbanTasks.listId))
    .innerJoin(kanbans, eq(kanbans.id, kanbanLists.kanbanId))
    .innerJoin(teams, eq(teams.id, kanbans.teamId))
    .innerJoin(workspaces, eq(workspaces.id, teams.workspaceId))
    .where(eq(kanbanTaskAssignees.userId, userId))
    .orderBy(asc(kanbanTasks.id));
}
