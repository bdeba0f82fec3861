import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { ApiError } from '../../../lib/api-error';
import { tokenStore } from '../../../lib/token-store';
import { renderPage } from '../../../test/render';
import { ok, stubApi, type ApiCall } from '../../../test/stub-api';
import { CreateVideoRoomDialog, createRoomError } from './create-video-room-dialog';

let calls: ApiCall[] = [];
/** The bodies of the rooms asked for. */
const posts = () => calls.filter((call) => call.method === 'POST').map((call) => call.body);

/** `answer` decides each POST; every list asked for is empty. */
function stubRooms(answer: () => Response) {
  calls = stubApi((call) => (call.method === 'POST' ? answer() : ok([])));
}

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: 3 });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('createRoomError', () => {
  it('maps a duplicate name to the spec text and prefixes anything else with 오류:', () => {
    expect(createRoomError(new ApiError(409, ErrorCode.VIDEO_CHANNEL_DUPLICATE, 'x'))).toBe(
      '같은 이름의 화상회의 방이 이미 존재합니다. 다른 이름을 사용해주세요.',
    );
    expect(
      createRoomError(new ApiError(403, ErrorCode.WORKSPACE_FORBIDDEN, '멤버가 아닙니다.')),
    ).toBe('오류: 멤버가 아닙니다.');
  });
});

describe('CreateVideoRoomDialog', () => {
  it('requires a name before calling the server', async () => {
    stubRooms(() => new Response(null, { status: 500 }));
    renderPage('/', <CreateVideoRoomDialog opened onClose={() => undefined} workspaceId={5} />);
    fireEvent.change(await screen.findByTestId('video-room-name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('video-room-create'));
    expect(await screen.findByText('회의실 이름을 입력해주세요.')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('shows the duplicate-name text the server answers with', async () => {
    stubRooms(() =>
      Response.json(
        {
          type: 'about:blank',
          title: 'Conflict',
          status: 409,
          code: ErrorCode.VIDEO_CHANNEL_DUPLICATE,
          detail: '같은 이름의 화상회의 방이 이미 존재합니다. 다른 이름을 사용해주세요.',
        },
        { status: 409 },
      ),
    );
    renderPage('/', <CreateVideoRoomDialog opened onClose={() => undefined} workspaceId={5} />);
    fireEvent.change(await screen.findByTestId('video-room-name'), {
      target: { value: ' 주간 회의 ' },
    });
    fireEvent.click(screen.getByTestId('video-room-create'));
    expect(
      await screen.findByText(
        '같은 이름의 화상회의 방이 이미 존재합니다. 다른 이름을 사용해주세요.',
      ),
    ).toBeTruthy();
    expect(posts()).toEqual([{ name: '주간 회의', mode: 'PRESENTATION' }]);
  });

  it('makes a discussion when chosen, saying what it means (issue 47)', async () => {
    stubRooms(() => new Response(null, { status: 500 }));
    renderPage('/', <CreateVideoRoomDialog opened onClose={() => undefined} workspaceId={5} />);
    fireEvent.change(await screen.findByTestId('video-room-name'), {
      target: { value: '조별 토론' },
    });
    const presentation = screen.getByRole('radio', { name: /발표 모드/ });
    expect((presentation as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/동시에 최대 4명까지/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /회의 모드/ }));
    fireEvent.click(screen.getByTestId('video-room-create'));
    await waitFor(() => expect(posts()).toEqual([{ name: '조별 토론', mode: 'DISCUSSION' }]));
  });
});
