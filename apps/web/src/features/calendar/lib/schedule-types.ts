import type { MantineColor } from '@mantine/core';
import { scheduleTypes, type ScheduleType } from '@teamup/contracts/schedules';
import { ko } from '../../../i18n/ko';

/** One Mantine colour per schedule type, for bars, badges and the legend. */
export const scheduleTypeColors: Record<ScheduleType, MantineColor> = {
  MEETING: 'blue',
  DEADLINE: 'red',
  WORKSHOP: 'grape',
  VACATION: 'teal',
  OTHER: 'gray',
};

/** The filled shade a bar is drawn in (white text stays readable on each). */
export function scheduleTypeFill(type: ScheduleType): string {
  return `var(--mantine-color-${scheduleTypeColors[type]}-6)`;
}

/** The types in the contract's order with their Korean names (회의, 마감, 워크숍, 휴가, 기타). */
export const scheduleTypeOptions = scheduleTypes.map((type) => ({
  value: type,
  label: ko.calendar.types[type],
}));
