import { z } from 'zod';
import { idSchema, pageQuerySchema, pageSchema } from './common';
import { binaryFile, endpoint } from './endpoint';
import { ErrorCode } from './error-codes';
import {
  CommentMessages,
  commentListQuerySchemaOf,
  commentTextSchema,
  commentView,
} from './comments';
import { FileMessages, Limits } from './limits';

const MB = 1024 * 1024;

/** Texts of spec 02 sections 5 and 8 for announcements, posts, comments and attachments. */
export const BoardMessages = {
  titleAndContentRequired: '제목과 내용을 모두 입력해주세요.',
  titleTooLong: `제목은 ${Limits.titleMax}자 이하여야 합니다.`,
  contentTooLong: `내용은 ${Limits.contentMax.toLocaleString('ko-KR')}자 이하여야 합니다.`,
  commentRequired: CommentMessages.commentRequired,
  commentTooLong: CommentMessages.commentTooLong,
  announcementNotFound: '공지사항을 찾을 수 없습니다.',
  announcementLeaderOnly: '이 팀은 팀장만 공지를 작성할 수 있습니다.',
  postNotFound: '게시글을 찾을 수 없습니다.',
  commentNotFound: CommentMessages.commentNotFound,
  attachmentNotFound: '첨부파일을 찾을 수 없습니다.',
  authorOnly: '작성자만 수정하거나 삭제할 수 있습니다.',
  postAuthorOnly: '게시글 작성자만 첨부파일을 관리할 수 있습니다.',
  boardMismatch: '이 팀의 게시판이 아닙니다.',
  fileTooLarge: FileMessages.fileTooLarge,
  tooManyFiles: `첨부파일은 게시글당 최대 ${Limits.attachmentsPerPost}개까지 올릴 수 있습니다.`,
  filesTooLarge: `첨부파일은 게시글당 합계 ${Limits.postFilesMaxBytes / MB}MB 이하여야 합니다.`,
  fileRequired: FileMessages.fileRequired,
  notPreviewable: '미리보기를 지원하지 않는 파일입니다.',
} as const;

const titleSchema = z
  .string()
  .trim()
  .min(1, BoardMessages.titleAndContentRequired)
  .max(Limits.titleMax, BoardMessages.titleTooLong);
/** Kept exactly as written (line breaks too); only blank content is refused. */
const contentSchema = z
  .string()
  .max(Limits.contentMax, BoardMessages.contentTooLong)
  .refine((value) => value.trim().length > 0, BoardMessages.titleAndContentRequired);
// --- announcements ---------------------------------------------------------------------------

export const announcementListQuerySchema = z.object({
  teamId: idSchema,
  page: pageQuerySchema.shape.page,
  size: z.coerce.number().int().min(1).max(100).default(Limits.announcementPageSize),
});

/** POST /workspaces/{ws}/announcement */
export const createAnnouncementSchema = z.object({
  teamId: idSchema,
  title: titleSchema,
  content: contentSchema,
});
export type CreateAnnouncementInput = z.input<typeof createAnnouncementSchema>;

/** PATCH /workspaces/{ws}/announcement/{id} */
export const updateAnnouncementSchema = z.object({
  title: titleSchema.optional(),
  content: contentSchema.optional(),
});
export type UpdateAnnouncementInput = z.input<typeof updateAnnouncementSchema>;

export const announcementParamsSchema = z.object({ workspaceId: idSchema, id: idSchema });
export const workspaceParamsSchema = z.object({ workspaceId: idSchema });

export const announcementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  teamId: z.number().int(),
  accountId: z.number().int(),
  authorName: z.string(),
  authorProfileImageUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** The spec's announcement page shape. */
export const announcementPageSchema = z.object({
  announcements: z.array(announcementSchema),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
  size: z.number().int(),
  pageSize: z.number().int(),
  hasNext: z.boolean(),
  hasPrevious: z.boolean(),
});
export type AnnouncementPage = z.infer<typeof announcementPageSchema>;

