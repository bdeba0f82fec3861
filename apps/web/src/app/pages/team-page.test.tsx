import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { tokenStore } from '../../lib/token-store';
import { renderPage } from '../../test/render';
import { ok, problem, routes, stubApi } from '../../test/stub-api';
import { TeamPage } from './team-page';

const workspace: Workspace = {
  id: 1,
  name: '캡스톤',
  iconUrl: null,
  inviteCode: 'AbCdEf1234',
  url: 'http://localhost/#/ws/AbCdEf1234',
  passwordProtected: false,
  isClass: false,
  owner: { id: 9 },
  myRole: 'MEMBER',
  memberCount: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const team: Team = {
  id: 7,
  name: '디자인팀',
  description: '화면 설계',
  workspaceId: 1,
  passwordProtected: false,
  leader: { id: 9, name: '팀장님' },
  bulletinBoardId: 7,
  memberCount: 2,
  progress: 0,
  isMember: true,
  announcementPosting: 'EVERYONE',
  roomId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** Answers the calls the page makes; `teamAnswer` decides GET /teams/7. */
function stubTeamPage(teamAnswer: () => Response) {
  stubApi(
    routes({
      '/api/workspaces/my': () => ok([workspace]),
      '/api/teams/7': teamAnswer,
      '/api/teams/7/members': () => ok([]),
      '/api/workspaces/1/announcement': () =>
        ok({
          announcements: [],
          currentPage: 0,
          totalPages: 1,
          totalElements: 0,
          size: 5,
          pageSize: 5,
          hasNext: false,
          hasPrevious: false,
        }),
    }),
  );
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const page = (
  <>
    <TeamPage />
    <LocationProbe />
  </>
);

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: 3 });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TeamPage', () => {
  it('says the access is bad when an id is not a number', async () => {
    stubTeamPage(() => ok(team));
    renderPage('/ws/:workspaceId/team/:teamId', page, '/ws/1/team/abc');
    expect(await screen.findByTestId('team-bad-access')).toBeTruthy();
    expect(screen.getByText('잘못된 접근입니다.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '대시보드로 이동' }).getAttribute('href')).toBe('/');
  });

  it("links to the team's chat room for those in it, and offers no link to others", async () => {
    stubTeamPage(() => ok({ ...team, roomId: 31 }));
    renderPage('/ws/:workspaceId/team/:teamId', page, '/ws/1/team/7');
    const link = await screen.findByTestId('team-chat-link');
    expect(link.getAttribute('href')).toBe('/ws/1/chat/31');
    expect(link.getAttribute('aria-label')).toBe('팀 채팅방 열기');
    cleanup();
    stubTeamPage(() => ok(team));
    renderPage('/ws/:workspaceId/team/:teamId', page, '/ws/1/team/7');
    await screen.findByTestId('team-name');
    expect(screen.queryByTestId('team-chat-link')).toBeNull();
  });

  it('shows the tabs to a member and writes the default tab into the address', async () => {
    stubTeamPage(() => ok(team));
    renderPage('/ws/:workspaceId/team/:teamId', page, '/ws/1/team/7');
    expect((await screen.findByTestId('team-name')).textContent).toBe('디자인팀');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/ws/1/team/7?tab=announcements'),
    );
    // The full header (with the description) over the boards of posts.
    expect(screen.getByText('화면 설계')).toBeTruthy();
    expect(document.querySelector('header[data-compact]')).toBeNull();
    // The announcements tab is the board's (its own tests are in features/board).
    expect(await screen.findByTestId('announcements-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('team-tab-calendar'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/ws/1/team/7?tab=calendar'),
    );
    // The calendar tab is the calendar feature's (its own tests are in features/schedules).
    expect(await screen.findByTestId('team-panel-calendar')).toBeTruthy();
    // Over the calendar the header is one compact line, so the month fits the screen.
    expect(document.querySelector('header[data-compact]')).toBeTruthy();
    expect(screen.queryByText('화면 설계')).toBeNull();
    expect(screen.getByTestId('team-name').textContent).toBe('디자인팀');
  });

  it('lets only the leader post announcements when the team says so', async () => {
    // Signed in as 3, a member; 9 leads the team.
    stubTeamPage(() => ok({ ...team, announcementPosting: 'LEADER' }));
    renderPage('/ws/:workspaceId/team/:teamId', page, '/ws/1/team/7?tab=announcements');
    expect((await screen.findByTestId('announcement-leader-only')).textContent).toBe(
      '팀장만 공지를 작성할 수 있습니다.',
    );
    expect(screen.queryByTestId('announcement-create-button')).toBeNull();
    cleanup();

    // The leader still posts.
    stubTeamPage(() =>
      ok({ ...team, announcementPosting: 'LEADER', leader: { id: 3, name: '나' } }),
    );
    renderPage('/ws/:workspaceId/team/:teamId', page, '/ws/1/team/7?tab=announcements');
    expect(await screen.findByTestId('announcement-create-button')).toBeTruthy();
    expect(screen.queryByTestId('announcement-leader-only')).toBeNull();
  });

  it('opens the tab the address names', async () => {
    stubTeamPage(() => ok(team));
    renderPage('/ws/:workspaceId/team/:teamId', page, '/ws/1/team/7?tab=kanban');
    // The kanban tab is the kanban feature's (its own tests are in features/kanban).
    expect(await screen.findByTestId('team-panel-kanban')).toBeTruthy();
  });

  it('says the team is not found and links to the workspace home', async () => {
    stubTeamPage(() => problem(404, 'TEAM_NOT_FOUND', '팀을 찾을 수 없습니다.'));
    renderPage('/ws/:workspaceId/team/:teamId', page, '/ws/1/team/7');
    expect(await screen.findByTestId('team-not-found')).toBeTruthy();
    expect(screen.getByRole('link', { name: '워크스페이스 홈으로' }).getAttribute('href')).toBe(
      '/ws/1',
    );
  });

  it('asks a non-member for the password of a protected team first', async () => {
    stubTeamPage(() => ok({ ...team, isMember: false, passwordProtected: true }));
    renderPage('/ws/:workspaceId/team/:teamId', page, '/ws/1/team/7');
    expect(await screen.findByTestId('team-password-dialog')).toBeTruthy();
    expect(screen.getByTestId('team-password-input')).toBeTruthy();
    expect(screen.queryByTestId('team-tab-announcements')).toBeNull();
  });

  it('offers a join button for an open team the user is not in', async () => {
    stubTeamPage(() => ok({ ...team, isMember: false }));
    renderPage('/ws/:workspaceId/team/:teamId', page, '/ws/1/team/7');
    expect(await screen.findByTestId('team-join-button')).toBeTruthy();
    expect(screen.queryByTestId('team-settings-menu')).toBeNull();
  });

  it('shows the load failure text for other errors', async () => {
    stubTeamPage(() => problem(500, 'INTERNAL', '서버 오류'));
    renderPage('/ws/:workspaceId/team/:teamId', page, '/ws/1/team/7');
    expect(await screen.findByText('팀 정보를 불러오는 데 실패했습니다.')).toBeTruthy();
  });
});
