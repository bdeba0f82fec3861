import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@teamup/contracts/events';
import { AppProviders } from '../../../app/providers';
import { LiveContext } from '../../../lib/live/live-context';
import { teamQueryKey } from '../../../lib/queries/live-query-keys';
import { workspaceTeamsQueryKey } from '../../../lib/queries/workspace-teams';
import { fakeLiveConnection } from '../../../test/fake-live-connection';
import { installBrowserShims } from '../../../test/render';
import { useTeamsLiveHandlers } from './use-teams-live-handlers';

/* A team edited by its leader (name, who may post 공지) is fetched again on every open page. */

const live = fakeLiveConnection();
const connection = live.connection;

function Listening() {
  useTeamsLiveHandlers();
  return null;
}

afterEach(() => {
  cleanup();
  live.reset();
});

describe('team live handlers', () => {
  it("refetch the team and the workspace's team list when the team itself changed, not for other areas", async () => {
    installBrowserShims();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    render(
      <AppProviders queryClient={queryClient}>
        <LiveContext value={connection}>
          <Listening />
        </LiveContext>
      </AppProviders>,
    );
    const emit = async (event: LiveEvent) =>
      act(async () => {
        live.emit(event);
        await Promise.resolve();
      });
    await emit({ type: 'TEAM_CONTENT_CHANGED', workspaceId: 7, teamId: 5, area: 'KANBAN' });
    expect(invalidate).not.toHaveBeenCalled();
    await emit({ type: 'TEAM_CONTENT_CHANGED', workspaceId: 7, teamId: 5, area: 'TEAM' });
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(expect.arrayContaining([teamQueryKey(5), workspaceTeamsQueryKey(7)]));
  });
});
