import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@teamup/contracts/events';
import { AppProviders } from '../../../app/providers';
import { LiveContext } from '../../../lib/live/live-context';
import { freeTimeQueryKey } from '../../../lib/queries/live-query-keys';
import { fakeLiveConnection } from '../../../test/fake-live-connection';
import { installBrowserShims } from '../../../test/render';
import { useFreeTimeLiveHandlers } from '../hooks/use-free-time-live-handlers';

/* A member's save, or a change to the team's calendar, refetches that team's heat map. */

const live = fakeLiveConnection();

function Listening() {
  useFreeTimeLiveHandlers();
  return null;
}

afterEach(() => {
  cleanup();
  live.reset();
});

describe('free-time live handlers', () => {
  it('refetch the team’s free time when a member saved or its schedules changed', async () => {
    installBrowserShims();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    render(
      <AppProviders queryClient={queryClient}>
        <LiveContext value={live.connection}>
          <Listening />
        </LiveContext>
      </AppProviders>,
    );
    const emit = async (event: LiveEvent) =>
      act(async () => {
        live.emit(event);
        await Promise.resolve();
      });
    const keys = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    await emit({ type: 'TEAM_CONTENT_CHANGED', workspaceId: 7, teamId: 5, area: 'KANBAN' });
    expect(keys()).toEqual([]);
    await emit({
      type: 'TEAM_FREE_TIME_CHANGED',
      workspaceId: 7,
      teamId: 5,
      weekStart: '2026-11-30',
      userId: 2,
    });
    expect(keys()).toEqual([freeTimeQueryKey(5)]);
    await emit({ type: 'TEAM_CONTENT_CHANGED', workspaceId: 7, teamId: 6, area: 'SCHEDULES' });
    expect(keys()).toEqual([freeTimeQueryKey(5), freeTimeQueryKey(6)]);
  });
});
