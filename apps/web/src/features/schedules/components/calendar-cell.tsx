import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Schedule } from '@teamup/contracts/schedules';
import { ko } from '../../../i18n/ko';
import type { CalendarDay } from '../lib/month-grid';
import { scheduleTypeFill } from '../lib/schedule-types';
import { formatScheduleRange } from '../lib/schedule-time';
import type { WeekSegment } from '../lib/week-layout';
import classes from './month-grid.module.css';

interface CalendarCellProps {
  day: CalendarDay;
  /** The date in words, e.g. 2026년 3월 10일 화요일. */
  dayName: string;
  /** How many events cover the day (all of them, shown or not). */
  count: number;
  isToday: boolean;
  /** The one cell of the grid reached with Tab (roving tab index). */
  tabbable: boolean;
  /** The bars that start in this cell in its week row (only the visible lanes). */
  segments: WeekSegment[];
  /** Events of the day beyond the visible lanes: the N of '+N'. */
  hidden: number;
  onCreate: (day: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>, day: string) => void;
  onOpenSchedule: (schedule: Schedule) => void;
  onOpenDay: (day: string) => void;
  /** Placeholder content while the month loads. */
  children?: ReactNode;
}

/**
 * One day of the month grid: its number, an add button, the bars starting on it and '+N'. Named
 * by its content, the date in words (hidden) and the events' bars, not by a label of its own: the
 * name then holds what the cell shows, its events' titles (WCAG 2.5.3, issue 41).
 */
export function CalendarCell({
  day,
  dayName,
  count,
  isToday,
  tabbable,
  segments,
  hidden,
  onCreate,
  onKeyDown,
  onOpenSchedule,
  onOpenDay,
  children,
}: CalendarCellProps) {
  return (
    <div
      role="gridcell"
      className={classes.cell}
      tabIndex={tabbable ? 0 : -1}
      aria-current={isToday ? 'date' : undefined}
      data-testid="calendar-cell"
      data-date={day.key}
      data-outside={day.inMonth ? undefined : true}
      data-today={isToday ? true : undefined}
      onClick={() => onCreate(day.key)}
      onKeyDown={(event) => onKeyDown(event, day.key)}
    >
      <span className={classes.dayNumber} data-weekday={day.weekday} aria-hidden>
        {day.date}
      </span>
      <VisuallyHidden>{ko.calendar.cellLabel(dayName, count, isToday)}</VisuallyHidden>
      {/* Shown on hover and focus (always on touch screens): a day full of events can still be
          added to without aiming between the bars. Tab stays on the cell (Enter adds there). */}
      <button
        type="button"
        tabIndex={-1}
        className={classes.add}
        aria-label={ko.calendar.addOnDayLabel(dayName)}
        title={ko.calendar.addOnDay}
        data-testid="calendar-cell-add"
        onClick={(event) => {
          event.stopPropagation();
          onCreate(day.key);
        }}
        onKeyDown={(event) => event.stopPropagation()}
      >
        <IconPlus size={14} stroke={2.5} aria-hidden />
      </button>
      {children}
      {segments.map((segment) => {
        const { schedule } = segment;
        const typeName = ko.calendar.types[schedule.type];
        const style = {
          '--lane': segment.lane,
          '--span': segment.endCol - segment.startCol + 1,
          '--bar-color': scheduleTypeFill(schedule.type),
        } as CSSProperties;
        return (
          <button
            key={schedule.id}
            type="button"
            className={classes.bar}
            style={style}
            title={schedule.title}
            aria-label={ko.calendar.eventLabel(
              schedule.title,
              typeName,
              formatScheduleRange(schedule),
            )}
            data-testid="calendar-event"
            data-schedule-id={schedule.id}
            data-type={schedule.type}
            data-continues-before={segment.continuesBefore ? true : undefined}
            data-continues-after={segment.continuesAfter ? true : undefined}
            onClick={(event) => {
              event.stopPropagation();
              onOpenSchedule(schedule);
            }}
            onKeyDown={(event) => event.stopPropagation()}
          >
            {schedule.title}
          </button>
        );
      })}
      {hidden > 0 && (
        <button
          type="button"
          className={classes.more}
          aria-label={ko.calendar.moreLabel(dayName, hidden)}
          data-testid="calendar-more"
          onClick={(event) => {
            event.stopPropagation();
            onOpenDay(day.key);
          }}
          onKeyDown={(event) => event.stopPropagation()}
        >
          {ko.calendar.more(hidden)}
        </button>
      )}
    </div>
  );
}
