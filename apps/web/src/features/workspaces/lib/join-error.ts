import { ErrorCode } from '@teamup/contracts/error-codes';
import { workspacesKo } from '../../../i18n/ko/workspaces';
import { errorMessage, hasCode } from '../../../lib/error-message';

/** Korean texts for the problems a join can answer (spec 01 section 8). */
const joinTexts: Partial<Record<string, string>> = {
  [ErrorCode.WORKSPACE_BANNED]: workspacesKo.join.banned,
  [ErrorCode.WORKSPACE_PASSWORD_WRONG]: workspacesKo.join.passwordWrong,
  [ErrorCode.WORKSPACE_PASSWORD_REQUIRED]: workspacesKo.join.passwordRequired,
  [ErrorCode.WORKSPACE_INVITE_INVALID]: workspacesKo.join.inviteNotFound,
  [ErrorCode.WORKSPACE_NOT_FOUND]: workspacesKo.join.inviteNotFound,
  [ErrorCode.WORKSPACE_ID_NOT_ALLOWED]: workspacesKo.join.idNotAllowed,
};

/** The text to show when joining a workspace failed; other problems show the server's detail. */
export function joinErrorMessage(error: unknown): string {
  return errorMessage(error, { byCode: joinTexts, fallback: workspacesKo.join.failed });
}

/** True when the workspace wants a password the user has not given yet. */
export function needsPassword(error: unknown): boolean {
  return hasCode(error, ErrorCode.WORKSPACE_PASSWORD_REQUIRED);
}
