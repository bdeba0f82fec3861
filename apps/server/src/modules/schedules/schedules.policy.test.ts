import { ErrorCode } from '@teamup/contracts/error-codes';
import { ScheduleMessages as M } from '@teamup/contracts/schedules';
import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../test/refusals';
import { assertMayChangeSchedule, canChangeSchedule } from './schedules.policy';

const schedule = { creatorId: 1 };
const team = { leaderId: 2 };

describe('schedules policy', () => {
  it('lets who made the schedule and the team leader change it', () => {
    expect(canChangeSchedule(schedule, team, 1)).toBe(true);
    expect(canChangeSchedule(schedule, team, 2)).toBe(true);
    expect(canChangeSchedule(schedule, team, 3)).toBe(false);
    expect(canChangeSchedule({ creatorId: null }, { leaderId: null }, 3)).toBe(false);
  });

  it('refuses the others with SCHEDULE_FORBIDDEN', () => {
    expect(refusalOf(() => assertMayChangeSchedule(schedule, team, 3))).toEqual({
      status: 403,
      code: ErrorCode.SCHEDULE_FORBIDDEN,
      detail: M.creatorOrLeaderOnly,
    });
  });
});
