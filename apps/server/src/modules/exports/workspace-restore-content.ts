import { randomBytes } from 'node:crypto';
import { generateNKeysBetween } from 'fractional-indexing';
import { ChatMessages, MENTION_TOKEN } from '@teamup/contracts/chat';
import { cleanFileName } from '../../platform/storage/uploads';
import type { Db } from '../../db/client';
import type { ReadArchive } from './archive-input';
import * as repo from './archive-restore.repo';

/*
 * The content of a restored workspace (workspace-restore.ts makes the workspace, its members and
 * teams first): announcements, posts, schedules, kanban boards and group rooms, in the archive's
 * order, with the archive's ids mapped onto the new rows' and its files copied under fresh keys.
 */

export type RestoreInput = {
  importerId: number;
  now: Date;
  /** The archive's JSON document at `path`, parsed; undefined when absent. */
  readJson: (path: string) => unknown;
  /** Copies the archive's file at `path` into storage under `storageKey`; false when it lacks it. */
  putFile: (path: string, storageKey: string) => Promise<boolean>;
};

/** Who is who here: the archive's people matched by e-mail, and the new workspace's members. */
export type People = {
  importerId: number;
  /** The account here of an archive user id, when their e-mail matched one. */
  account: (archiveId: number | null) => number | undefined;
  /** The account for a column that may not be null: the person's, else the importer's. */
  author: (archiveId: number) => number;
  /** Members of the new workspace (the importer and the matched members). */
  members: Set<number>;
  name: (archiveId: number) => string | undefined;
};

export type RestoredTeam = {
  name: string;
  teamId: number;
  boardId: number;
  kanbanId: number;
  memberIds: number[];
};
export type Teams = Map<number, RestoredTeam>;

/** The restored team of an archive team id (readArchive checked that every reference has one). */
function teamOf(teams: Teams, archiveTeamId: number): RestoredTeam {
  const team = teams.get(archiveTeamId);
  if (!team) throw new Error(`team ${archiveTeamId} was not restored`);
  return team;
}

/** The raster types a stored file may be served as; anything else is served as bytes. */
const RASTER_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);
const OCTET_STREAM = 'application/octet-stream';

/** A fresh key in the form uploads use (platform/storage/uploads.ts `storeUpload`). */
const newStorageKey = (prefix: 'attachments' | 'chat') =>
  `${prefix}/${randomBytes(18).toString('base64url')}`;

/**
 * Copies an archived file into storage under a fresh key; answers its row's file fields, or null
 * when the archive lacks the file (no row then: it would point at nothing). The content type is
 * the archive's only when it is a raster image type: a file never gets served as a document.
 */
async function restoreFile(
  input: RestoreInput,
  prefix: 'attachments' | 'chat',
  file: { fileName: string; size: number; contentType?: string | undefined; path: string },
) {
  const storageKey = newStorageKey(prefix);
  if (!(await input.putFile(file.path, storageKey))) return null;
  const image = file.contentType !== undefined && RASTER_TYPES.has(file.contentType);
  return {
    storageKey,
    // Cleaned as an upload's name is: the archive's word is not taken for it.
    originalName: cleanFileName(file.fileName),
    size: file.size,
    contentType: image ? (file.contentType ?? OCTET_STREAM) : OCTET_STREAM,
    isImage: image,
  };
}

export async function restoreAnnouncements(
  db: Db,
  archive: ReadArchive,
  people: People,
  teams: Teams,
) {
  await repo.insertAnnouncements(
    db,
    archive.announcements.map((row) => ({
      teamId: teamOf(teams, row.teamId).teamId,
      authorId: people.author(row.authorId),
      title: row.title,
      content: row.content,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    })),
  );
}

export async function restorePosts(
  db: Db,
  archive: ReadArchive,
  people: People,
  teams: Teams,
  input: RestoreInput,
) {
  const ids = await repo.insertPosts(
    db,
    archive.posts.map((post) => ({
      boardId: teamOf(teams, post.teamId).boardId,
      authorId: people.author(post.authorId),
      title: post.title,
      content: post.content,
      createdAt: post.createdAt,
      updatedAt: post.updatedAt,
    })),
  );
  const comments: Parameters<typeof repo.insertPostComments>[1][number][] = [];
  const attachments: Parameters<typeof repo.insertAttachments>[1][number][] = [];
  for (const [index, post] of archive.posts.entries()) {
    const postId = ids[index] as number;
    for (const comment of post.comments) {
      comments.push({
        postId,
        authorId: people.author(comment.authorId),
        content: comment.content,
        createdAt: comment.createdAt,
        updatedAt: comment.updatedAt,
      });
    }
    for (const attachment of post.attachments) {
      const stored = await restoreFile(input, 'attachments', attachment);
      if (!stored) continue;
      attachments.push({
        postId,
        uploaderId: people.author(attachment.uploaderId),
        createdAt: attachment.createdAt,
        ...stored,
      });
    }
  }
  await repo.insertPostComments(db, comments);
  await repo.insertAttachments(db, attachments);
}

