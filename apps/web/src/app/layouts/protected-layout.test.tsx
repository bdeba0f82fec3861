import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { tokenStore } from '../../lib/token-store';
import { FakeEventSource } from '../../test/fake-event-source';
import { installBrowserShims } from '../../test/render';
import { ok, stubApi, testUser } from '../../test/stub-api';
import { AppProviders } from '../providers';
import { ProtectedLayout } from './protected-layout';
import type * as TopBarModule from './top-bar';
import type { Workspace } from '@teamup/contracts/workspaces';

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return <p>login from {from}</p>;
}

let topBarRenders = 0;
// The frame's top bar, counting its renders (the frame renders it with new props each time).
vi.mock('./top-bar', async (importOriginal) => {
  const { TopBar } = await importOriginal<typeof TopBarModule>();
  return {
    TopBar: (props: Parameters<typeof TopBar>[0]) => {
      topBarRenders += 1;
      return TopBar(props);
    },
  };
});

function renderAt(path: string) {
  installBrowserShims();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<LoginProbe />} />
          <Route element={<ProtectedLayout />}>
            <Route path="/my-page" element={<p>my page body</p>} />
            <Route path="/notifications" element={<p>notifications body</p>} />
            <Route
              path="/ws/:workspaceId"
              element={
                <p>
                  workspace body <Link to="/ws/7">to the workspace</Link>
                </p>
              }
            />
          </Route>
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

/** The stubbed server (signed in, empty lists) behind a network that fails until `reach()`. */
function unreachableServer() {
  stubApi(() => ok([]));
  const answer = vi.mocked(fetch).getMockImplementation()!;
  let reachable = false;
  vi.mocked(fetch).mockImplementation((...args) =>
    reachable ? answer(...args) : Promise.reject(new TypeError('Failed to fetch')),
  );
  return { reach: () => (reachable = true) };
}

beforeEach(() => localStorage.clear());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProtectedLayout', () => {
  it('sends an anonymous visitor to /login, keeping where they came from', async () => {
    stubApi();
    renderAt('/my-page?tab=1');
    expect(await screen.findByText('login from /my-page?tab=1')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('restores the session from the stored tokens and shows the page in the layout', async () => {
    tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: 3 });
    // The frame's other asks (the user's workspaces): none here.
    stubApi(() => ok([]));
    renderAt('/my-page');
    expect(screen.getByText('로그인 정보를 확인하는 중입니다...')).toBeTruthy();
    expect(await screen.findByText('my page body')).toBeTruthy();
    expect(await screen.findByTestId('profile-menu')).toBeTruthy();
    expect(screen.getByText('TeamUp')).toBeTruthy();
    const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/session');
    expect(new Headers(init?.headers).get('Account-Id')).toBe('3');
  });

  it('offline, keeps the session and shows the Korean offline screen, which tries again', async () => {
    tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: 3 });
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const server = unreachableServer();
    renderAt('/my-page');
    expect(await screen.findByRole('heading', { name: '오프라인 상태입니다' })).toBeTruthy();
    expect(screen.queryByText(/login from/)).toBeNull();
    expect(tokenStore.hasSession()).toBe(true);

    // The server is reachable again but the browser still says offline: the button tries again.
    server.reach();
    screen.getByRole('button', { name: '다시 시도' }).click();
    expect(await screen.findByText('my page body')).toBeTruthy();
    offline.mockRestore();
  });

  it('tells "the server is not answering" from "offline", and retries when the network returns', async () => {
    tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: 3 });
    const server = unreachableServer();
    renderAt('/my-page');
    expect(await screen.findByRole('heading', { name: '서버에 연결할 수 없습니다' })).toBeTruthy();
    server.reach();
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('my page body')).toBeTruthy();
  });

  it('keeps the side panel of the last workspace on My Page and the notifications page', async () => {
    tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: 3 });
    const workspace: Workspace = {
      id: 7,
      name: '캡스톤',
      iconUrl: null,
      inviteCode: 'abc',
      url: 'http://localhost/#/ws/abc',
      passwordProtected: false,
      isClass: false,
      owner: { id: 3 },
      myRole: 'OWNER',
      memberCount: 1,
      createdAt: '2026-01-01T00:00:00Z',
    };
    stubApi((call) => (call.path === '/api/workspaces/my' ? ok([workspace]) : ok([])));
    // A wide screen, where the navigation column is always shown (on a phone it is a drawer).
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('min-width'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
    for (const path of ['/my-page', '/notifications']) {
      const view = renderAt(path);
      expect(await screen.findByTestId('workspace-side-panel')).toBeTruthy();
      view.unmount();
    }
  });

  it('offers the profile prompt once an invite being followed has led to its workspace', async () => {
    tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: 3 });
    const calls = stubApi(
      (call) =>
        call.path === '/api/users/me/profile-prompt/dismiss'
          ? ok({ ...testUser, profilePromptPending: false })
          : ok([]),
      { user: { ...testUser, profilePromptPending: true } },
    );
    renderAt('/ws/AbCd123456');
    expect(await screen.findByText('workspace body')).toBeTruthy();
    // Not over the invite's join (or its password dialog): with the prompt's module loaded (so a
    // prompt rendered by mistake would be on the page by now), none shows.
    await act(() => import('../../features/users/components/profile-prompt'));
    expect(screen.queryByText('프로필을 완성하세요')).toBeNull();

    act(() => screen.getByText('to the workspace').click());
    expect(await screen.findByText('프로필을 완성하세요')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/이름/).value).toBe('김하늘');
    act(() => screen.getByTestId('profile-prompt-later').click());
    await waitFor(() => expect(screen.queryByText('프로필을 완성하세요')).toBeNull());
    expect(
      calls.filter((c) => c.method === 'POST' && c.path === '/api/users/me/profile-prompt/dismiss'),
    ).toHaveLength(1);
  });

  it('starts the live connection without rendering the frame again', async () => {
    tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: 3 });
    FakeEventSource.reset();
    vi.stubGlobal('EventSource', FakeEventSource);
    stubApi((call) =>
      call.path === '/api/sse/register'
        ? ok({ ticket: 'ticket', expiresAt: '2030-01-01T00:00:00Z' })
        : ok([]),
    );
    topBarRenders = 0;
    renderAt('/my-page');
    expect(await screen.findByText('my page body')).toBeTruthy();

    // The first screen is up: the handlers load, the stream is asked for and opens.
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1), { timeout: 5000 });
    act(() => FakeEventSource.latest().open());
    await waitFor(() => expect(screen.getByTestId('live-status').dataset.state).toBe('open'));
    // The frame renders for the page and, at most, once more when the user's workspaces answer;
    // the gate opening, the handlers starting and the stream opening render only the live parts
    // (before they were lifted out of the frame, the top bar rendered three or four times here).
    expect(topBarRenders).toBeLessThanOrEqual(2);
  });
});
