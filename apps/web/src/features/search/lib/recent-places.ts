/**
 * The rooms and teams a person opened lately, per workspace, newest first: what the search
 * box's quick switcher offers before anything is typed. Kept in this browser only (ids, never
 * names: names are read fresh from the room and team lists).
 */
export type RecentPlace = { kind: 'room' | 'team'; id: number };

/** How many places are remembered per workspace. */
export const RECENT_PLACES_MAX = 10;

const storageKey = (workspaceId: number) => `teamup.recent-places.${workspaceId}`;

function isPlace(value: unknown): value is RecentPlace {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, id } = value as Record<string, unknown>;
  return (kind === 'room' || kind === 'team') && Number.isInteger(id) && (id as number) > 0;
}

export function recentPlaces(workspaceId: number): RecentPlace[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(workspaceId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isPlace).slice(0, RECENT_PLACES_MAX) : [];
  } catch {
    // Storage refused (private mode) or a value written by hand: nothing remembered.
    return [];
  }
}

/** Puts a place first, once. */
export function rememberPlace(workspaceId: number, place: RecentPlace): void {
  const rest = recentPlaces(workspaceId).filter(
    (other) => other.kind !== place.kind || other.id !== place.id,
  );
  try {
    localStorage.setItem(
      storageKey(workspaceId),
      JSON.stringify([place, ...rest].slice(0, RECENT_PLACES_MAX)),
    );
  } catch {
    // A full or refused storage only loses the recency order.
  }
}
