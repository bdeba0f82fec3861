import { ClassOverviewMessages as M, ClassOverviewRules } from '@teamup/contracts/class-overview';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { AppError, badRequest } from '../../platform/errors/app-error';

/* What a nudge may be: to a student of the team, not twice to one target within the interval. */

/** A nudge to one person goes to a student of the team (not staff, not an outsider). */
export function assertNudgeTarget(userId: number | null, studentIds: readonly number[]): void {
  if (userId !== null && !studentIds.includes(userId)) {
    throw badRequest(ErrorCode.CLASS_NUDGE_NOT_A_STUDENT, M.notAStudent, [
      { field: 'userId', message: M.notAStudent },
    ]);
  }
}

/** Where the interval of the same sender and target started, looking back from `now`. */
export function nudgeIntervalStart(now: Date): Date {
  return new Date(now.getTime() - ClassOverviewRules.nudgeIntervalMinutes * 60_000);
}

/** The same target again too soon: 429, with how long until it may be nudged again. */
export function nudgeTooSoon(earlierAt: Date, now: Date): AppError {
  const nextAt = earlierAt.getTime() + ClassOverviewRules.nudgeIntervalMinutes * 60_000;
  const retryAfterSeconds = Math.max(1, Math.ceil((nextAt - now.getTime()) / 1000));
  return new AppError(
    429,
    ErrorCode.CLASS_NUDGE_TOO_SOON,
    M.tooSoon(ClassOverviewRules.nudgeIntervalMinutes),
    { retryAfterSeconds },
  );
}
