/**
 * The tabs of the team page, in the order shown: the four of spec 02 section 2, the team's
 * common free time (issue 44) and its contribution evidence (issue 45).
 */
export const TEAM_TABS = [
  'announcements',
  'bulletin',
  'kanban',
  'calendar',
  'freetime',
  'contribution',
] as const;
export type TeamTab = (typeof TEAM_TABS)[number];

/** The tab shown when the address names none. */
export const DEFAULT_TEAM_TAB: TeamTab = 'announcements';

export function isTeamTab(value: unknown): value is TeamTab {
  return typeof value === 'string' && (TEAM_TABS as readonly string[]).includes(value);
}

/** The tab the `?tab=` query names; a missing or unknown value gives the default tab. */
export function parseTeamTab(value: string | null | undefined): TeamTab {
  return isTeamTab(value) ? value : DEFAULT_TEAM_TAB;
}

/** Tabs whose boards need the page's whole width; the member list moves below them. */
export function isWideTeamTab(tab: TeamTab): boolean {
  return tab === 'kanban' || tab === 'calendar' || tab === 'freetime' || tab === 'contribution';
}
