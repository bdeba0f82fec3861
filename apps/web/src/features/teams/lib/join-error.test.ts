import { describe, expect, it } from 'vitest';
import { ApiError, ClientErrorCode } from '../../../lib/api-error';
import { teamJoinErrorMessage } from './join-error';

describe('teamJoinErrorMessage', () => {
  it('names an existing membership and a wrong password in fixed texts', () => {
    expect(teamJoinErrorMessage(new ApiError(409, 'TEAM_ALREADY_MEMBER', '이미 참여 중'))).toBe(
      '이미 이 팀에 참여하고 있습니다.',
    );
    expect(teamJoinErrorMessage(new ApiError(403, 'TEAM_PASSWORD_WRONG', 'x'))).toBe(
      '잘못된 비밀번호이거나 참여에 실패했습니다.',
    );
  });

  it("shows the server's detail, else the fallback", () => {
    expect(
      teamJoinErrorMessage(new ApiError(403, 'TEAM_PASSWORD_REQUIRED', '비밀번호가 필요한 팀')),
    ).toBe('비밀번호가 필요한 팀');
    expect(teamJoinErrorMessage(new ApiError(500, ClientErrorCode.HTTP_ERROR, 'HTTP 500'))).toBe(
      '팀 참여에 실패했습니다.',
    );
    expect(teamJoinErrorMessage(new Error('boom'))).toBe('팀 참여에 실패했습니다.');
  });
});
