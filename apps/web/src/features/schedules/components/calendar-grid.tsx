import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { Skeleton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Limits } from '@teamup/contracts/limits';
import type { Schedule } from '@teamup/contracts/schedules';
import { calendarKo } from '../../../i18n/ko/calendar';
import { addDays, FOCUS_STEPS, weeksOf, type CalendarDay } from '../lib/month-grid';
import { formatDay } from '../lib/schedule-time';
import { daySpanOf, coversDay, hiddenCount, layoutWeek, schedulesOnDay } from '../lib/week-layout';
import type { HolidayNames } from '../lib/holidays';
import { CalendarCell } from './calendar-cell';
import classes from './month-grid.module.css';

interface CalendarGridProps {
  /** The 42 days shown, Sunday first. */
  days: CalendarDay[];
  /** Heading of the grid for screen readers, e.g. 2026년 12월 달력. */
  label: string;
  schedules: Schedule[];
  /** Korean public holidays by day key: the cell shows the name, in Sunday's red. */
  holidays?: HolidayNames;
  todayKey: string;
  /** The day reached with Tab and moved with the arrow keys; always one of `days`. */
  focusKey: string;
  /** First load: grey lines stand in for the events. */
  loading: boolean;
  /** Another month's events are still shown while this one loads. */
  busy: boolean;
  /** The arrow keys asked for another day (possibly outside the grid: the month then changes). */
  onFocusDay: (day: string) => void;
  onCreate: (day: string) => void;
  onOpenSchedule: (schedule: Schedule) => void;
  onOpenDay: (day: string) => void;
}

/**
 * The month as 6 week rows of 7 days. Multi-day events are bars across the days of each row,
 * in lanes that never overlap; at most 3 lanes are shown, the rest count in the cell's '+N'.
 * On a phone each day shows its count and first titles instead, and a tap opens the day.
 */
export function CalendarGrid({
  days,
  label,
  schedules,
  holidays = {},
  todayKey,
  focusKey,
  loading,
  busy,
  onFocusDay,
  onCreate,
  onOpenSchedule,
  onOpenDay,
}: CalendarGridProps) {
  const hintId = useId();
  // Mantine's xs breakpoint, where month-grid.module.css draws the phone's cells.
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const gridRef = useRef<HTMLDivElement>(null);
  // A day the keyboard moved to; focused once its cell is on screen (maybe after a month change).
  const pendingFocus = useRef<string | null>(null);

  useEffect(() => {
    const day = pendingFocus.current;
    if (!day) return;
    const cell = gridRef.current?.querySelector<HTMLElement>(`[data-date="${day}"]`);
    if (!cell) return;
    pendingFocus.current = null;
    cell.focus();
  });

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>, day: string) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onCreate(day);
      return;
    }
    const step = FOCUS_STEPS[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = addDays(day, step);
    pendingFocus.current = next;
    onFocusDay(next);
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${next}"]`)?.focus();
  };

  const spans = schedules.map((schedule) => daySpanOf(schedule));
  const countOn = (day: string) => spans.filter((span) => coversDay(span, day)).length;

  return (
    <>
      <div
        ref={gridRef}
        role="grid"
        aria-label={label}
        aria-describedby={hintId}
        aria-busy={busy || loading}
        className={classes.grid}
        data-testid="calendar-grid"
      >
        <div role="row" className={classes.row}>
          {calendarKo.weekdays.map((name, weekday) => (
            <div key={name} role="columnheader" className={classes.weekday} data-weekday={weekday}>
              {name}
            </div>
          ))}
        </div>
        {weeksOf(days).map((week, weekIndex) => {
          const segments = layoutWeek(
            schedules,
            week.map((day) => day.key),
          );
          return (
            <div key={week[0]?.key} role="row" className={classes.row}>
              {week.map((day, col) => (
                <CalendarCell
                  key={day.key}
                  day={day}
                  dayName={formatDay(day.key)}
                  holiday={holidays[day.key]?.join(', ')}
                  count={countOn(day.key)}
                  isToday={day.key === todayKey}
                  tabbable={day.key === focusKey}
                  segments={segments.filter(
                    (segment) =>
                      segment.startCol === col && segment.lane < Limits.calendarEventsPerCell,
                  )}
                  hidden={hiddenCount(segments, col)}
                  onCreate={onCreate}
                  onKeyDown={handleKeyDown}
                  onOpenSchedule={onOpenSchedule}
                  onOpenDay={onOpenDay}
                  narrowSchedules={narrow ? schedulesOnDay(schedules, day.key) : undefined}
                >
                  {loading && (weekIndex + col) % 3 === 0 && (
                    <Skeleton className={classes.loading} height={10} radius="sm" />
                  )}
                </CalendarCell>
              ))}
            </div>
          );
        })}
      </div>
      <VisuallyHidden id={hintId}>{calendarKo.keyboardHint}</VisuallyHidden>
    </>
  );
}
