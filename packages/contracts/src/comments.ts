import { z } from 'zod';
import { pageQuerySchema } from './common';
import { Limits } from './limits';

/**
 * Comments, wherever they hang (a board post, a kanban task): one text rule and one shape. Each
 * subject keeps the wire names the spec gives it through a renamed view of that shape.
 */
export const CommentMessages = {
  commentRequired: '댓글 내용을 입력해주세요.',
  commentTooLong: `댓글은 ${Limits.commentMax.toLocaleString('ko-KR')}자 이하여야 합니다.`,
  commentNotFound: '댓글을 찾을 수 없습니다.',
} as const;

/** A comment's text: at most `commentMax` characters and not only white space. */
export const commentTextSchema = z
  .string({ error: CommentMessages.commentRequired })
  .max(Limits.commentMax, CommentMessages.commentTooLong)
  .refine((value) => value.trim().length > 0, CommentMessages.commentRequired);

/** `?page&size` of a subject's comments, oldest first; the subject sets the default size. */
export function commentListQuerySchemaOf(defaultSize: number) {
  return z.object({
    page: pageQuerySchema.shape.page,
    size: z.coerce.number().int().min(1).max(100).default(defaultSize),
  });
}

/** A comment under its neutral names: `subjectId` is the post's or the task's id. */
export const commentSchema = z.object({
  id: z.number().int(),
  subjectId: z.number().int(),
  authorId: z.number().int(),
  authorName: z.string(),
  authorProfileImageUrl: z.string().nullable(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

type CommentShape = typeof commentSchema.shape;

/** A view's wire names: a field renamed, or left out (`null`); unnamed fields keep their name. */
export type CommentNames = { readonly [K in keyof CommentShape]?: string | null };

type ViewShape<N extends CommentNames> = {
  [
    K in keyof CommentShape as K extends keyof N ? (N[K] extends string ? N[K] : never) : K
  ]: CommentShape[K];
};

export interface CommentView<N extends CommentNames> {
  /** The wire shape (responses, OpenAPI). */
  schema: z.ZodObject<ViewShape<N>>;
  /** The wire name of each neutral field (`null`: not on the wire). */
  nameOf: (field: keyof CommentShape) => string | null;
  toWire: (comment: Comment) => z.infer<z.ZodObject<ViewShape<N>>>;
  /** Back to the neutral shape; a field the wire leaves out comes back `null`. */
  fromWire: (wire: z.infer<z.ZodObject<ViewShape<N>>>) => Comment;
}

/** The comment shape under a subject's wire names (e.g. `{ subjectId: 'postId' }`). */
export function commentView<const N extends CommentNames>(names: N): CommentView<N> {
  const fields = Object.keys(commentSchema.shape) as (keyof CommentShape)[];
  const nameOf = (field: keyof CommentShape): string | null => {
    const named: string | null | undefined = names[field];
    return named === undefined ? field : named;
  };
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    const name = nameOf(field);
    if (name !== null) shape[name] = commentSchema.shape[field];
  }
  type Wire = z.infer<z.ZodObject<ViewShape<N>>>;
  return {
    schema: z.object(shape) as unknown as z.ZodObject<ViewShape<N>>,
    nameOf,
    toWire: (comment) => {
      const wire: Record<string, unknown> = {};
      for (const field of fields) {
        const name = nameOf(field);
        if (name !== null) wire[name] = comment[field];
      }
      return wire as Wire;
    },
    fromWire: (wire) => {
      const source = wire as Record<string, unknown>;
      const comment: Record<string, unknown> = {};
      for (const field of fields) {
        const name = nameOf(field);
        comment[field] = name === null ? null : source[name];
      }
      return comment as Comment;
    },
  };
}
