import {
  attachmentEndpoints,
  type Announcement,
  type Attachment,
  type Post,
  type PostSummary,
} from '@teamup/contracts/board';
import { pathOf } from '@teamup/contracts/endpoint';
import type { AnnouncementRow, AttachmentRow, Author, PostRow } from './board.repo';

export function presentAnnouncement(row: AnnouncementRow, author: Author): Announcement {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    teamId: row.teamId,
    accountId: row.authorId,
    authorName: author.name,
    authorProfileImageUrl: author.profileImageUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentAttachment(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    postId: row.postId,
    originalFileName: row.originalName,
    fileName: row.originalName,
    size: row.size,
    contentType: row.contentType,
    isImage: row.isImage,
    downloadUrl: '/api' + pathOf(attachmentEndpoints.download, { id: row.id }),
    previewUrl: row.isImage ? '/api' + pathOf(attachmentEndpoints.preview, { id: row.id }) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

type PostListRow = {
  post: Pick<PostRow, 'id' | 'boardId' | 'authorId' | 'title' | 'createdAt' | 'updatedAt'>;
  excerpt: string;
  author: Author;
  attachmentCount: number;
  commentCount: number;
};

export function presentPostSummary(row: PostListRow, teamId: number): PostSummary {
  return {
    id: row.post.id,
    boardId: row.post.boardId,
    teamId,
    title: row.post.title,
    excerpt: row.excerpt,
    authorId: row.post.authorId,
    authorName: row.author.name,
    createdAt: row.post.createdAt.toISOString(),
    updatedAt: row.post.updatedAt.toISOString(),
    attachmentCount: row.attachmentCount,
    commentCount: row.commentCount,
  };
}

export function presentPost(
  row: { post: PostRow; author: Author; teamId: number; commentCount: number },
  files: AttachmentRow[],
): Post {
  return {
    id: row.post.id,
    boardId: row.post.boardId,
    teamId: row.teamId,
    title: row.post.title,
    content: row.post.content,
    authorId: row.post.authorId,
    authorName: row.author.name,
    authorProfileImageUrl: row.author.profileImageUrl,
    createdAt: row.post.createdAt.toISOString(),
    updatedAt: row.post.updatedAt.toISOString(),
    attachmentCount: files.length,
    commentCount: row.commentCount,
    attachments: files.map(presentAttachment),
  };
}
