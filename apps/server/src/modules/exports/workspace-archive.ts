import { CHAT_REACTIONS, type ChatReactionEmoji } from '@teamup/contracts/chat';
import { WORKSPACE_ARCHIVE_FORMAT, WORKSPACE_ARCHIVE_VERSION } from '@teamup/contracts/exports';
import type { Db } from '../../db/client';
import {
  type Archive,
  type ArchiveFile,
  ArchivePaths,
  type AnnouncementJson,
  type ChatJson,
  type KanbanJson,
  type Manifest,
  type PersonJson,
  type PostJson,
  type ScheduleJson,
  type TeamJson,
  type WorkspaceJson,
  archiveFileName,
  groupBy,
  iso,
  isoOrNull,
  publicImageKey,
} from './archive-format';
import * as repo from './archive.repo';

export type { Archive, ArchiveEntry, ArchiveFile } from './archive-format';
export { readPersonalArchive } from './personal-archive';
export { ArchiveInvalid, restoreWorkspace } from './workspace-restore';

/*
 * Reading a workspace into an archive (issue 46): one JSON document per area and the stored files
 * they name. The archive is the workspace as its members share it: 1:1 rooms are their two
 * people's and stay out, as do secrets (passwords, invite code) and what only makes sense on this
 * instance (notifications, sessions, webhooks, live meetings).
 */

type Attachment = { id: number; originalName: string; storageKey: string };

/** Where a stored file goes in the archive, recorded in `files` as it is named. */
function fileIn(area: 'posts' | 'chat', files: ArchiveFile[], attachment: Attachment): string {
  const path = `files/${area}/${attachment.id}-${archiveFileName(attachment.originalName)}`;
  files.push({ path, storageKey: attachment.storageKey });
  return path;
}

/**
 * Reads a workspace into an archive: manifest.json, workspace.json, members.json, teams.json,
 * announcements.json, posts.json, schedules.json, kanban.json, chat.json and the files they name
 * (ArchivePaths). Ids are the source ids; people are named by user id, resolved through
 * members.json, which also lists the former members seen in the content (`member: false`) so an
 * import can match them by e-mail. Its reads are separate statements: pass a transaction for one
 * consistent snapshot.
 */
export async function readWorkspaceArchive(
  db: Db,
  workspaceId: number,
  exportedAt: Date,
): Promise<Archive> {
  const workspace = await repo.findWorkspace(db, workspaceId);
  if (!workspace) throw new Error(`workspace ${workspaceId} does not exist`);
  const files: ArchiveFile[] = [];
  const see = peopleSeen();

  const iconKey = publicImageKey(workspace.iconUrl);
  const icon = iconKey ? `files/workspace/${iconKey.split('/').pop() ?? 'icon.webp'}` : null;
  if (icon && iconKey) files.push({ path: icon, storageKey: iconKey });
  const workspaceJson: WorkspaceJson = {
    id: workspace.id,
    name: workspace.name,
    // An icon URL that names no stored image of ours is left out rather than carried as text.
    iconText: iconKey !== null || workspace.iconUrl?.includes('/') ? null : workspace.iconUrl,
    icon,
    isClass: workspace.isClass,
    createdAt: iso(workspace.createdAt),
  };

  const teamMembers = groupBy(await repo.teamMembersOf(db, workspaceId), (row) => row.teamId);
  const teams: TeamJson[] = (await repo.teamsOf(db, workspaceId)).map((team) => ({
    id: team.id,
    name: team.name,
    description: team.description,
    leaderId: see.maybe(team.leaderId),
    announcementPosting: team.announcementPosting,
    createdAt: iso(team.createdAt),
    updatedAt: iso(team.updatedAt),
    members: (teamMembers.get(team.id) ?? []).map((member) => ({
      userId: see.id(member.userId),
      joinedAt: iso(member.joinedAt),
    })),
  }));

  const announcements: AnnouncementJson[] = (await repo.announcementsOf(db, workspaceId)).map(
    (row) => ({
      id: row.id,
      teamId: row.teamId,
      authorId: see.id(row.authorId),
      title: row.title,
      content: row.content,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    }),
  );

  const posts = await readPosts(db, workspaceId, files, see);
  const schedules = await readSchedules(db, workspaceId, see);
  const kanban = await readKanban(
    db,
    workspaceId,
    teams.map((team) => team.id),
    see,
  );
  const chat = await readChat(db, workspaceId, files, see);

  const current = await repo.workspaceMembersOf(db, workspaceId);
  const currentIds = new Set(current.map((member) => member.userId));
  const people = new Map(
    (await repo.peopleByIds(db, [...currentIds, ...see.ids])).map((person) => [person.id, person]),
  );
  const members: PersonJson[] = [];
  for (const member of current) {
    const person = people.get(member.userId);
    if (!person) continue;
    members.push({ ...person, role: member.role, joinedAt: iso(member.joinedAt), member: true });
  }
  for (const person of people.values()) {
    if (currentIds.has(person.id)) continue;
    members.push({ ...person, role: null, joinedAt: null, member: false });
  }

  const manifest: Manifest = {
    format: WORKSPACE_ARCHIVE_FORMAT,
    version: WORKSPACE_ARCHIVE_VERSION,
    exportedAt: iso(exportedAt),
    workspace: { id: workspace.id, name: workspace.name },
  };
  return {
    entries: [
      { path: ArchivePaths.manifest, json: manifest },
      { path: ArchivePaths.workspace, json: workspaceJson },
      { path: ArchivePaths.members, json: members },
      { path: ArchivePaths.teams, json: teams },
      { path: ArchivePaths.announcements, json: announcements },
      { path: ArchivePaths.posts, json: posts },
      { path: ArchivePaths.schedules, json: schedules },
      { path: ArchivePaths.kanban, json: kanban },
      { path: ArchivePaths.chat, json: chat },
    ],
    files,
  };
}

