import { BoardMessages as M } from '@teamup/contracts/board';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { forbidden } from '../../platform/errors/app-error';

/*
 * Who may change what on a team's board (decision 0038), once they reach the team's content
 * (team-access.service.ts): announcements, posts and a post's files are their author's.
 */

type Authored = { authorId: number | null };

export const authorOnly = (detail: string = M.authorOnly) =>
  forbidden(detail, ErrorCode.AUTHOR_ONLY);

/** Edits or deletes an announcement or a post, and manages a post's files. */
export function canChangeAuthored(item: Authored, userId: number): boolean {
  return item.authorId === userId;
}

/** `detail` says what is the author's (a post's files have their own wording). */
export function assertAuthor(item: Authored, userId: number, detail?: string): void {
  if (!canChangeAuthored(item, userId)) throw authorOnly(detail);
}
