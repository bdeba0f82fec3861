import type { Db } from '../../db/client';
import {
  type Archive,
  type ArchiveFile,
  archiveFileName,
  groupBy,
  iso,
  isoOrNull,
  publicImageKey,
} from './archive-format';
import * as repo from './archive.repo';

/*
 * A person's own data (issue 46): what they are, where they belong, and what they wrote or were
 * given to do. Other people appear by id and, where a room or a team needs it, by name — never by
 * e-mail, which is theirs to give.
 */

export const PERSONAL_EXPORT_FORMAT = 'teamup-personal-export';
export const PERSONAL_EXPORT_VERSION = 1;

type StoredFile = { originalName: string; storageKey: string; size: number; contentType: string };

/** A stored file of theirs as the documents name it, recorded in `files`. */
function fileOf(files: ArchiveFile[], area: 'posts' | 'chat', file: StoredFile & { id: number }) {
  const path = `files/${area}/${file.id}-${archiveFileName(file.originalName)}`;
  files.push({ path, storageKey: file.storageKey });
  return { fileName: file.originalName, size: file.size, contentType: file.contentType, path };
}

/**
 * A person's own data: manifest.json, profile.json, workspaces.json (memberships, with their
 * teams), messages.json (chat messages they sent, with the room's name), posts.json,
 * comments.json (post and task comments), tasks.json (kanban tasks assigned to them) and the
 * files they uploaded (their profile image, their posts' and their messages' attachments).
 */
export async function readPersonalArchive(
  db: Db,
  userId: number,
  exportedAt: Date,
): Promise<Archive> {
  const user = await repo.findUser(db, userId);
  if (!user) throw new Error(`user ${userId} does not exist`);
  const files: ArchiveFile[] = [];

  const imageKey = publicImageKey(user.profileImageUrl);
  const profileImage = imageKey
    ? `files/profile/${imageKey.split('/').pop() ?? 'image.webp'}`
    : null;
  if (profileImage && imageKey) files.push({ path: profileImage, storageKey: imageKey });
  const profile = {
    id: user.id,
    name: user.name,
    email: user.email,
    provider: user.provider,
    createdAt: iso(user.createdAt),
    age: user.age,
    mbti: user.mbti,
    disposition: user.disposition,
    hashtags: user.hashtags,
    introduction: user.introduction,
    portfolio: user.portfolio,
    preferWorkstyle: user.preferWorkstyle,
    dislikeWorkstyle: user.dislikeWorkstyle,
    profileImage,
    // An image elsewhere (a sign-in provider's) is only named.
    profileImageUrl: imageKey ? null : user.profileImageUrl,
  };

  const teams = groupBy(await repo.teamMembershipsOf(db, userId), (row) => row.workspaceId);
  const workspaces = (await repo.membershipsOf(db, userId)).map((membership) => ({
    id: membership.workspaceId,
    name: membership.workspaceName,
    role: membership.role,
    joinedAt: iso(membership.joinedAt),
    teams: (teams.get(membership.workspaceId) ?? []).map((team) => ({
      id: team.teamId,
      name: team.teamName,
      leader: team.leaderId === userId,
      joinedAt: iso(team.joinedAt),
    })),
  }));

  const messages = await readMessages(db, userId, files);

  // Only a post's author adds files to it (board.service.ts): their uploads are their posts'.
  const uploads = groupBy(await repo.attachmentsBy(db, userId), (row) => row.postId);
  const posts = (await repo.postsBy(db, userId)).map(
    ({ post, teamId, teamName, workspaceName }) => ({
      id: post.id,
      workspace: workspaceName,
      team: { id: teamId, name: teamName },
      title: post.title,
      content: post.content,
      createdAt: iso(post.createdAt),
      updatedAt: iso(post.updatedAt),
      attachments: (uploads.get(post.id) ?? []).map((file) => fileOf(files, 'posts', file)),
    }),
  );
  const comments = {
    posts: (await repo.postCommentsBy(db, userId)).map(({ comment, postTitle }) => ({
      id: comment.id,
      postId: comment.postId,
      postTitle,
      content: comment.content,
      createdAt: iso(comment.createdAt),
      updatedAt: iso(comment.updatedAt),
    })),
    tasks: (await repo.taskCommentsBy(db, userId)).map(({ comment, taskSubject }) => ({
      id: comment.id,
      taskId: comment.taskId,
      taskSubject,
      content: comment.content,
      createdAt: iso(comment.createdAt),
      updatedAt: iso(comment.updatedAt),
    })),
  };

  const tasks = (await repo.tasksAssignedTo(db, userId)).map(
    ({ task, listName, teamId, teamName, workspaceName }) => ({
      id: task.id,
      workspace: workspaceName,
      team: { id: teamId, name: teamName },
      list: listName,
      subject: task.subject,
      content: task.content,
      deadline: task.deadline,
      completionRequested: task.completionRequested,
      isApproved: task.isApproved,
      approvedAt: isoOrNull(task.approvedAt),
      rejected: task.rejected,
      createdAt: iso(task.createdAt),
      updatedAt: iso(task.updatedAt),
    }),
  );

  return {
    entries: [
      {
        path: 'manifest.json',
        json: {
          format: PERSONAL_EXPORT_FORMAT,
          version: PERSONAL_EXPORT_VERSION,
          exportedAt: iso(exportedAt),
        },
      },
      { path: 'profile.json', json: profile },
      { path: 'workspaces.json', json: workspaces },
      { path: 'messages.json', json: messages },
      { path: 'posts.json', json: posts },
      { path: 'comments.json', json: comments },
      { path: 'tasks.json', json: tasks },
    ],
    files,
  };
}

async function readMessages(db: Db, userId: number, files: ArchiveFile[]) {
  const rows = await repo.messagesBy(db, userId);
  const attachments = groupBy(
    (await repo.chatAttachmentsBy(db, userId)).map((row) => row.attachment),
    (row) => row.messageId,
  );
  // A 1:1 room is named after the other person, as the app shows it.
  const otherOf = (dmKey: string | null) => {
    const other = (dmKey ?? '')
      .split(':')
      .map(Number)
      .find((id) => id !== userId);
    return other !== undefined && Number.isInteger(other) ? other : null;
  };
  const others = await repo.peopleByIds(
    db,
    rows.flatMap((row) => {
      const other = otherOf(row.dmKey);
      return other === null ? [] : [other];
    }),
  );
  const names = new Map(others.map((person) => [person.id, person.name]));
  return rows.map(({ message, roomType, roomName, dmKey, workspaceName }) => {
    const deleted = message.deletedAt !== null;
    const other = otherOf(dmKey);
    return {
      id: message.id,
      workspace: workspaceName,
      room: {
        id: message.roomId,
        type: roomType,
        name: roomName ?? (other === null ? null : (names.get(other) ?? null)),
      },
      content: deleted ? '' : message.content,
      createdAt: iso(message.createdAt),
      editedAt: isoOrNull(message.editedAt),
      deleted,
      replyToId: message.replyToId,
      attachments: (attachments.get(message.id) ?? []).map((file) => fileOf(files, 'chat', file)),
    };
  });
}