/** Answers the new schedules' ids (their reminders are armed by the caller). */
export async function restoreSchedules(
  db: Db,
  archive: ReadArchive,
  people: People,
  teams: Teams,
): Promise<number[]> {
  type Schedule = ReadArchive['schedules'][number];
  const row = (schedule: Schedule, seriesId: number | null) => ({
    teamId: teamOf(teams, schedule.teamId).teamId,
    creatorId: people.author(schedule.creatorId),
    title: schedule.title,
    description: schedule.description,
    type: schedule.type,
    startsAt: schedule.startsAt,
    endsAt: schedule.endsAt,
    reminders: schedule.reminders,
    recurrenceRule: schedule.recurrenceRule,
    recurrenceEndsAt: schedule.recurrenceEndsAt,
    seriesId,
    originalStart: seriesId === null ? null : schedule.originalStart,
    createdAt: schedule.createdAt,
    updatedAt: schedule.updatedAt,
  });
  // Series (and one-offs) first: an edited occurrence points at its series' new id.
  const series = archive.schedules.filter((schedule) => schedule.seriesId === null);
  const seriesIds = await repo.insertSchedules(
    db,
    series.map((schedule) => row(schedule, null)),
  );
  const newId = new Map(series.map((schedule, index) => [schedule.id, seriesIds[index] as number]));
  // An occurrence whose series is not in the archive stands alone, as a one-off.
  const occurrenceIds = await repo.insertSchedules(
    db,
    archive.schedules
      .filter((schedule) => schedule.seriesId !== null)
      .map((schedule) => row(schedule, newId.get(schedule.seriesId ?? 0) ?? null)),
  );
  await repo.insertExdates(
    db,
    series.flatMap((schedule) =>
      schedule.exdates.map((occurrenceStart) => ({
        seriesId: newId.get(schedule.id) as number,
        occurrenceStart,
      })),
    ),
  );
  return [...seriesIds, ...occurrenceIds];
}

/** Answers the new cards' ids (their deadline reminders are armed by the caller). */
export async function restoreKanban(
  db: Db,
  archive: ReadArchive,
  people: People,
  teams: Teams,
): Promise<number[]> {
  const restored: number[] = [];
  for (const board of archive.kanban) {
    const team = teamOf(teams, board.teamId);
    // Fresh keys in the archive's order: the order is what was exported, not the keys.
    const listKeys = generateNKeysBetween(null, null, board.lists.length);
    const listIds = await repo.insertLists(
      db,
      board.lists.map((list, index) => ({
        kanbanId: team.kanbanId,
        name: list.name,
        position: listKeys[index] as string,
        isDone: list.isDone,
        createdAt: list.createdAt,
        updatedAt: list.updatedAt,
      })),
    );
    const tasks = board.lists.flatMap((list, index) => {
      const keys = generateNKeysBetween(null, null, list.tasks.length);
      return list.tasks.map((task, at) => ({
        task,
        listId: listIds[index] as number,
        position: keys[at] as string,
      }));
    });
    const taskIds = await repo.insertTasks(
      db,
      tasks.map(({ task, listId, position }) => ({
        listId,
        position,
        subject: task.subject,
        content: task.content,
        deadline: task.deadline,
        completionRequested: task.completionRequested,
        completionRequestMessage: task.completionRequestMessage,
        completionRequesterId: people.account(task.completionRequesterId) ?? null,
        completionRequestedAt: task.completionRequestedAt,
        isApproved: task.isApproved,
        approvedAt: task.approvedAt,
        rejected: task.rejected,
        approvalMessage: task.approvalMessage,
        createdAt: task.createdAt,
        updatedAt: task.updatedAt,
      })),
    );
    await repo.insertAssignees(
      db,
      tasks.flatMap(({ task }, index) =>
        task.assigneeIds.flatMap((archiveId) => {
          const userId = people.account(archiveId);
          return userId !== undefined && people.members.has(userId)
            ? [{ taskId: taskIds[index] as number, userId }]
            : [];
        }),
      ),
    );
    await repo.insertTaskComments(
      db,
      tasks.flatMap(({ task }, index) =>
        task.comments.map((comment) => ({
          taskId: taskIds[index] as number,
          authorId: people.author(comment.authorId),
          content: comment.content,
          createdAt: comment.createdAt,
          updatedAt: comment.updatedAt,
        })),
      ),
    );
    restored.push(...taskIds);
  }
  return restored;
}

