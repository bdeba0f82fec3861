import type { Db } from '../apps/server/src/db/client';
import { schedules } from '../apps/server/src/db/schema';
import { recurrenceColumns } from '../apps/server/src/modules/schedules/recurrence';

/* The calendar-month bench's own SQL (bench/calendar-month.bench.ts): the team's calendar. */

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * Rules a student team's calendar has, in turn: mostly weekly (meetings, classes, every other
 * week), some monthly, a short daily run (an exam week's study) and a long daily one (a
 * semester's 출석 체크): about 700 occurrences in a month grid of 200 series.
 */
const RULES = [
  'FREQ=WEEKLY;BYDAY=TU',
  'FREQ=WEEKLY;BYDAY=MO,WE',
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH',
  'FREQ=MONTHLY',
  'FREQ=WEEKLY;BYDAY=FR;COUNT=15',
  'FREQ=DAILY;COUNT=30',
  'FREQ=WEEKLY;BYDAY=SA',
  'FREQ=DAILY;UNTIL=20271231T145959Z',
] as const;

/**
 * `singles` one-off events spread over the year around `month` (a UTC instant) and `series`
 * recurring ones begun over the year before it (so the month is deep into most), inserted in
 * batches of 200.
 */
export async function fillCalendar(
  db: Db,
  team: { teamId: number; creatorId: number },
  month: number,
  counts: { singles: number; series: number },
): Promise<void> {
  const rows: Array<typeof schedules.$inferInsert> = [];
  for (let i = 0; i < counts.singles; i += 1) {
    const startsAt = new Date(month - 180 * DAY + ((i * 7919) % 365) * DAY + (9 + (i % 9)) * HOUR);
    rows.push({
      ...team,
      title: `일정 ${i}`,
      type: 'MEETING',
      startsAt,
      endsAt: new Date(startsAt.getTime() + ((i % 5) + 1) * HOUR),
    });
  }
  for (let i = 0; i < counts.series; i += 1) {
    const rule = RULES[i % RULES.length] ?? 'FREQ=DAILY';
    const startsAt = new Date(month - 360 * DAY + ((i * 37) % 330) * DAY + (9 + (i % 9)) * HOUR);
    const endsAt = new Date(startsAt.getTime() + HOUR);
    rows.push({
      ...team,
      title: `반복 ${i}`,
      type: 'MEETING',
      startsAt,
      endsAt,
      ...recurrenceColumns(rule, startsAt, endsAt),
    });
  }
  for (let i = 0; i < rows.length; i += 200) {
    await db.insert(schedules).values(rows.slice(i, i + 200));
  }
}
