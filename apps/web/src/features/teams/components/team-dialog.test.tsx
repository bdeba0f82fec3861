import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Team } from '@teamup/contracts/teams';
import { AppProviders } from '../../../app/providers';
import { useWorkspaceTeams } from '../../../lib/queries/workspace-teams';
import { installBrowserShims } from '../../../test/render';
import { tokenStore } from '../../../lib/token-store';
import { renderPage } from '../../../test/render';
import { ok, stubApi, type ApiCall } from '../../../test/stub-api';
import { TeamDialog } from './team-dialog';

const base: Team = {
  id: 7,
  name: '디자인팀',
  description: null,
  workspaceId: 1,
  passwordProtected: false,
  leader: { id: 9, name: '팀장님' },
  bulletinBoardId: 7,
  memberCount: 2,
  progress: 0,
  isMember: false,
  announcementPosting: 'EVERYONE',
  roomId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

let calls: ApiCall[] = [];

function stubTeams(teams: Team[], joinAnswer: () => Response) {
  calls = stubApi((call) => {
    if (call.path === '/api/teams/workspace/1') return ok(teams);
    if (call.method === 'POST' && call.path.endsWith('/members')) return joinAnswer();
    return undefined;
  });
}

function renderDialog() {
  return renderPage('/', <TeamDialog opened onClose={() => undefined} workspaceId={1} />);
}

beforeEach(() => {
  // jsdom has no FontFaceSet; Mantine's autosizing Textarea listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: 3 });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TeamDialog', () => {
  it('asks for a team name before creating', async () => {
    stubTeams([], () => new Response(null, { status: 500 }));
    renderDialog();
    fireEvent.click(await screen.findByTestId('team-dialog-create'));
    fireEvent.click(screen.getByTestId('team-create-submit'));
    expect(await screen.findByText('팀 이름을 입력해주세요.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('team-dialog-back'));
    expect(screen.getByTestId('team-dialog-join')).toBeTruthy();
  });

  it('lists only teams the user is not in, and says so when there are none', async () => {
    stubTeams([{ ...base, isMember: true }], () => new Response(null, { status: 500 }));
    renderDialog();
    fireEvent.click(await screen.findByTestId('team-dialog-join'));
    expect(await screen.findByText('참여할 수 있는 팀이 없습니다.')).toBeTruthy();
    expect(screen.queryByTestId('joinable-team')).toBeNull();
  });

  it('sends the ids as strings and shows "already in this team"', async () => {
    stubTeams([base], () =>
      Response.json(
        { status: 409, code: 'TEAM_ALREADY_MEMBER', detail: '이미 참여 중인 팀입니다.' },
        { status: 409 },
      ),
    );
    renderDialog();
    fireEvent.click(await screen.findByTestId('team-dialog-join'));
    const row = await screen.findByTestId('joinable-team');
    fireEvent.click(within(row).getByTestId('joinable-team-join'));
    expect(await screen.findByText('이미 이 팀에 참여하고 있습니다.')).toBeTruthy();
    const join = calls.find((call) => call.method === 'POST');
    expect(join?.path).toMatch(/\/api\/teams\/7\/members$/);
    expect(join?.body).toEqual({ userId: '3' });
  });

  it('asks for the password of a protected team and reports a wrong one', async () => {
    stubTeams([{ ...base, passwordProtected: true }], () =>
      Response.json({ status: 403, code: 'TEAM_PASSWORD_WRONG', detail: 'x' }, { status: 403 }),
    );
    renderDialog();
    fireEvent.click(await screen.findByTestId('team-dialog-join'));
    const row = await screen.findByTestId('joinable-team');
    fireEvent.click(within(row).getByTestId('joinable-team-join'));
    fireEvent.change(screen.getByTestId('team-join-password-input'), {
      target: { value: 'secret' },
    });
    fireEvent.click(screen.getByTestId('team-join-password-submit'));
    expect(await screen.findByText('잘못된 비밀번호이거나 참여에 실패했습니다.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      userId: '3',
      password: 'secret',
    });
  });

  it('asks the server again on opening the join step, never showing a list fetched before', async () => {
    // The home (or side panel) fetched the teams while there were none; then someone else made
    // one. The app's query client keeps answers fresh for a while: the join step must not show
    // that old empty list as "no team to join".
    let teams: Team[] = [];
    stubApi((call) => (call.path === '/api/teams/workspace/1' ? ok(teams) : undefined));
    installBrowserShims();
    function HomeTeams() {
      const list = useWorkspaceTeams(1);
      return <output data-testid="home-teams">{list.data?.length ?? '-'}</output>;
    }
    // As the app's client: an answer stays fresh for 30 s (src/app/query-client.ts).
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: 30_000 } },
    });
    render(
      <AppProviders queryClient={queryClient}>
        <MemoryRouter>
          <HomeTeams />
          <TeamDialog opened onClose={() => undefined} workspaceId={1} />
        </MemoryRouter>
      </AppProviders>,
    );
    await waitFor(() => expect(screen.getByTestId('home-teams').textContent).toBe('0'));
    teams = [base];
    fireEvent.click(await screen.findByTestId('team-dialog-join'));
    expect(screen.queryByTestId('joinable-empty')).toBeNull();
    expect(await screen.findByTestId('joinable-team')).toBeTruthy();
    expect(screen.queryByTestId('joinable-empty')).toBeNull();
  });
});
