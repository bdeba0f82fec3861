import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Schedule } from '@teamup/contracts/schedules';
import { calendarKo } from '../../../i18n/ko/calendar';
import type { CalendarDay } from '../lib/month-grid';
import { scheduleTypeFill } from '../lib/schedule-types';
import { formatScheduleRange } from '../lib/schedule-time';
import { scheduleKey, type WeekSegment } from '../lib/week-layout';
import classes from './month-grid.module.css';

interface CalendarCellProps {
  day: CalendarDay;
  /** The date in words, e.g. 2026년 3월 10일 화요일. */
  dayName: string;
  /** The public holiday's name(s) on this day, if it is one. */
  holiday?: string;
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
  /**
   * On a phone the day's events in order (the cell shows their count and short titles, no bars:
   * a tap anywhere opens the day's list); undefined on wider screens.
   */
  narrowSchedules?: Schedule[];
  /** Placeholder content while the month loads. */
  children?: ReactNode;
}

/** How many titles a phone's cell prints under its number (the count says how many in all). */
const NARROW_TITLES = 2;

/** What every day cell is, wide or narrow: a grid cell of the roving tab index, marked by date. */
function gridCellProps({
  day,
  isToday,
  tabbable,
  onKeyDown,
}: Pick<CalendarCellProps, 'day' | 'isToday' | 'tabbable' | 'onKeyDown'>) {
  return {
    role: 'gridcell',
    className: classes.cell,
    tabIndex: tabbable ? 0 : -1,
    'aria-current': isToday ? ('date' as const) : undefined,
    'data-testid': 'calendar-cell',
    'data-date': day.key,
    'data-outside': day.inMonth ? undefined : true,
    'data-today': isToday ? true : undefined,
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => onKeyDown(event, day.key),
  };
}

/**
 * The day's number as shown (red on a public holiday, as on a Sunday, with the holiday's name),
 * and its name in words for screen readers (the cell's name).
 */
function DayHeading({ day, name, holiday }: { day: CalendarDay; name: string; holiday?: string }) {
  return (
    <>
      <span
        className={classes.dayNumber}
        data-weekday={day.weekday}
        data-holiday={holiday ? true : undefined}
        aria-hidden
      >
        {day.date}
      </span>
      {holiday && (
        <span className={classes.holiday} title={holiday} data-testid="calendar-holiday">
          {holiday}
        </span>
      )}
      <VisuallyHidden>{name}</VisuallyHidden>
    </>
  );
}

/**
 * One day of the month grid: its number, an add button, the bars starting on it and '+N'. Named
 * by its content, the date in words (hidden) and the events' bars, not by a label of its own: the
 * name then holds what the cell shows, its events' titles (WCAG 2.5.3, issue 41).
 */
export function CalendarCell({
  day,
  dayName,
  holiday,
  count,
  isToday,
  tabbable,
  segments,
  hidden,
  onCreate,
  onKeyDown,
  onOpenSchedule,
  onOpenDay,
  narrowSchedules,
  children,
}: CalendarCellProps) {
  if (narrowSchedules) {
    return (
      <NarrowCell
        day={day}
        dayName={dayName}
        holiday={holiday}
        isToday={isToday}
        tabbable={tabbable}
        schedules={narrowSchedules}
        onCreate={onCreate}
        onKeyDown={onKeyDown}
        onOpenDay={onOpenDay}
      >
        {children}
      </NarrowCell>
    );
  }
  return (
    <div
      {...gridCellProps({ day, isToday, tabbable, onKeyDown })}
      onClick={() => onCreate(day.key)}
    >
      <DayHeading
        day={day}
        holiday={holiday}
        name={calendarKo.cellLabel(dayName, count, isToday)}
      />
      {/* Shown on hover and focus (always on touch screens): a day full of events can still be
          added to without aiming between the bars. Tab stays on the cell (Enter adds there). */}
      <button
        type="button"
        tabIndex={-1}
        className={classes.add}
        aria-label={calendarKo.addOnDayLabel(dayName)}
        title={calendarKo.addOnDay}
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
        const typeName = calendarKo.types[schedule.type];
        const style = {
          '--lane': segment.lane,
          '--span': segment.endCol - segment.startCol + 1,
          '--bar-color': scheduleTypeFill(schedule.type),
        } as CSSProperties;
        return (
          <button
            key={scheduleKey(schedule)}
            type="button"
            className={classes.bar}
            style={style}
            title={schedule.title}
            aria-label={calendarKo.eventLabel(
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
          aria-label={calendarKo.moreLabel(dayName, hidden)}
          data-testid="calendar-more"
          onClick={(event) => {
            event.stopPropagation();
            onOpenDay(day.key);
          }}
          onKeyDown={(event) => event.stopPropagation()}
        >
          {calendarKo.more(hidden)}
        </button>
      )}
    </div>
  );
}

type NarrowCellProps = Pick<
  CalendarCellProps,
  | 'day'
  | 'dayName'
  | 'holiday'
  | 'isToday'
  | 'tabbable'
  | 'onCreate'
  | 'onKeyDown'
  | 'onOpenDay'
  | 'children'
> & { schedules: Schedule[] };

/**
 * A day on a phone (a cell about 46 px wide): its number, the count ('2건') and the first titles
 * as plain text. Bars that small could not be aimed at, and a tap meant for the day would open
 * an event; so the whole cell is one target: a day with events opens its list (each event and
 * '이 날에 일정 추가' are there), an empty day opens the create form as on wider screens.
 */
function NarrowCell({
  day,
  dayName,
  holiday,
  isToday,
  tabbable,
  schedules,
  onCreate,
  onKeyDown,
  onOpenDay,
  children,
}: NarrowCellProps) {
  // Named by its content, as the wide cell: the date in words (hidden), then the count and the
  // titles it shows, so the name holds the visible text (WCAG 2.5.3).
  return (
    <div
      {...gridCellProps({ day, isToday, tabbable, onKeyDown })}
      data-narrow
      onClick={() => (schedules.length > 0 ? onOpenDay(day.key) : onCreate(day.key))}
    >
      <DayHeading day={day} holiday={holiday} name={calendarKo.cellLabel(dayName, 0, isToday)} />
      {children}
      {schedules.length > 0 && (
        <>
          <span className={classes.count} data-testid="calendar-cell-count">
            {calendarKo.narrowCount(schedules.length)}
          </span>
          <span className={classes.titles}>
            {schedules.slice(0, NARROW_TITLES).map((schedule) => (
              <span
                key={scheduleKey(schedule)}
                className={classes.title}
                style={{ '--bar-color': scheduleTypeFill(schedule.type) } as CSSProperties}
                data-testid="calendar-cell-title"
                data-schedule-id={schedule.id}
              >
                {schedule.title}
              </span>
            ))}
          </span>
        </>
      )}
    </div>
  );
}
