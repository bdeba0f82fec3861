import {
  FreeTimeGrid,
  slotsOverlapping,
  weekStartsAt,
  type FreeTimeBusy,
  type FreeTimeWeek,
} from '@teamup/contracts/free-time';
import type { Schedule } from '@teamup/contracts/schedules';
import type { TeamMember } from '@teamup/contracts/teams';
import type { FreeTimeRow } from './free-time.repo';

/** Monday 00:00 of the week as Seoul writes it. */
function weekStartLabel(weekStart: string): string {
  return `${weekStart}T00:00:00${FreeTimeGrid.utcOffset}`;
}

/** The team's schedules of the week that fill at least one slot of the grid. */
function busyOf(weekStart: string, schedules: readonly Schedule[]): FreeTimeBusy[] {
  return schedules.flatMap((schedule) => {
    const slots = slotsOverlapping(
      weekStart,
      Date.parse(schedule.startDate),
      Date.parse(schedule.endDate),
    );
    if (slots.length === 0) return [];
    return [
      {
        scheduleId: schedule.id,
        title: schedule.title,
        type: schedule.type,
        startDate: schedule.startDate,
        endDate: schedule.endDate,
        slots,
      },
    ];
  });
}

export function presentWeek(input: {
  teamId: number;
  weekStart: string;
  viewerId: number;
  members: readonly TeamMember[];
  rows: readonly FreeTimeRow[];
  schedules: readonly Schedule[];
}): FreeTimeWeek {
  const { weekStart } = input;
  const slotsByUser = new Map(input.rows.map((row) => [row.userId, row.slots]));
  const freeUserIds: number[][] = Array.from({ length: FreeTimeGrid.slotCount }, () => []);
  // In the members' order (leader first), so each slot lists its people as the team does.
  for (const member of input.members) {
    for (const slot of slotsByUser.get(member.id) ?? []) freeUserIds[slot]?.push(member.id);
  }
  const mySlots = [...(slotsByUser.get(input.viewerId) ?? [])].sort((a, b) => a - b);
  return {
    teamId: input.teamId,
    weekStart,
    startsAt: weekStartLabel(weekStart),
    timeZone: FreeTimeGrid.timeZone,
    dayStartHour: FreeTimeGrid.dayStartHour,
    slotMinutes: FreeTimeGrid.slotMinutes,
    slotsPerDay: FreeTimeGrid.slotsPerDay,
    mySlots,
    members: input.members.map((member) => ({
      userId: member.id,
      name: member.name,
      profileImageUrl: member.profileImageUrl,
      responded: slotsByUser.has(member.id),
    })),
    counts: freeUserIds.map((users) => users.length),
    freeUserIds,
    busy: busyOf(weekStart, input.schedules),
  };
}

/** The week as the schedules range asks for it: [Monday 00:00, next Monday 00:00]. */
export function weekRange(weekStart: string): { startDate: string; endDate: string } {
  const start = weekStartsAt(weekStart);
  return {
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 7 * 86_400_000).toISOString(),
  };
}