/** The people the content names, noted as it is read: members.json resolves every one. */
function peopleSeen() {
  const ids = new Set<number>();
  return {
    ids,
    id(userId: number): number {
      ids.add(userId);
      return userId;
    },
    maybe(userId: number | null): number | null {
      if (userId !== null) ids.add(userId);
      return userId;
    },
  };
}
type See = ReturnType<typeof peopleSeen>;

const isReaction = (emoji: string): emoji is ChatReactionEmoji =>
  (CHAT_REACTIONS as readonly string[]).includes(emoji);

async function readPosts(
  db: Db,
  workspaceId: number,
  files: ArchiveFile[],
  see: See,
): Promise<PostJson[]> {
  const comments = groupBy(await repo.postCommentsOf(db, workspaceId), (row) => row.postId);
  const attachments = groupBy(await repo.postAttachmentsOf(db, workspaceId), (row) => row.postId);
  return (await repo.postsOf(db, workspaceId)).map(({ post, teamId }) => ({
    id: post.id,
    teamId,
    authorId: see.id(post.authorId),
    title: post.title,
    content: post.content,
    createdAt: iso(post.createdAt),
    updatedAt: iso(post.updatedAt),
    comments: (comments.get(post.id) ?? []).map((comment) => ({
      id: comment.id,
      authorId: see.id(comment.authorId),
      content: comment.content,
      createdAt: iso(comment.createdAt),
      updatedAt: iso(comment.updatedAt),
    })),
    attachments: (attachments.get(post.id) ?? []).map((attachment) => ({
      id: attachment.id,
      uploaderId: see.id(attachment.uploaderId),
      fileName: attachment.originalName,
      size: attachment.size,
      contentType: attachment.contentType,
      createdAt: iso(attachment.createdAt),
      path: fileIn('posts', files, attachment),
    })),
  }));
}

async function readSchedules(db: Db, workspaceId: number, see: See): Promise<ScheduleJson[]> {
  const exdates = groupBy(await repo.exdatesOf(db, workspaceId), (row) => row.seriesId);
  return (await repo.schedulesOf(db, workspaceId)).map((row) => ({
    id: row.id,
    teamId: row.teamId,
    creatorId: see.id(row.creatorId),
    title: row.title,
    description: row.description,
    type: row.type,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    reminders: row.reminders,
    recurrenceRule: row.recurrenceRule,
    recurrenceEndsAt: isoOrNull(row.recurrenceEndsAt),
    seriesId: row.seriesId,
    originalStart: isoOrNull(row.originalStart),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    exdates: (exdates.get(row.id) ?? []).map((exdate) => iso(exdate.occurrenceStart)),
  }));
}

