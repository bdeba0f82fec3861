/*
 * The overview's numbers (issue 45), apart from its schemas so that the web app's first screen
 * (the side panel's 수업 links and their Korean texts) can read them without loading zod.
 */

export const ClassOverviewRules = {
  /** A student with no activity in the team for this many days (and in it that long) is inactive. */
  inactiveDays: 7,
  /** Weeks start on Monday 00:00 in this zone ("이번 주" of the meetings). */
  timeZone: 'Asia/Seoul',
  nudgeMessageMax: 500,
  /** The same sender may nudge the same target (a team, or one student) once in this many minutes. */
  nudgeIntervalMinutes: 10,
  /** The newest nudges a team's list answers. */
  nudgeListMax: 100,
} as const;
