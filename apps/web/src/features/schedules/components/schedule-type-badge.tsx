import type { CSSProperties } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import { scheduleTypes, type ScheduleType } from '@teamup/contracts/schedules';
import { calendarKo } from '../../../i18n/ko/calendar';
import { scheduleTypeColors, scheduleTypeFill } from '../lib/schedule-types';
import classes from './month-grid.module.css';

/** A schedule's type as a coloured badge (회의, 마감, ...). */
export function ScheduleTypeBadge({ type }: { type: ScheduleType }) {
  return (
    <Badge
      color={scheduleTypeColors[type]}
      variant="light"
      radius="sm"
      style={{ flex: 'none' }}
      data-testid="schedule-type"
    >
      {calendarKo.types[type]}
    </Badge>
  );
}

/** A small square in the colour of a type. */
export function ScheduleTypeSwatch({ type }: { type: ScheduleType }) {
  return (
    <span
      className={classes.swatch}
      style={{ '--bar-color': scheduleTypeFill(type) } as CSSProperties}
      aria-hidden
    />
  );
}

/** Which colour is which type. */
export function ScheduleLegend() {
  return (
    <Group
      component="ul"
      gap="sm"
      m={0}
      p={0}
      style={{ listStyle: 'none', rowGap: 4 }}
      aria-label={calendarKo.legendLabel}
      data-testid="calendar-legend"
    >
      {scheduleTypes.map((type) => (
        <Group component="li" key={type} gap={6} wrap="nowrap">
          <ScheduleTypeSwatch type={type} />
          <Text size="xs" c="dimmed">
            {calendarKo.types[type]}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
