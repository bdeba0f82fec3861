import { describe, expect, it } from 'vitest';
import { DEFAULT_TEAM_TAB, isTeamTab, isWideTeamTab, parseTeamTab, TEAM_TABS } from './team-tabs';

describe('parseTeamTab', () => {
  it('reads each of the four tabs', () => {
    for (const tab of TEAM_TABS) expect(parseTeamTab(tab)).toBe(tab);
  });

  it('falls back to announcements when the tab is missing or unknown', () => {
    expect(DEFAULT_TEAM_TAB).toBe('announcements');
    expect(parseTeamTab(null)).toBe('announcements');
    expect(parseTeamTab(undefined)).toBe('announcements');
    expect(parseTeamTab('')).toBe('announcements');
    expect(parseTeamTab('Kanban')).toBe('announcements');
    expect(parseTeamTab('chat')).toBe('announcements');
  });

  it('recognises only the known tab names', () => {
    expect(isTeamTab('calendar')).toBe(true);
    expect(isTeamTab('toString')).toBe(false);
    expect(isTeamTab(3)).toBe(false);
  });

  it('gives the boards (kanban, calendar) the whole width', () => {
    expect(TEAM_TABS.filter(isWideTeamTab)).toEqual([
      'kanban',
      'calendar',
      'freetime',
      'contribution',
    ]);
  });
});
