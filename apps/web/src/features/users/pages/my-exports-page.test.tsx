import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { DataExport } from '@teamup/contracts/exports';
import { tokenStore } from '../../../lib/token-store';
import { renderPage } from '../../../test/render';
import { ok, problem, routes, stubApi, testUser, type ApiCall } from '../../../test/stub-api';
import { MyExportsPage } from './my-exports-page';

const ready: DataExport = {
  id: 12,
  kind: 'WORKSPACE',
  workspace: { id: 7, name: '졸업 프로젝트' },
  status: 'READY',
  size: 3 * 1024 * 1024,
  createdAt: '2026-12-01T01:00:00.000Z',
  finishedAt: '2026-12-01T01:02:00.000Z',
  expiresAt: '2026-12-08T01:02:00.000Z',
  downloadPath: '/exports/12/download',
};
const pending: DataExport = {
  ...ready,
  id: 13,
  kind: 'PERSONAL',
  workspace: null,
  status: 'PENDING',
  size: null,
  finishedAt: null,
  expiresAt: null,
  downloadPath: null,
};
const failed: DataExport = { ...pending, id: 11, status: 'FAILED', finishedAt: ready.finishedAt };
const expired: DataExport = {
  ...ready,
  id: 10,
  size: 512 * 1024,
  expiresAt: '2026-11-20T00:00:00.000Z',
  downloadPath: null,
};

const listCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === '/api/users/me/exports');

const renderExports = () => renderPage('/my-page/exports', <MyExportsPage />);
const rows = () => screen.getAllByTestId('export-row');

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: testUser.id });
});

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MyExportsPage (내 데이터 내보내기)', () => {
  it('says what a personal export holds and lists each export with its state', async () => {
    stubApi(routes({ 'GET /api/users/me/exports': () => ok([ready, failed, expired]) }));
    renderExports();
    const page = await screen.findByTestId('my-exports-page');
    for (const item of [
      '프로필',
      '내가 보낸 채팅 메시지',
      '내가 쓴 게시글과 댓글',
      '나에게 배정된 작업',
      '내가 올린 파일',
    ]) {
      expect(within(page).getByText(item)).toBeTruthy();
    }
    expect(screen.getByTestId('exports-kept-hint').textContent).toContain(
      '7일 동안 내려받을 수 있습니다',
    );
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [first, second, third] = rows();
    expect(first?.dataset.state).toBe('READY');
    expect(first?.textContent).toContain("워크스페이스 '졸업 프로젝트'");
    expect(within(first!).getByTestId('export-status').textContent).toBe('완료');
    expect(first?.textContent).toContain('3 MB');
    expect(second?.dataset.state).toBe('FAILED');
    expect(second?.textContent).toContain('내 데이터');
    expect(within(second!).getByTestId('export-status').textContent).toBe('실패');
    expect(third?.dataset.state).toBe('EXPIRED');
    expect(within(third!).getByTestId('export-status').textContent).toBe('기간 만료');
    expect(third?.textContent).toContain('512 KB');
    // Only an export with a download path can be downloaded.
    expect(within(first!).queryByTestId('export-download')).not.toBeNull();
    expect(within(second!).queryByTestId('export-download')).toBeNull();
    expect(within(third!).queryByTestId('export-download')).toBeNull();
  });

  it('downloads a ready export with the session token and saves it under its name', async () => {
    const saved: Array<{ name: string; href: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, href: this.href });
    });
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      writable: true,
      value: vi.fn(() => 'blob:test/export'),
    });
    Object.defineProperty(URL, 'revokeObjectURL', {
      configurable: true,
      writable: true,
      value: vi.fn(),
    });
    const calls = stubApi(
      routes({
        'GET /api/users/me/exports': () => ok([ready]),
        'GET /api/exports/12/download': () =>
          new Response('PK', {
            headers: {
              'Content-Type': 'application/zip',
              'Content-Disposition': 'attachment; filename="teamup-workspace-7-2026-12-01.zip"',
            },
          }),
      }),
    );
    renderExports();
    fireEvent.click(
      await screen.findByRole('button', { name: "워크스페이스 '졸업 프로젝트' 내보내기 내려받기" }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('teamup-workspace-7-2026-12-01.zip');
    const download = calls.find((call) => call.path === '/api/exports/12/download');
    expect(download?.headers.get('Authorization')).toBe('Bearer access');
  });

  it('asks for a personal export, says so and lists it', async () => {
    let made = false;
    const calls = stubApi(
      routes({
        'GET /api/users/me/exports': () => ok(made ? [pending] : []),
        'POST /api/users/me/export': () => {
          made = true;
          return ok(pending, 201);
        },
      }),
    );
    renderExports();
    expect((await screen.findByTestId('exports-empty')).textContent).toContain(
      '아직 요청한 내보내기가 없습니다.',
    );
    fireEvent.click(screen.getByTestId('export-mine'));
    expect(
      await screen.findByText('내보내기를 시작했습니다. 준비되면 메일과 알림으로 알려드립니다.'),
    ).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]?.dataset.state).toBe('PENDING');
    expect(within(rows()[0]!).getByTestId('export-status').textContent).toBe('준비 중');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/users/me/export',
    ]);
  });

  it("shows the server's Korean refusal when the day's exports are used up", async () => {
    stubApi(
      routes({
        'GET /api/users/me/exports': () => ok([]),
        'POST /api/users/me/export': () =>
          problem(429, 'RATE_LIMITED', '내보내기는 하루에 5번까지 요청할 수 있습니다.'),
      }),
    );
    renderExports();
    await screen.findByTestId('exports-empty');
    fireEvent.click(screen.getByTestId('export-mine'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      '내보내기는 하루에 5번까지 요청할 수 있습니다.',
    );
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let fail = true;
    stubApi(
      routes({
        'GET /api/users/me/exports': () =>
          fail ? problem(500, 'INTERNAL', '서버 오류') : ok([ready]),
      }),
    );
    renderExports();
    expect((await screen.findByRole('alert')).textContent).toContain('서버 오류가 발생했습니다');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('asks again every 3 s while an export is being built, and stops once none is', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    let building = true;
    const calls = stubApi(
      routes({
        'GET /api/users/me/exports': () =>
          ok([building ? pending : { ...pending, status: 'READY', downloadPath: '/x' }]),
      }),
    );
    renderExports();
    await waitFor(() => expect(rows()[0]?.dataset.state).toBe('PENDING'));
    expect(listCalls(calls)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    building = false;
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() => expect(rows()[0]?.dataset.state).toBe('READY'));
    const asked = listCalls(calls).length;

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(listCalls(calls)).toHaveLength(asked);
  });
});
