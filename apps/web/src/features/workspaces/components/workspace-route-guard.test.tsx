import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router';
import type { InvitePreview, Workspace } from '@teamup/contracts/workspaces';
import { AppProviders } from '../../../app/providers';
import { tokenStore } from '../../../lib/token-store';
import { installBrowserShims } from '../../../test/render';
import { ok, routes, stubApi } from '../../../test/stub-api';
import { WorkspaceRouteGuard } from './workspace-route-guard';

const workspace: Workspace = {
  id: 7,
  name: '졸업 프로젝트',
  iconUrl: null,
  inviteCode: 'AbCdEf1234',
  url: 'http://localhost/#/ws/AbCdEf1234',
  passwordProtected: false,
  isClass: false,
  owner: { id: 3 },
  myRole: 'OWNER',
  memberCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const preview: InvitePreview = {
  id: 9,
  name: '동아리',
  iconUrl: null,
  passwordProtected: true,
  memberCount: 4,
  alreadyMember: false,
};

function Page() {
  const { workspaceId } = useParams();
  const location = useLocation();
  return (
    <p>
      page {workspaceId} at {location.pathname}
    </p>
  );
}

function renderAt(path: string) {
  installBrowserShims();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<WorkspaceRouteGuard />}>
            <Route path="/ws/:workspaceId" element={<Page />} />
            <Route path="/ws/:workspaceId/team/:teamId" element={<Page />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: 3 });
  stubApi(
    routes({
      '/api/workspaces/my': () => ok([workspace]),
      '/api/workspaces/invite/Club123456': () => ok(preview),
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WorkspaceRouteGuard', () => {
  it('shows the page of a workspace the user belongs to', async () => {
    renderAt('/ws/7');
    expect(await screen.findByText('page 7 at /ws/7')).toBeTruthy();
  });

  it('normalises an invite code of a known workspace to its id, keeping the rest', async () => {
    renderAt('/ws/AbCdEf1234/team/5');
    expect(await screen.findByText('page 7 at /ws/7/team/5')).toBeTruthy();
  });

  it('refuses an id the user is not a member of with a clear message', async () => {
    renderAt('/ws/99');
    expect(
      await screen.findByText('워크스페이스를 찾을 수 없거나 접근 권한이 없습니다.'),
    ).toBeTruthy();
    expect(screen.queryByText(/^page/)).toBeNull();
  });

  it('asks for the password before joining a protected workspace by invite code', async () => {
    renderAt('/ws/Club123456');
    expect(await screen.findByTestId('invite-password-dialog')).toBeTruthy();
    expect(
      screen.getByText("'동아리' 워크스페이스에 참여하려면 비밀번호를 입력하세요."),
    ).toBeTruthy();
  });
});
