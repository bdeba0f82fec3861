import type { MantineColor } from '@mantine/core';
import { scheduleTypes, type ScheduleType } from '@teamup/contracts/schedules';
import { calendarKo } from '../../../i18n/ko/calendar';

/** One Mantine colour per schedule type, for bars, badges and the legend. */
export const scheduleTypeColors: Record<ScheduleType, MantineColor> = {
  MEETING: 'blue',
  DEADLINE: 'red',
  WORKSHOP: 'grape',
  VACATION: 'teal',
  OTHER: 'gray',
};

/**
 * The colour's filled shade a bar is drawn in: the theme picks one white text reads on at WCAG AA
 * (app/contrast.ts), where shade 6 would not (blue 3.6:1, teal 2.5:1).
 */
export function scheduleTypeFill(type: ScheduleType): string {
  return `var(--mantine-color-${scheduleTypeColors[type]}-filled)`;
}

/** The types in the contract's order with their Korean names (회의, 마감, 워크숍, 휴가, 기타). */
export const scheduleTypeOptions = scheduleTypes.map((type) => ({
  value: type,
  label: calendarKo.types[type],
}));
