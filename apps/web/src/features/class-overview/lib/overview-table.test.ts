import { describe, expect, it } from 'vitest';
import type { ClassOverviewTeam } from '@teamup/contracts/class-overview';
import { filterTeams, nextSort, noFilters, sortTeams } from './overview-table';

function team(id: number, name: string, extra: Partial<ClassOverviewTeam> = {}): ClassOverviewTeam {
  return {
    id,
    name,
    leader: null,
    members: [],
    totalCards: 0,
    approvedCards: 0,
    progress: 0,
    overdueCards: 0,
    lastActivityAt: null,
    meetingsThisWeek: [],
    evaluation: null,
    lastNudgedAt: null,
    ...extra,
  };
}

const member = (id: number, name: string, inactive: boolean) => ({
  id,
  name,
  lastActivityAt: null,
  inactive,
});

const teams = [
  team(1, '다람쥐', { progress: 50, overdueCards: 2, lastActivityAt: '2026-11-20T00:00:00Z' }),
  team(2, '가람', {
    progress: 80,
    members: [member(7, '김민지', true)],
    evaluation: { submitted: 1, total: 2 },
  }),
  team(3, '나비', {
    progress: 50,
    lastActivityAt: '2026-11-29T00:00:00Z',
    meetingsThisWeek: [{ id: 1, startedAt: '', endedAt: null, hasNotes: true }],
    evaluation: { submitted: 2, total: 2 },
  }),
];
const names = (list: ClassOverviewTeam[]) => list.map((item) => item.name);

describe('the overview table', () => {
  it('sorts by each column, ties by name', () => {
    expect(names(sortTeams(teams, { key: 'name', descending: false }))).toEqual([
      '가람',
      '나비',
      '다람쥐',
    ]);
    expect(names(sortTeams(teams, { key: 'progress', descending: true }))).toEqual([
      '가람',
      '나비',
      '다람쥐',
    ]);
    expect(names(sortTeams(teams, { key: 'overdue', descending: true }))[0]).toBe('다람쥐');
    // Never active sorts as the oldest.
    expect(names(sortTeams(teams, { key: 'lastActivity', descending: false }))).toEqual([
      '가람',
      '다람쥐',
      '나비',
    ]);
    expect(names(sortTeams(teams, { key: 'inactive', descending: true }))[0]).toBe('가람');
    expect(names(sortTeams(teams, { key: 'evaluation', descending: true }))).toEqual([
      '나비',
      '가람',
      '다람쥐',
    ]);
  });

  it('filters by overdue cards, inactive members, no meeting and a name', () => {
    expect(names(filterTeams(teams, { ...noFilters, overdue: true }))).toEqual(['다람쥐']);
    expect(names(filterTeams(teams, { ...noFilters, inactive: true }))).toEqual(['가람']);
    expect(names(filterTeams(teams, { ...noFilters, noMeeting: true }))).toEqual([
      '다람쥐',
      '가람',
    ]);
    expect(names(filterTeams(teams, { ...noFilters, search: ' 민지 ' }))).toEqual(['가람']);
    expect(names(filterTeams(teams, { ...noFilters, search: '나' }))).toEqual(['나비']);
  });

  it('flips the same column, starts another most-first (names A→Z)', () => {
    expect(nextSort({ key: 'name', descending: false }, 'name')).toEqual({
      key: 'name',
      descending: true,
    });
    expect(nextSort({ key: 'name', descending: false }, 'overdue')).toEqual({
      key: 'overdue',
      descending: true,
    });
    expect(nextSort({ key: 'overdue', descending: true }, 'name')).toEqual({
      key: 'name',
      descending: false,
    });
  });
});