/** A message's mentions pointed at the accounts here; someone not here is named in plain text. */
function remapMentions(content: string, people: People): string {
  return content.replace(MENTION_TOKEN, (token, target: string) => {
    if (target === 'all' || target === 'here') return token;
    const account = people.account(Number(target));
    if (account !== undefined) return `<@${account}>`;
    return `@${people.name(Number(target)) ?? ChatMessages.unknownSender}`;
  });
}

export async function restoreChat(
  db: Db,
  archive: ReadArchive,
  people: People,
  teams: Teams,
  to: { workspaceId: number; input: RestoreInput },
) {
  const roomedTeams = new Set<number>();
  for (const room of archive.chat.rooms) {
    // One room per team (a unique index): a second claimant stays a plain group room.
    const team =
      room.teamId !== null && !roomedTeams.has(room.teamId) ? teams.get(room.teamId) : undefined;
    if (team && room.teamId !== null) roomedTeams.add(room.teamId);
    const roomId = await repo.insertRoom(db, {
      workspaceId: to.workspaceId,
      type: 'GROUP',
      name: room.name,
      createdBy: people.account(room.createdBy) ?? null,
      createdAt: room.createdAt,
      teamId: team?.teamId ?? null,
    });
    const messages = [...room.messages].sort((a, b) => a.id - b.id);
    const ids = await repo.insertMessages(
      db,
      messages.map((message) => ({
        roomId,
        senderId: people.account(message.senderId) ?? null,
        botName: message.botName,
        content: message.deletedAt === null ? remapMentions(message.content, people) : '',
        createdAt: message.createdAt,
        deletedAt: message.deletedAt,
        editedAt: message.editedAt,
      })),
    );
    const newId = new Map(messages.map((message, index) => [message.id, ids[index] as number]));
    await repo.setReplies(
      db,
      messages.flatMap((message) => {
        const id = newId.get(message.id);
        const replyToId = message.replyToId === null ? undefined : newId.get(message.replyToId);
        return id !== undefined && replyToId !== undefined ? [{ id, replyToId }] : [];
      }),
    );
    const pinned = room.pinnedMessageId === null ? undefined : newId.get(room.pinnedMessageId);
    if (pinned !== undefined) await repo.setRoomNotice(db, roomId, pinned);
    await restoreMessageExtras(db, messages, newId, people, to.input);

    // A team room's members are the team's (team-members.service.ts keeps them so).
    const memberIds = team
      ? team.memberIds
      : room.members.flatMap((member) => {
          const account = people.account(member.userId);
          return account !== undefined && people.members.has(account) ? [account] : [];
        });
    const joinedAt = new Map<number, Date>();
    for (const member of room.members) {
      const account = people.account(member.userId);
      if (account !== undefined) joinedAt.set(account, member.joinedAt);
    }
    // History brought in is not news: members start having read it, not with it all unread
    // (insertMessages answers ids ascending, the newest last).
    const lastReadMessageId = ids.at(-1) ?? null;
    await repo.insertRoomMembers(
      db,
      [...new Set(memberIds)].map((userId) => ({
        roomId,
        userId,
        joinedAt: joinedAt.get(userId) ?? to.input.now,
        lastReadMessageId,
      })),
    );
  }
  // Every team has its room, as createTeamInTransaction makes it.
  for (const [archiveTeamId, team] of teams) {
    if (roomedTeams.has(archiveTeamId)) continue;
    const roomId = await repo.insertRoom(db, {
      workspaceId: to.workspaceId,
      type: 'GROUP',
      name: team.name,
      createdBy: team.memberIds[0] ?? people.importerId,
      createdAt: to.input.now,
      teamId: team.teamId,
    });
    await repo.insertRoomMembers(
      db,
      team.memberIds.map((userId) => ({ roomId, userId })),
    );
  }
}

/** Reactions of people here, and the files of messages not deleted. */
async function restoreMessageExtras(
  db: Db,
  messages: ReadArchive['chat']['rooms'][number]['messages'],
  newId: Map<number, number>,
  people: People,
  input: RestoreInput,
) {
  const reactions: Parameters<typeof repo.insertReactions>[1][number][] = [];
  const files: Parameters<typeof repo.insertChatAttachments>[1][number][] = [];
  for (const message of messages) {
    const messageId = newId.get(message.id) as number;
    if (message.deletedAt !== null) continue;
    for (const reaction of message.reactions) {
      const userId = people.account(reaction.userId);
      if (userId === undefined || !people.members.has(userId)) continue;
      reactions.push({ messageId, userId, emoji: reaction.emoji, createdAt: reaction.createdAt });
    }
    let position = 0;
    for (const attachment of message.attachments) {
      const stored = await restoreFile(input, 'chat', attachment);
      if (!stored) continue;
      files.push({ messageId, position, ...stored });
      position += 1;
    }
  }
  await repo.insertReactions(db, reactions);
  await repo.insertChatAttachments(db, files);
}