// --- posts -----------------------------------------------------------------------------------

export const postListQuerySchema = z.object({
  /** The team's bulletinBoardId; absent means the team's board. */
  boardId: idSchema.optional(),
  page: pageQuerySchema.shape.page,
  size: z.coerce.number().int().min(1).max(100).default(Limits.postPageSize),
});

/**
 * The text fields of POST /teams/{t}/posts (multipart: these plus any number of `files`, up to
 * the per-post limits) and the body of PATCH /posts/{id}.
 */
export const createPostFieldsSchema = z.object({
  title: titleSchema,
  content: contentSchema,
  boardId: idSchema.optional(),
});
export type CreatePostFields = z.input<typeof createPostFieldsSchema>;

export const updatePostSchema = z.object({
  title: titleSchema.optional(),
  content: contentSchema.optional(),
});
export type UpdatePostInput = z.input<typeof updatePostSchema>;

export const teamPostsParamsSchema = z.object({ teamId: idSchema });
export const postParamsSchema = z.object({ id: idSchema });
export const attachmentParamsSchema = z.object({ id: idSchema, attachmentId: idSchema });
export const commentParamsSchema = z.object({ id: idSchema });
export const fileParamsSchema = z.object({ id: idSchema });

export const attachmentSchema = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  /** The name as uploaded (Korean and spaces kept). */
  originalFileName: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  /** Media type served on download; images only when their bytes are a raster image. */
  contentType: z.string(),
  /** True when the bytes are PNG, JPEG, GIF, WebP or BMP: `previewUrl` shows it inline. */
  isImage: z.boolean(),
  downloadUrl: z.string(),
  previewUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const postSummarySchema = z.object({
  id: z.number().int(),
  boardId: z.number().int(),
  teamId: z.number().int(),
  title: z.string(),
  /** The first few hundred characters, for the list. */
  excerpt: z.string(),
  authorId: z.number().int(),
  authorName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  attachmentCount: z.number().int(),
  commentCount: z.number().int(),
});
export type PostSummary = z.infer<typeof postSummarySchema>;

export const postSchema = postSummarySchema.omit({ excerpt: true }).extend({
  content: z.string(),
  authorProfileImageUrl: z.string().nullable(),
  attachments: z.array(attachmentSchema),
});
export type Post = z.infer<typeof postSchema>;

export const postPageSchema = pageSchema(postSummarySchema);

// --- comments --------------------------------------------------------------------------------

export const commentListQuerySchema = commentListQuerySchemaOf(Limits.commentPageSize);

export const commentInputSchema = z.object({ content: commentTextSchema });
export type CommentInput = z.input<typeof commentInputSchema>;

/** A post's comment: the shared shape with the post's id as `postId`. */
export const postCommentView = commentView({ subjectId: 'postId' });
export const commentSchema = postCommentView.schema;
export type Comment = z.infer<typeof commentSchema>;

export const commentPageSchema = pageSchema(commentSchema);

/** Image attachments are recognised by extension in the list (spec 02 section 2). */
export const imageExtensions = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'svg'] as const;

export function hasImageExtension(fileName: string): boolean {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  return (imageExtensions as readonly string[]).includes(extension);
}

// --- endpoints -------------------------------------------------------------------------------

export const announcementEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/workspaces/:workspaceId/announcement',
    summary: 'A team’s announcements, newest first (size 5 by default)',
    params: workspaceParamsSchema,
    query: announcementListQuerySchema,
    response: announcementPageSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/workspaces/:workspaceId/announcement',
    summary: 'Post an announcement in a workspace (the leader only, when the team says so)',
    params: workspaceParamsSchema,
    body: createAnnouncementSchema,
    response: announcementSchema,
    status: 201,
    errors: { 403: [ErrorCode.ANNOUNCEMENT_LEADER_ONLY] },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/workspaces/:workspaceId/announcement/:id',
    summary: 'Edit an announcement (author only)',
    params: announcementParamsSchema,
    body: updateAnnouncementSchema,
    response: announcementSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/workspaces/:workspaceId/announcement/:id',
    summary: 'Delete an announcement (author only)',
    params: announcementParamsSchema,
    status: 204,
  }),
};

