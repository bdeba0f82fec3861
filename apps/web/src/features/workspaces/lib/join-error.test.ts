import { describe, expect, it } from 'vitest';
import { ApiError, ClientErrorCode } from '../../../lib/api-error';
import { joinErrorMessage, needsPassword } from './join-error';

const problem = (status: number, code: string, detail = '') => new ApiError(status, code, detail);

describe('joinErrorMessage', () => {
  it('maps the spec problems to their texts', () => {
    expect(joinErrorMessage(problem(403, 'WORKSPACE_BANNED'))).toBe(
      '이 워크스페이스에서 차단된 사용자입니다. 참여할 수 없습니다.',
    );
    expect(joinErrorMessage(problem(403, 'WORKSPACE_PASSWORD_WRONG'))).toBe(
      '워크스페이스 비밀번호가 틀렸습니다.',
    );
  });

  it('shows the server detail for other problems and the fallback otherwise', () => {
    expect(joinErrorMessage(problem(429, 'SOMETHING_ELSE', '잠시 후 다시 시도해주세요.'))).toBe(
      '잠시 후 다시 시도해주세요.',
    );
    expect(joinErrorMessage(problem(500, ClientErrorCode.HTTP_ERROR, 'HTTP 500'))).toBe(
      '워크스페이스 생성/참여에 실패했습니다',
    );
    expect(joinErrorMessage(new Error('x'))).toBe('워크스페이스 생성/참여에 실패했습니다');
  });
});

describe('needsPassword', () => {
  it('is true only for WORKSPACE_PASSWORD_REQUIRED', () => {
    expect(needsPassword(problem(403, 'WORKSPACE_PASSWORD_REQUIRED'))).toBe(true);
    expect(needsPassword(problem(403, 'WORKSPACE_PASSWORD_WRONG'))).toBe(false);
  });
});
