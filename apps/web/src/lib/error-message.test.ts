import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ClientErrorCode } from './api-error';
import { errorMessage } from './error-message';

describe('errorMessage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says "offline" for a network failure when the browser knows it is offline', () => {
    const error = new ApiError(0, ClientErrorCode.NETWORK_ERROR, 'failed');
    vi.stubGlobal('navigator', { onLine: true });
    expect(errorMessage(error)).toBe(
      '네트워크 연결에 실패했습니다. 서버가 실행 중인지 확인해주세요.',
    );
    vi.stubGlobal('navigator', { onLine: false });
    expect(errorMessage(error)).toBe('오프라인 상태입니다. 인터넷에 다시 연결되면 시도해주세요.');
  });

  it('maps by code, never by the text', () => {
    const error = new ApiError(401, 'INVALID_CREDENTIALS', 'anything the server says');
    expect(errorMessage(error)).toBe('이메일 또는 비밀번호가 올바르지 않습니다.');
  });

  it('shows the server detail for codes without a catalogue text', () => {
    const error = new ApiError(429, 'CODE_RESEND_TOO_SOON', '45초 후에 다시 요청해주세요.');
    expect(errorMessage(error)).toBe('45초 후에 다시 요청해주세요.');
  });

  it('adds Retry-After to a rate limit', () => {
    const error = new ApiError(429, 'RATE_LIMITED', '요청이 너무 많습니다.', undefined, 30);
    expect(errorMessage(error)).toBe('요청이 너무 많습니다. 30초 후에 다시 시도할 수 있습니다.');
    const hourly = (wait: number) =>
      errorMessage(new ApiError(429, 'RATE_LIMITED', '많습니다.', undefined, wait));
    expect(hourly(90)).toBe('많습니다. 2분 후에 다시 시도할 수 있습니다.');
    expect(hourly(3600)).toBe('많습니다. 1시간 후에 다시 시도할 수 있습니다.');
    expect(hourly(5400)).toBe('많습니다. 1시간 30분 후에 다시 시도할 수 있습니다.');
  });

  it('falls back for unknown failures and non-problem answers', () => {
    expect(errorMessage(new Error('boom'), { fallback: '로그인에 실패했습니다' })).toBe(
      '로그인에 실패했습니다',
    );
    expect(
      errorMessage(new ApiError(502, 'HTTP_ERROR', 'HTTP 502'), {
        fallback: '회원가입에 실패했습니다',
      }),
    ).toBe('회원가입에 실패했습니다');
  });

  it('lets a screen override the shared text', () => {
    const error = new ApiError(400, 'CODE_INVALID', '잘못된 인증 코드입니다.');
    expect(errorMessage(error, { byCode: { CODE_INVALID: '다른 문구' } })).toBe('다른 문구');
  });
});
