import { ErrorCode } from '@teamup/contracts/error-codes';
import { ko } from '../../../i18n/ko';
import { errorMessage, hasCode } from '../../../lib/error-message';

/** Korean texts for the problems a join can answer (spec 01 section 8). */
const joinTexts: Partial<Record<string, string>> = {
  [ErrorCode.WORKSPACE_BANNED]: ko.workspaces.join.banned,
  [ErrorCode.WORKSPACE_PASSWORD_WRONG]: ko.workspaces.join.passwordWrong,
  [ErrorCode.WORKSPACE_PASSWORD_REQUIRED]: ko.workspaces.join.passwordRequired,
  [ErrorCode.WORKSPACE_INVITE_INVALID]: ko.workspaces.join.inviteNotFound,
  [ErrorCode.WORKSPACE_NOT_FOUND]: ko.workspaces.join.inviteNotFound,
  [ErrorCode.WORKSPACE_ID_NOT_ALLOWED]: ko.workspaces.join.idNotAllowed,
};

/** The text to show when joining a workspace failed; other problems show the server's detail. */
export function joinErrorMessage(error: unknown): string {
  return errorMessage(error, { byCode: joinTexts, fallback: ko.workspaces.join.failed });
}

/** True when the workspace wants a password the user has not given yet. */
export function needsPassword(error: unknown): boolean {
  return hasCode(error, ErrorCode.WORKSPACE_PASSWORD_REQUIRED);
}
