import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import type { UserProfile } from '@teamup/contracts/users';
import { tokenStore } from '../../lib/token-store';
import { installBrowserShims } from '../../test/render';
import { ok, routes as apiRoutes, stubApi, testUser } from '../../test/stub-api';
import { AppProviders } from '../providers';
import { UserProfileRoute } from './user-profile-route';

const profile = (id: number, sharedWorkspaceIds: number[]): UserProfile => ({
  id,
  name: '이서연',
  email: 'seoyeon@example.com',
  age: null,
  mbti: null,
  disposition: null,
  hashtags: [],
  introduction: null,
  portfolio: null,
  preferWorkstyle: null,
  dislikeWorkstyle: null,
  profileImageUrl: null,
  provider: 'LOCAL',
  createdAt: '2026-01-01T00:00:00.000Z',
  role: 'USER',
  sharedWorkspaces: sharedWorkspaceIds.map((workspaceId) => ({
    id: workspaceId,
    name: `워크스페이스 ${workspaceId}`,
    iconUrl: null,
  })),
});

function ChatProbe() {
  const { workspaceId, chatId } = useParams();
  return <p>room {`${workspaceId}/${chatId}`}</p>;
}

function renderAt(path: string) {
  installBrowserShims();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/users/:userId" element={<UserProfileRoute />} />
          <Route path="/ws/:workspaceId/chat/:chatId" element={<ChatProbe />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: testUser.id });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("another user's page", () => {
  it('opens the 1:1 room with them in a workspace both are in', async () => {
    const calls = stubApi(
      apiRoutes({
        'GET /api/users/5': () => ok(profile(5, [8])),
        'GET /api/workspaces/my': () => ok([]),
        'POST /api/workspaces/8/chat-rooms/create-dm': () => ok({ id: 41, workspaceId: 8 }, 201),
      }),
    );
    renderAt('/users/5');
    fireEvent.click(await screen.findByTestId('user-send-message'));
    expect(await screen.findByText('room 8/41')).toBeTruthy();
    const created = calls.find((call) => call.path.endsWith('/create-dm'));
    expect(created?.body).toEqual({ chatMemberIdList: [5], workspaceId: 8 });
  });

  it('offers no message on one’s own page', async () => {
    stubApi(
      apiRoutes({
        [`GET /api/users/${testUser.id}`]: () => ok(profile(testUser.id, [8])),
        'GET /api/workspaces/my': () => ok([]),
      }),
    );
    renderAt(`/users/${testUser.id}`);
    expect(await screen.findByTestId('user-profile')).toBeTruthy();
    expect(screen.queryByTestId('user-send-message')).toBeNull();
  });
});
