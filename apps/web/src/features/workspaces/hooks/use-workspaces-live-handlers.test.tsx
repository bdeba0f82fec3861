import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { WorkspaceMember } from '@teamup/contracts/workspaces';
import { AppProviders } from '../../../app/providers';
import { LiveContext } from '../../../lib/live/live-context';
import { useWorkspaceMembers } from '../../../lib/queries/workspace-members';
import { tokenStore } from '../../../lib/token-store';
import { fakeLiveConnection } from '../../../test/fake-live-connection';
import { installBrowserShims } from '../../../test/render';
import { ok, routes, stubApi } from '../../../test/stub-api';
import { useWorkspacesLiveHandlers } from './use-workspaces-live-handlers';

/* Issue 41: someone joining updates every open member list (the home's '총 n명'), live. */

const live = fakeLiveConnection();
const connection = live.connection;

const member = (id: number, name: string): WorkspaceMember => ({
  id,
  name,
  email: `${name}@example.com`,
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
  role: id === 1 ? 'OWNER' : 'MEMBER',
  joinedAt: '2026-01-01T00:00:00.000Z',
});

function MemberTotal() {
  useWorkspacesLiveHandlers();
  const members = useWorkspaceMembers(7);
  return <p data-testid="total">{`총 ${members.data?.length ?? 0}명`}</p>;
}

afterEach(() => {
  cleanup();
  live.reset();
  vi.unstubAllGlobals();
});

describe('a workspace member list that is open', () => {
  it('is fetched again when someone joins', async () => {
    let members = [member(1, 'owner')];
    tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: 1 });
    stubApi(routes({ '/api/workspaces/7/members': () => ok(members) }));
    installBrowserShims();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AppProviders queryClient={queryClient}>
        <LiveContext value={connection}>
          <MemberTotal />
        </LiveContext>
      </AppProviders>,
    );
    await screen.findByText('총 1명');

    members = [...members, member(2, 'joiner')];
    await act(async () => {
      live.emit({ type: 'WORKSPACE_MEMBER_JOINED', workspaceId: 7, userId: 2 });
      await Promise.resolve();
    });
    expect(await screen.findByText('총 2명')).toBeTruthy();
  });
});
