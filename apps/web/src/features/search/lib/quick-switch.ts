import type { ChatRoom } from '@teamup/contracts/chat';
import type { SearchHighlight, SearchHit } from '@teamup/contracts/search';
import type { Team } from '@teamup/contracts/teams';
import type { WorkspaceMember } from '@teamup/contracts/workspaces';
import { routes } from '../../../config/paths';
import { searchKo } from '../../../i18n/ko/search';
import type { RecentPlace } from './recent-places';
import { searchHitHref } from './search-link';

const t = searchKo;

/** One line of the dialog's list: a search result, or a place the quick switcher offers. */
export interface PanelOption {
  key: string;
  title: string;
  titleHighlights: readonly SearchHighlight[];
  context: string | null;
  snippet: string;
  highlights: readonly SearchHighlight[];
  href: string;
}

export interface PanelGroup {
  key: string;
  /** The group's heading, e.g. "메시지 2건" or "최근 채팅방". */
  label: string;
  /** Its name for assistive technology (without the count). */
  name: string;
  options: PanelOption[];
}

/** How many of each the quick switcher offers. */
export const QUICK_SWITCH_EACH = 5;

/** Search results in groups by kind, each group where its best result ranks. */
export function resultGroups(
  workspaceId: number,
  items: readonly SearchHit[],
  counts: Partial<Record<SearchHit['kind'], number>>,
  cappedKinds: readonly SearchHit['kind'][] = [],
): PanelGroup[] {
  const groups = new Map<SearchHit['kind'], PanelOption[]>();
  for (const hit of items) {
    const option: PanelOption = { ...hit, href: searchHitHref(workspaceId, hit) };
    const group = groups.get(hit.kind);
    if (group) group.push(option);
    else groups.set(hit.kind, [option]);
  }
  return [...groups.entries()].map(([kind, options]) => ({
    key: kind,
    label: t.countOf(t.kinds[kind], counts[kind] ?? options.length, cappedKinds.includes(kind)),
    name: t.kinds[kind],
    options,
  }));
}

/** `items` with the recently opened ones first (newest first), then the rest in their order. */
function recentFirst<T>(items: readonly T[], idOf: (item: T) => number, recent: number[]): T[] {
  const rank = (item: T) => {
    const at = recent.indexOf(idOf(item));
    return at === -1 ? recent.length : at;
  };
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
    .map(({ item }) => item);
}

const lastActivity = (room: ChatRoom) => room.lastMessage?.sentAt ?? room.createdAt;

const place = (key: string, title: string, context: string | null, href: string) => ({
  key,
  title,
  titleHighlights: [],
  context,
  snippet: '',
  highlights: [],
  href,
});

/**
 * What the box offers before anything is typed (Slack's quick switcher): rooms and teams opened
 * lately first, then rooms by their last message and teams in order; people, those with a 1:1
 * room of mine lately first.
 */
export function quickSwitchGroups(input: {
  workspaceId: number;
  myId: number | undefined;
  rooms: readonly ChatRoom[];
  teams: readonly Team[];
  people: readonly WorkspaceMember[];
  recent: readonly RecentPlace[];
}): PanelGroup[] {
  const { workspaceId, myId } = input;
  const recentOf = (kind: RecentPlace['kind']) =>
    input.recent.filter((item) => item.kind === kind).map((item) => item.id);
  const byActivity = [...input.rooms].sort((a, b) =>
    lastActivity(b).localeCompare(lastActivity(a)),
  );
  const rooms = recentFirst(byActivity, (room) => room.id, recentOf('room')).slice(
    0,
    QUICK_SWITCH_EACH,
  );
  const myTeams = input.teams.filter((team) => team.isMember);
  const teams = recentFirst(myTeams, (team) => team.id, recentOf('team')).slice(
    0,
    QUICK_SWITCH_EACH,
  );
  // People I talk with one to one come first, by that room's last message.
  const talkedWith = byActivity
    .filter((room) => room.type === 'PERSONAL')
    .flatMap((room) => room.members.map((member) => member.accountId))
    .filter((id) => id !== myId);
  const others = input.people.filter((person) => person.id !== myId);
  const people = recentFirst(others, (person) => person.id, talkedWith).slice(0, QUICK_SWITCH_EACH);

  const groups: PanelGroup[] = [
    {
      key: 'rooms',
      label: t.switcher.rooms,
      name: t.switcher.rooms,
      options: rooms.map((room) =>
        place(
          `room:${room.id}`,
          room.name,
          room.type === 'PERSONAL' ? t.switcher.dm : t.switcher.group(room.memberCount),
          routes.chat.href(workspaceId, room.id),
        ),
      ),
    },
    {
      key: 'teams',
      label: t.switcher.teams,
      name: t.switcher.teams,
      options: teams.map((team) =>
        place(`team:${team.id}`, team.name, null, routes.team.href(workspaceId, team.id)),
      ),
    },
    {
      key: 'people',
      label: t.switcher.people,
      name: t.switcher.people,
      options: people.map((person) =>
        place(`person:${person.id}`, person.name, null, routes.userProfile.href(person.id)),
      ),
    },
  ];
  return groups.filter((group) => group.options.length > 0);
}
