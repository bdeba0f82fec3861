import { BoardMessages } from '@teamup/contracts/board';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { errorMessage } from '../../../lib/error-message';

/**
 * Board texts per problem code. The shared catalogue's FILE_TOO_LARGE speaks of 5 MB images, so
 * the board gives the attachment limits instead; a server failure shows the screen's own text.
 */
const boardByCode = (fallback: string): Partial<Record<string, string>> => ({
  [ErrorCode.FILE_TOO_LARGE]: BoardMessages.fileTooLarge,
  [ErrorCode.POST_FILES_TOO_LARGE]: BoardMessages.filesTooLarge,
  [ErrorCode.PAYLOAD_TOO_LARGE]: BoardMessages.filesTooLarge,
  [ErrorCode.POST_FILES_TOO_MANY]: BoardMessages.tooManyFiles,
  [ErrorCode.AUTHOR_ONLY]: BoardMessages.authorOnly,
  [ErrorCode.ANNOUNCEMENT_NOT_FOUND]: BoardMessages.announcementNotFound,
  [ErrorCode.ANNOUNCEMENT_LEADER_ONLY]: BoardMessages.announcementLeaderOnly,
  [ErrorCode.POST_NOT_FOUND]: BoardMessages.postNotFound,
  [ErrorCode.COMMENT_NOT_FOUND]: BoardMessages.commentNotFound,
  [ErrorCode.ATTACHMENT_NOT_FOUND]: BoardMessages.attachmentNotFound,
  [ErrorCode.INTERNAL]: fallback,
});

/** The Korean text for a failed board action; `fallback` is the action's own failure text. */
export function boardErrorMessage(error: unknown, fallback: string): string {
  return errorMessage(error, { fallback, byCode: boardByCode(fallback) });
}
