import type { Comment } from '@teamup/contracts/comments';
import type { CommentRow } from './comments.repo';

/** A comment row under the neutral names; each subject renames it for its wire (contracts). */
export function presentComment(row: CommentRow): Comment {
  return {
    id: row.id,
    subjectId: row.subjectId,
    authorId: row.authorId,
    authorName: row.authorName,
    authorProfileImageUrl: row.authorProfileImageUrl,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
