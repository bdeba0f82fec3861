import { ErrorCode } from '@teamup/contracts/error-codes';
import { ScheduleMessages } from '@teamup/contracts/schedules';
import { errorMessage } from '../../../lib/error-message';

/** The Korean text for a failed schedule action; `fallback` is the action's own failure text. */
export function scheduleErrorMessage(error: unknown, fallback: string): string {
  return errorMessage(error, {
    fallback,
    byCode: {
      [ErrorCode.SCHEDULE_FORBIDDEN]: ScheduleMessages.creatorOrLeaderOnly,
      [ErrorCode.SCHEDULE_NOT_FOUND]: ScheduleMessages.notFound,
      [ErrorCode.INTERNAL]: fallback,
    },
  });
}
