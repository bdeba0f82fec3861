import { ErrorCode } from '@teamup/contracts/error-codes';
import { ScheduleMessages as M } from '@teamup/contracts/schedules';
import { forbidden } from '../../platform/errors/app-error';
import { leads } from '../teams/teams.policy';

/*
 * Who may change a team's schedule (decision 0038), once they reach the team's content
 * (team-access.service.ts): who made it, and the team's leader (teams.policy.ts).
 */

/** Edits or deletes the schedule. */
export function canChangeSchedule(
  schedule: { creatorId: number | null },
  team: { leaderId: number | null },
  userId: number,
): boolean {
  return schedule.creatorId === userId || leads(team, userId);
}

export function assertMayChangeSchedule(
  schedule: { creatorId: number | null },
  team: { leaderId: number | null },
  userId: number,
): void {
  if (!canChangeSchedule(schedule, team, userId)) {
    throw forbidden(M.creatorOrLeaderOnly, ErrorCode.SCHEDULE_FORBIDDEN);
  }
}
