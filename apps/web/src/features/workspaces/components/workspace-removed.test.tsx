import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Workspace } from '@teamup/contracts/workspaces';
import { AppProviders } from '../../../app/providers';
import { tokenStore } from '../../../lib/token-store';
import { fakeLiveConnection } from '../../../test/fake-live-connection';
import { installBrowserShims } from '../../../test/render';
import { ok, routes, stubApi } from '../../../test/stub-api';
import { LiveContext } from '../../../lib/live/live-context';
import { myWorkspacesQueryKey } from '../../../lib/queries/my-workspaces';
import { resetRemovalCache } from '../lib/removal-notices';
import { WorkspaceRouteGuard } from './workspace-route-guard';

const workspace: Workspace = {
  id: 7,
  name: '졸업 프로젝트',
  iconUrl: null,
  inviteCode: 'AbCdEf1234',
  url: 'http://localhost/#/ws/AbCdEf1234',
  passwordProtected: false,
  isClass: false,
  owner: { id: 1 },
  myRole: 'MEMBER',
  memberCount: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
};

let mine: Workspace[] = [];
const live = fakeLiveConnection();
const connection = live.connection;

function renderAt(path: string) {
  installBrowserShims();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <LiveContext value={connection}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<WorkspaceRouteGuard />}>
              <Route path="/ws/:workspaceId" element={<p>workspace home</p>} />
              <Route path="/ws/:workspaceId/team/:teamId" element={<p>team page</p>} />
            </Route>
            <Route path="/" element={<p>home page</p>} />
          </Routes>
        </MemoryRouter>
      </LiveContext>
    </AppProviders>,
  );
  return queryClient;
}

/** The live event arrives, then (as useLiveInvalidation does) the list is fetched again. */
async function sendOut(queryClient: QueryClient, reason: 'KICKED' | 'BANNED' | 'LEFT') {
  await act(async () => {
    live.emit({ type: 'WORKSPACE_MEMBER_REMOVED', workspaceId: 7, userId: 3, reason });
    mine = [];
    await queryClient.invalidateQueries({ queryKey: myWorkspacesQueryKey });
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetRemovalCache();
  mine = [workspace];
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: 3 });
  stubApi(routes({ '/api/workspaces/my': () => ok(mine) }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a member sent out of the workspace whose page is open', () => {
  it('is told by name that they were sent out, and offered the way home', async () => {
    const queryClient = renderAt('/ws/7/team/5');
    await screen.findByText('team page');

    await sendOut(queryClient, 'KICKED');

    const notice = await screen.findByTestId('workspace-removed');
    expect(notice.textContent).toContain('졸업 프로젝트에서 내보내졌습니다');
    expect(notice.textContent).toContain('다시 초대받으면 참여할 수 있습니다.');
    expect(screen.queryByText('team page')).toBeNull();
    expect(screen.queryByText('워크스페이스를 찾을 수 없거나 접근 권한이 없습니다.')).toBeNull();
    fireEvent.click(screen.getByTestId('workspace-removed-home'));
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('says a ban cannot be undone by rejoining, and still knows after a reload', async () => {
    const queryClient = renderAt('/ws/7/team/5');
    await screen.findByText('team page');
    await sendOut(queryClient, 'BANNED');
    expect((await screen.findByTestId('workspace-removed')).textContent).toContain(
      '차단이 풀리기 전에는 다시 참여할 수 없습니다.',
    );

    // The same tab, reloaded: the notice is kept for the session.
    cleanup();
    resetRemovalCache();
    renderAt('/ws/7');
    expect((await screen.findByTestId('workspace-removed')).textContent).toContain(
      '졸업 프로젝트에서 내보내졌습니다',
    );
  });

  it('leaving of one’s own accord shows the ordinary not-found state', async () => {
    const queryClient = renderAt('/ws/7/team/5');
    await screen.findByText('team page');
    await sendOut(queryClient, 'LEFT');
    expect(
      await screen.findByText('워크스페이스를 찾을 수 없거나 접근 권한이 없습니다.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('workspace-removed')).toBeNull();
  });
});
