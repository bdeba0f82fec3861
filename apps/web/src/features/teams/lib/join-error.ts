import { ErrorCode } from '@teamup/contracts/error-codes';
import { ko } from '../../../i18n/ko';
import { errorMessage } from '../../../lib/error-message';

/**
 * The text for a failed team join (spec 02 section 8): already a member, a wrong password,
 * else the server's detail, else '팀 참여에 실패했습니다.'.
 */
export function teamJoinErrorMessage(error: unknown): string {
  return errorMessage(error, {
    fallback: ko.teams.joinFailed,
    byCode: {
      [ErrorCode.TEAM_ALREADY_MEMBER]: ko.teams.alreadyMember,
      [ErrorCode.TEAM_PASSWORD_WRONG]: ko.teams.passwordWrong,
    },
  });
}