async function readKanban(
  db: Db,
  workspaceId: number,
  teamIds: number[],
  see: See,
): Promise<KanbanJson[]> {
  const lists = groupBy(await repo.kanbanListsOf(db, workspaceId), (row) => row.teamId);
  const tasks = groupBy(await repo.kanbanTasksOf(db, workspaceId), (row) => row.listId);
  const assignees = groupBy(await repo.taskAssigneesOf(db, workspaceId), (row) => row.taskId);
  const comments = groupBy(await repo.taskCommentsOf(db, workspaceId), (row) => row.taskId);
  return teamIds.map((teamId) => ({
    teamId,
    lists: (lists.get(teamId) ?? []).map(({ list }) => ({
      id: list.id,
      name: list.name,
      isDone: list.isDone,
      createdAt: iso(list.createdAt),
      updatedAt: iso(list.updatedAt),
      tasks: (tasks.get(list.id) ?? []).map((task) => ({
        id: task.id,
        subject: task.subject,
        content: task.content,
        deadline: task.deadline,
        completionRequested: task.completionRequested,
        completionRequestMessage: task.completionRequestMessage,
        completionRequesterId: see.maybe(task.completionRequesterId),
        completionRequestedAt: isoOrNull(task.completionRequestedAt),
        isApproved: task.isApproved,
        approvedAt: isoOrNull(task.approvedAt),
        rejected: task.rejected,
        approvalMessage: task.approvalMessage,
        createdAt: iso(task.createdAt),
        updatedAt: iso(task.updatedAt),
        assigneeIds: (assignees.get(task.id) ?? []).map((row) => see.id(row.userId)),
        comments: (comments.get(task.id) ?? []).map((comment) => ({
          id: comment.id,
          authorId: see.id(comment.authorId),
          content: comment.content,
          createdAt: iso(comment.createdAt),
          updatedAt: iso(comment.updatedAt),
        })),
      })),
    })),
  }));
}

async function readChat(
  db: Db,
  workspaceId: number,
  files: ArchiveFile[],
  see: See,
): Promise<ChatJson> {
  const members = groupBy(await repo.groupRoomMembersOf(db, workspaceId), (row) => row.roomId);
  const messages = groupBy(await repo.groupMessagesOf(db, workspaceId), (row) => row.roomId);
  const reactions = groupBy(await repo.groupReactionsOf(db, workspaceId), (row) => row.messageId);
  const attachments = groupBy(await repo.groupAttachmentsOf(db, workspaceId), (r) => r.messageId);
  const rooms = (await repo.groupRoomsOf(db, workspaceId)).map((room) => ({
    id: room.id,
    name: room.name,
    teamId: room.teamId,
    createdBy: see.maybe(room.createdBy),
    createdAt: iso(room.createdAt),
    pinnedMessageId: room.pinnedMessageId,
    members: (members.get(room.id) ?? []).map((member) => ({
      userId: see.id(member.userId),
      joinedAt: iso(member.joinedAt),
    })),
    messages: (messages.get(room.id) ?? []).map((message) => {
      // A deleted message keeps its place (replies still point at it) but nothing it said.
      const deleted = message.deletedAt !== null;
      return {
        id: message.id,
        senderId: see.maybe(message.senderId),
        botName: message.botName,
        content: deleted ? '' : message.content,
        createdAt: iso(message.createdAt),
        deletedAt: isoOrNull(message.deletedAt),
        replyToId: message.replyToId,
        editedAt: isoOrNull(message.editedAt),
        reactions: deleted
          ? []
          : (reactions.get(message.id) ?? []).flatMap(({ userId, emoji, createdAt }) =>
              isReaction(emoji)
                ? [{ userId: see.id(userId), emoji, createdAt: iso(createdAt) }]
                : [],
            ),
        attachments: deleted
          ? []
          : (attachments.get(message.id) ?? []).map((attachment) => ({
              id: attachment.id,
              fileName: attachment.originalName,
              size: attachment.size,
              contentType: attachment.contentType,
              path: fileIn('chat', files, attachment),
            })),
      };
    }),
  }));
  return { rooms };
}
