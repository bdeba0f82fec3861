import type { Schedule } from '@teamup/contracts/schedules';

/**
 * Whether the user may edit and delete a schedule: its creator or the team leader, as the
 * server decides (403 SCHEDULE_FORBIDDEN otherwise). The buttons are shown to them only.
 */
export function canManageSchedule(
  schedule: Pick<Schedule, 'creatorId'>,
  userId: number | undefined,
  leaderId: number | undefined,
): boolean {
  if (userId === undefined) return false;
  return schedule.creatorId === userId || leaderId === userId;
}
