import { ErrorCode } from '@teamup/contracts/error-codes';
import { teamsKo } from '../../../i18n/ko/teams';
import { errorMessage } from '../../../lib/error-message';

/**
 * The text for a failed team join (spec 02 section 8): already a member, a wrong password,
 * else the server's detail, else '팀 참여에 실패했습니다.'.
 */
export function teamJoinErrorMessage(error: unknown): string {
  return errorMessage(error, {
    fallback: teamsKo.joinFailed,
    byCode: {
      [ErrorCode.TEAM_ALREADY_MEMBER]: teamsKo.alreadyMember,
      [ErrorCode.TEAM_PASSWORD_WRONG]: teamsKo.passwordWrong,
    },
  });
}
