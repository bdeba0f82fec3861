import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Team } from '@teamup/contracts/teams';
import { tokenStore } from '../../../lib/token-store';
import { renderPage } from '../../../test/render';
import { ok, stubApi, testUser, type ApiCall } from '../../../test/stub-api';
import { EditTeamModal } from './edit-team-modal';

const LEADER = testUser.id;

const team: Team = {
  id: 7,
  name: '디자인팀',
  description: null,
  workspaceId: 1,
  passwordProtected: false,
  leader: { id: LEADER, name: '나' },
  bulletinBoardId: 7,
  memberCount: 2,
  progress: 0,
  isMember: true,
  announcementPosting: 'EVERYONE',
  roomId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** The modal as the team header holds it: mounted all along, the team changing while closed. */
function Harness({ userId, changed }: { userId: number; changed: Team }) {
  const [current, setCurrent] = useState(team);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setCurrent(changed);
          setOpened(true);
        }}
      >
        열기
      </button>
      <EditTeamModal
        team={current}
        userId={userId}
        opened={opened}
        onClose={() => setOpened(false)}
      />
    </>
  );
}

let calls: ApiCall[] = [];

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: LEADER });
  calls = stubApi((call) =>
    call.method === 'PUT' && call.path === '/api/teams/7' ? ok(team) : undefined,
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const put = () => calls.find((call) => call.method === 'PUT');

describe('EditTeamModal', () => {
  it('gives the leader the announcement switch, starting from the team as it is when opened', async () => {
    renderPage(
      '/',
      <Harness
        userId={LEADER}
        changed={{ ...team, name: '새 이름', announcementPosting: 'LEADER' }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: '열기' }));
    const leaderOnly = await screen.findByRole<HTMLInputElement>('radio', { name: '팀장만' });
    expect(leaderOnly.checked).toBe(true);
    expect(screen.getByTestId<HTMLInputElement>('team-edit-name').value).toBe('새 이름');

    fireEvent.click(screen.getByRole('radio', { name: '모든 팀원' }));
    fireEvent.click(screen.getByTestId('team-edit-submit'));
    await waitFor(() => expect(put()).toBeDefined());
    expect(put()?.body).toMatchObject({ name: '새 이름', announcementPosting: 'EVERYONE' });
  });

  it('leaves the switch out for the workspace owner or an admin who edits the team', async () => {
    renderPage('/', <Harness userId={LEADER + 1} changed={team} />);
    fireEvent.click(screen.getByRole('button', { name: '열기' }));
    await screen.findByTestId('team-edit-name');
    expect(screen.queryByTestId('team-edit-announcement-posting')).toBeNull();
    fireEvent.click(screen.getByTestId('team-edit-submit'));
    await waitFor(() => expect(put()).toBeDefined());
    expect(put()?.body).not.toHaveProperty('announcementPosting');
  });
});
