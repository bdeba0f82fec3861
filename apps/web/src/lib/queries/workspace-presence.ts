import { useEffect, useRef } from 'react';
import { putLiveData } from './live-cache';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PresenceChangedEvent } from '@teamup/contracts/events';
import type { PresenceStatus, WorkspacePresence } from '@teamup/contracts/presence';
import { pathOf } from '@teamup/contracts/path-of';
import { api } from '../api-client';
import { presenceRoutes } from '../first-load-endpoints';
import { useLiveEvent } from '../live/live-handlers';
import { useLiveState } from '../live/use-live';

/*
 * Presence of a workspace's members (decision 0021): read once, then kept by PRESENCE_CHANGED
 * (never replayed, so read again whenever the live link comes back). The chat room's members,
 * its header and the side panel's DMs read it.
 */

export const presenceQueryKey = ['presence'] as const;
export const workspacePresenceQueryKey = (workspaceId: number) =>
  [...presenceQueryKey, workspaceId] as const;

/** GET /workspaces/{ws}/presence: the members online or away; everyone else is offline. */
export function fetchWorkspacePresence(
  workspaceId: number,
  signal?: AbortSignal,
): Promise<WorkspacePresence> {
  return api.get<WorkspacePresence>(pathOf(presenceRoutes.workspace, { workspaceId }), {
    signal,
  });
}

/** One person's status in an answer (absent: OFFLINE). */
export function presenceStatusIn(
  presence: WorkspacePresence | undefined,
  userId: number,
): PresenceStatus {
  return presence?.users.find((entry) => entry.userId === userId)?.status ?? 'OFFLINE';
}

/** The answer with the event's changes (OFFLINE: left out of the list). */
export function withPresenceChange(
  presence: WorkspacePresence,
  event: Pick<PresenceChangedEvent, 'changes'>,
): WorkspacePresence {
  const changed = new Map(event.changes.map((change) => [change.userId, change.status]));
  const others = presence.users.filter((entry) => !changed.has(entry.userId));
  const present = event.changes.filter((change) => change.status !== 'OFFLINE');
  const users = [...others, ...present].sort((a, b) => a.userId - b.userId);
  return { ...presence, users };
}

/** A lookup of each member's status; everyone is OFFLINE until the answer comes. */
export function useWorkspacePresence(
  workspaceId: number | undefined,
): (userId: number) => PresenceStatus {
  const query = useQuery({
    queryKey: workspacePresenceQueryKey(workspaceId ?? 0),
    queryFn: ({ signal }) => fetchWorkspacePresence(workspaceId ?? 0, signal),
    enabled: workspaceId !== undefined,
    // Kept live by events; asked again when the live link comes back.
    staleTime: 60_000,
  });
  const data = query.data;
  return (userId) => presenceStatusIn(data, userId);
}

function applyPresenceChange(queryClient: QueryClient, event: PresenceChangedEvent) {
  putLiveData<WorkspacePresence>(
    queryClient,
    workspacePresenceQueryKey(event.workspaceId),
    (presence) => presence && withPresenceChange(presence, event),
  );
}

/**
 * Keeps every cached presence live: PRESENCE_CHANGED updates it in place, and a live link that
 * comes back after a break reads it again (what changed meanwhile was not replayed).
 */
export function usePresenceLiveHandlers(): void {
  const queryClient = useQueryClient();
  useLiveEvent('PRESENCE_CHANGED', (event) => {
    if (event.type === 'PRESENCE_CHANGED') applyPresenceChange(queryClient, event);
  });
  const state = useLiveState();
  const wasOpen = useRef(false);
  useEffect(() => {
    if (state === 'open') {
      if (wasOpen.current) void queryClient.invalidateQueries({ queryKey: presenceQueryKey });
      wasOpen.current = true;
    }
  }, [state, queryClient]);
}
