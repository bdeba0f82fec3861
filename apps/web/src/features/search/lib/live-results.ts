import type { InfiniteData } from '@tanstack/react-query';
import type { LiveEvent } from '@teamup/contracts/events';
import type { SearchHit, SearchResult } from '@teamup/contracts/search';

/**
 * Live events that can change what a search finds (issue 20, "live correctness"): a message
 * deleted or edited, a member leaving (or removed from) a room, a team's posts, comments, files,
 * tasks or schedules changed (deleted ones too), team or workspace membership, a team or
 * workspace gone. Each makes the shown results be fetched again; the server filters at query
 * time, so the next answer is right.
 */
export const searchLiveEvents = [
  'CHAT_MESSAGE_DELETED',
  'CHAT_MESSAGE_EDITED',
  'CHAT_MEMBER_LEFT',
  'TEAM_CONTENT_CHANGED',
  'TEAM_MEMBERSHIP_CHANGED',
  'TEAM_DELETED',
  'WORKSPACE_MEMBER_REMOVED',
  'WORKSPACE_DELETED',
] as const satisfies readonly LiveEvent['type'][];

/**
 * The results the event takes away for certain, to drop at once, before the refetch answers: a
 * deleted message (and its files), every result of a room I left or was removed from, of a team
 * deleted. Null when only the refetch can tell (an edit, a changed post: the event names no item).
 */
export function goneWith(
  event: LiveEvent,
  myId: number | undefined,
): ((hit: SearchHit) => boolean) | null {
  switch (event.type) {
    case 'CHAT_MESSAGE_DELETED':
      return (hit) =>
        hit.target.roomId === event.chatRoomId && hit.target.messageId === event.messageId;
    case 'CHAT_MEMBER_LEFT':
      return myId !== undefined && event.userId === myId
        ? (hit) => hit.target.roomId === event.chatRoomId
        : null;
    case 'TEAM_DELETED':
      return (hit) =>
        hit.target.teamId === event.teamId || (hit.kind === 'team' && hit.id === event.teamId);
    default:
      return null;
  }
}

/** Cached pages of a search without the hits `gone` names (the counts wait for the refetch). */
export function withoutHits(
  data: InfiniteData<SearchResult> | undefined,
  gone: (hit: SearchHit) => boolean,
): InfiniteData<SearchResult> | undefined {
  if (!data?.pages.some((page) => page.items.some(gone))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.filter((hit) => !gone(hit)),
    })),
  };
}
