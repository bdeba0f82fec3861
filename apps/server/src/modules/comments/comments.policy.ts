/*
 * Who may change a comment (decision 0038), on posts and tasks alike: its author, nobody else.
 * Who may see the subject, and the problem a refusal answers, stay the subject module's.
 */

/** Edits or deletes the comment. */
export function canChangeComment(comment: { authorId: number | null }, userId: number): boolean {
  return comment.authorId === userId;
}
