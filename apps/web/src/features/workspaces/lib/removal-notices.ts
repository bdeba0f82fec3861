import type { WorkspaceMemberRemovedEvent } from '@teamup/contracts/events';

/**
 * Workspaces the user was sent out of while the app was open (kicked or banned, as the live
 * WORKSPACE_MEMBER_REMOVED event said), with the name they had: the workspace is gone from the
 * list by the time its page is shown again, so the name is kept here. Kept for the tab's session,
 * so a reload still says what happened.
 */
export interface RemovalNotice {
  workspaceId: number;
  name: string | null;
  reason: Exclude<WorkspaceMemberRemovedEvent['reason'], 'LEFT'>;
}

const KEY = 'teamup.removedFrom';
const listeners = new Set<() => void>();
let cache: Record<string, RemovalNotice> | null = null;

function read(): Record<string, RemovalNotice> {
  if (cache) return cache;
  let stored: Record<string, RemovalNotice> = {};
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    if (typeof parsed === 'object' && parsed !== null) {
      stored = parsed as Record<string, RemovalNotice>;
    }
  } catch {
    // unreadable: start empty
  }
  cache = stored;
  return stored;
}

function write(next: Record<string, RemovalNotice>) {
  cache = next;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // storage refused: the notice lasts as long as the page
  }
  for (const listener of listeners) listener();
}

export function recordRemoval(notice: RemovalNotice): void {
  write({ ...read(), [notice.workspaceId]: notice });
}

/** The user is back in (or left of their own accord): no notice for this workspace. */
export function forgetRemoval(workspaceId: number): void {
  const current = read();
  if (!(workspaceId in current)) return;
  const { [workspaceId]: _dropped, ...rest } = current;
  write(rest);
}

export function removalOf(workspaceId: number): RemovalNotice | undefined {
  return read()[workspaceId];
}

export function subscribeRemovals(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests: forget the in-memory copy (sessionStorage is cleared by the test). */
export function resetRemovalCache(): void {
  cache = null;
}
