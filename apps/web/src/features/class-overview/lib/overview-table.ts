import type { ClassOverviewTeam } from '@teamup/contracts/class-overview';

/*
 * Sorting and filtering the overview's teams (at most about 60: done here, not on the server).
 */

export const sortKeys = [
  'name',
  'progress',
  'overdue',
  'lastActivity',
  'inactive',
  'evaluation',
] as const;
export type SortKey = (typeof sortKeys)[number];
export type Sort = { key: SortKey; descending: boolean };

export type OverviewFilters = {
  search: string;
  overdue: boolean;
  inactive: boolean;
  noMeeting: boolean;
};

export const noFilters: OverviewFilters = {
  search: '',
  overdue: false,
  inactive: false,
  noMeeting: false,
};

export const inactiveMembers = (team: ClassOverviewTeam) =>
  team.members.filter((member) => member.inactive);

/** Submitted of the team's students, 0-1; -1 without a round (sorted below every team with one). */
function evaluationShare(team: ClassOverviewTeam): number {
  if (!team.evaluation) return -1;
  return team.evaluation.total === 0 ? 0 : team.evaluation.submitted / team.evaluation.total;
}

/** The value each key sorts by (never-active teams sort as the oldest). */
function valueOf(team: ClassOverviewTeam, key: SortKey): number | string {
  switch (key) {
    case 'name':
      return team.name;
    case 'progress':
      return team.progress;
    case 'overdue':
      return team.overdueCards;
    case 'lastActivity':
      return team.lastActivityAt === null ? -Infinity : Date.parse(team.lastActivityAt);
    case 'inactive':
      return inactiveMembers(team).length;
    case 'evaluation':
      return evaluationShare(team);
  }
}

const collator = new Intl.Collator('ko');

export function sortTeams(teams: readonly ClassOverviewTeam[], sort: Sort): ClassOverviewTeam[] {
  const sign = sort.descending ? -1 : 1;
  return [...teams].sort((a, b) => {
    const left = valueOf(a, sort.key);
    const right = valueOf(b, sort.key);
    const order =
      typeof left === 'string' && typeof right === 'string'
        ? collator.compare(left, right)
        : Number(left) - Number(right) || 0;
    // Ties keep the names' order, whichever way the column runs.
    return order !== 0 ? sign * order : collator.compare(a.name, b.name) || a.id - b.id;
  });
}

export function filterTeams(
  teams: readonly ClassOverviewTeam[],
  filters: OverviewFilters,
): ClassOverviewTeam[] {
  const words = filters.search.trim().toLowerCase();
  return teams.filter(
    (team) =>
      (!filters.overdue || team.overdueCards > 0) &&
      (!filters.inactive || inactiveMembers(team).length > 0) &&
      (!filters.noMeeting || team.meetingsThisWeek.length === 0) &&
      (words === '' ||
        team.name.toLowerCase().includes(words) ||
        team.members.some((member) => member.name.toLowerCase().includes(words))),
  );
}

export const isFiltered = (filters: OverviewFilters) =>
  filters.search.trim() !== '' || filters.overdue || filters.inactive || filters.noMeeting;

/** The next sort after a header is chosen: the same column flips, another starts its natural way. */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key === key) return { key, descending: !current.descending };
  // Names read A→Z; the other columns most-first (the teams needing a look at the top).
  return { key, descending: key !== 'name' };
}
