import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Workspace, WorkspaceMember } from '@teamup/contracts/workspaces';
import { AppProviders } from '../providers';
import { ko } from '../../i18n/ko';
import { tokenStore } from '../../lib/token-store';
import { installBrowserShims } from '../../test/render';
import { ok, routes, stubApi } from '../../test/stub-api';
import { WorkspaceMembersSection } from './workspace-members-section';

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

function member(id: number, name: string, role: WorkspaceMember['role']): WorkspaceMember {
  return {
    id,
    name,
    email: `u${id}@example.com`,
    profileImageUrl: null,
    mbti: null,
    age: null,
    disposition: null,
    introduction: null,
    preferWorkstyle: null,
    dislikeWorkstyle: null,
    portfolio: null,
    hashtags: [],
    deactivated: false,
    role,
    joinedAt: '2026-01-01T00:00:00.000Z',
  };
}

function stubMembers(members: WorkspaceMember[]) {
  stubApi(routes({ '/api/workspaces/7/members': () => ok(members) }), { user: null });
}

function renderSection() {
  installBrowserShims();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter>
        <WorkspaceMembersSection workspace={workspace} />
      </MemoryRouter>
    </AppProviders>,
  );
}

beforeEach(() => {
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: 3 });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('WorkspaceMembersSection', () => {
  it('is titled for what it lists: the workspace members, not a team', async () => {
    stubMembers([member(3, '김하늘', 'OWNER'), member(4, '이바다', 'MEMBER')]);
    renderSection();
    expect(screen.getByRole('heading', { level: 2, name: ko.home.members }).textContent).toBe(
      '워크스페이스 멤버',
    );
    await screen.findByText('이바다');
    expect(screen.getByTestId('member-total').textContent).toBe('총 2명');
    expect(screen.queryByTestId('home-invite-cta')).toBeNull();
  });

  it('invites the team in while the user is alone: the link copies in one click', async () => {
    stubMembers([member(3, '김하늘', 'OWNER')]);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderSection();
    const cta = await screen.findByTestId('home-invite-cta');
    expect(within(cta).getByText(ko.home.inviteTitle)).toBeTruthy();
    fireEvent.click(within(cta).getByRole('button', { name: ko.home.copyInviteLink }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/#/ws/AbCdEf1234`),
    );
    expect(await screen.findByText(ko.home.inviteLinkCopied)).toBeTruthy();
  });

  it('opens the invite settings with the code from the call to action', async () => {
    stubMembers([member(3, '김하늘', 'OWNER')]);
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: ko.home.openInvite }));
    expect((await screen.findByTestId('invite-code')).textContent).toBe('AbCdEf1234');
  });

  it('says so when the clipboard refuses', async () => {
    stubMembers([member(3, '김하늘', 'OWNER')]);
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
      configurable: true,
    });
    document.execCommand = vi.fn(() => false);
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: ko.home.copyInviteLink }));
    expect(await screen.findByText(ko.home.inviteCopyFailed)).toBeTruthy();
  });
});