/** A post's attachments and the file downloads and previews. */
export const attachmentEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/posts/:id/attachments',
    summary: "A post's attachments",
    params: postParamsSchema,
    response: z.array(attachmentSchema),
  }),
  /** multipart/form-data, one file in the field `file` (or `files`, `files[]`). */
  upload: endpoint({
    method: 'POST',
    path: '/posts/:id/attachments',
    summary: 'Add one file (multipart field `file`) to a post (post author only)',
    params: postParamsSchema,
    form: z.object({
      file: binaryFile('The file (the field may also be named `files` or `files[]`)'),
    }),
    response: attachmentSchema,
    status: 201,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/posts/:id/attachments/:attachmentId',
    summary: 'Remove a file from a post (post author only)',
    params: attachmentParamsSchema,
    status: 204,
  }),
  /** Answers the file's bytes, not an envelope. */
  download: endpoint({
    method: 'GET',
    path: '/files/:id/download',
    summary: 'Download an attachment (always as a file, with its original name)',
    params: fileParamsSchema,
  }),
  /** Answers the image's bytes, not an envelope. */
  preview: endpoint({
    method: 'GET',
    path: '/files/:id/preview',
    summary:
      'An image attachment shown inline; only files whose bytes are a raster image (415 otherwise)',
    params: fileParamsSchema,
    errors: { 415: [ErrorCode.FILE_NOT_PREVIEWABLE] },
  }),
};

/** A team board's posts. */
export const postEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/teams/:teamId/posts',
    summary: 'The posts of the team’s board, newest first (size 5 by default)',
    params: teamPostsParamsSchema,
    query: postListQuerySchema,
    response: postPageSchema,
  }),
  /**
   * multipart/form-data (`createPostFieldsSchema` plus `files`) or JSON without files; the body
   * is read and checked by the route, as multipart has no schema to give.
   */
  create: endpoint({
    method: 'POST',
    path: '/teams/:teamId/posts',
    summary: `A new post: multipart title, content, boardId and files (each ≤ ${Limits.attachmentMaxBytes / MB} MB, ≤ ${Limits.attachmentsPerPost} files, ≤ ${Limits.postFilesMaxBytes / MB} MB in all); JSON without files also works`,
    params: teamPostsParamsSchema,
    form: createPostFieldsSchema.extend({
      files: z
        .array(binaryFile('A file (the field may also be named `file` or `files[]`)'))
        .max(Limits.attachmentsPerPost)
        .optional(),
    }),
    response: postSchema,
    status: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: '/posts/:id',
    summary: 'A post with its attachments',
    params: postParamsSchema,
    response: postSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/posts/:id',
    summary: 'Edit a post (author only)',
    params: postParamsSchema,
    body: updatePostSchema,
    response: postSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/posts/:id',
    summary: 'Delete a post with its comments and files (author only)',
    params: postParamsSchema,
    status: 204,
  }),
};

/** A post's comments: listed and added under the post, edited and deleted by their own id. */
export const postCommentEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/posts/:id/comments',
    summary: 'A post’s comments, oldest first (size 10 by default)',
    params: postParamsSchema,
    query: commentListQuerySchema,
    response: commentPageSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/posts/:id/comments',
    summary: 'Comment on a post',
    params: postParamsSchema,
    body: commentInputSchema,
    response: commentSchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/comments/:id',
    summary: 'Edit a comment (author only)',
    params: commentParamsSchema,
    body: commentInputSchema,
    response: commentSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/comments/:id',
    summary: 'Delete a comment (author only)',
    params: commentParamsSchema,
    status: 204,
  }),
};
