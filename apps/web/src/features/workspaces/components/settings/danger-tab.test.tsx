import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { DataExport } from '@teamup/contracts/exports';
import type { Workspace } from '@teamup/contracts/workspaces';
import { AppProviders } from '../../../../app/providers';
import { tokenStore } from '../../../../lib/token-store';
import { installBrowserShims } from '../../../../test/render';
import { ok, problem, routes, stubApi, testUser } from '../../../../test/stub-api';
import { DangerTab } from './danger-tab';

const workspace: Workspace = {
  id: 7,
  name: '졸업 프로젝트',
  iconUrl: null,
  inviteCode: 'AbCdEf1234',
  url: 'http://localhost/#/ws/AbCdEf1234',
  passwordProtected: false,
  isClass: false,
  owner: { id: testUser.id },
  myRole: 'OWNER',
  memberCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const made: DataExport = {
  id: 21,
  kind: 'WORKSPACE',
  workspace: { id: 7, name: '졸업 프로젝트' },
  status: 'PENDING',
  size: null,
  createdAt: '2026-12-01T01:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
  downloadPath: null,
};

function renderTab(onClose = vi.fn()) {
  installBrowserShims();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={['/ws/7']}>
        <Routes>
          <Route
            path="/ws/:workspaceId"
            element={<DangerTab workspace={workspace} onClose={onClose} />}
          />
          <Route path="/my-page/exports" element={<p>exports page</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return onClose;
}

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: testUser.id });
});

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

describe('DangerTab: 워크스페이스 내보내기', () => {
  it('explains the export above the deletion and asks for it at the workspace path', async () => {
    const calls = stubApi(routes({ 'POST /api/workspaces/7/export': () => ok(made, 201) }));
    renderTab();
    const section = await screen.findByTestId('workspace-export');
    expect(section.textContent).toContain(
      '팀, 공지, 게시판, 일정, 칸반, 그룹 채팅과 파일을 zip으로 내보냅니다. 1:1 대화는 포함되지 않습니다.',
    );
    // Above the deletion's confirm input.
    const confirm = screen.getByTestId('danger-confirm-input');
    expect(
      section.compareDocumentPosition(confirm) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    fireEvent.click(screen.getByTestId('workspace-export-button'));
    expect(
      await screen.findByText('내보내기를 시작했습니다. 준비되면 메일과 알림으로 알려드립니다.'),
    ).toBeTruthy();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.path)).toEqual(['/api/workspaces/7/export']);
    expect(posts[0]?.headers.get('Authorization')).toBe('Bearer access');
  });

  it("shows the server's refusal in Korean", async () => {
    stubApi(
      routes({
        'POST /api/workspaces/7/export': () =>
          problem(429, 'RATE_LIMITED', '내보내기는 하루에 5번까지 요청할 수 있습니다.'),
      }),
    );
    renderTab();
    fireEvent.click(await screen.findByTestId('workspace-export-button'));
    const section = screen.getByTestId('workspace-export');
    expect((await within(section).findByRole('alert')).textContent).toContain(
      '내보내기는 하루에 5번까지 요청할 수 있습니다.',
    );
  });

  it('links to the export list, closing the settings', async () => {
    stubApi();
    const onClose = renderTab();
    const link = await screen.findByTestId('workspace-export-list-link');
    expect(link.textContent).toBe('내보내기 목록 보기');
    expect(link.getAttribute('href')).toBe('/my-page/exports');
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByText('exports page')).toBeTruthy());
    expect(onClose).toHaveBeenCalled();
  });
});
