import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import dayjs from 'dayjs';
import { FreeTimeGrid } from '@teamup/contracts/free-time';
import { freeTimeKo } from '../../../i18n/ko/free-time';
import { moveFocus, rowTime, slotAt } from '../lib/slot-grid';
import classes from './slot-grid.module.css';

const DAYS = Array.from({ length: FreeTimeGrid.days }, (_, day) => day);
const ROWS = Array.from({ length: FreeTimeGrid.slotsPerDay }, (_, row) => row);

/** How one slot looks and reads. */
export interface SlotLook {
  className: string;
  label: string;
  selected: boolean;
  /** The native tooltip of a mouse hover. */
  title?: string;
  level?: number;
  busy?: boolean;
}

export interface SlotGridProps {
  weekStart: string;
  label: string;
  testId: string;
  look: (slot: number) => SlotLook;
  /** The slot Tab reaches (roving focus). */
  focusSlot: number;
  onFocusSlot: (slot: number) => void;
  /** A press on a slot (mouse, finger or pen) starts a stroke… */
  onStrokeStart: (slot: number) => void;
  /** …that passes over other slots… */
  onStrokeMove: (slot: number) => void;
  /** …and ends when the press does, wherever that is. */
  onStrokeEnd: () => void;
  /** Keys other than the arrows, Home and End; answers whether it used the key. */
  onKey: (slot: number, event: KeyboardEvent<HTMLElement>) => boolean;
  /** After an arrow key moved the focus (with Shift held or not). */
  onMoved?: (slot: number, shift: boolean) => void;
  busy?: boolean;
}

/** The slot number of the grid cell at or around an element. */
function slotOfElement(element: Element | null): number | undefined {
  const cell = element?.closest<HTMLElement>('[data-slot]');
  return cell ? Number(cell.dataset['slot']) : undefined;
}

/**
 * A week of half-hour slots (rows) by day (columns), drawn and driven the same way for my grid
 * and the team's heat map: pointer strokes (a finger keeps its events on the cell it pressed,
 * so the cell under it is looked up by position), and arrow keys over a roving tab stop.
 */
export function SlotGrid(props: SlotGridProps) {
  const { weekStart, look, focusSlot, onFocusSlot, onStrokeMove, onStrokeEnd } = props;
  const gridRef = useRef<HTMLDivElement>(null);
  const stroke = useRef<{ last: number } | null>(null);

  useEffect(() => {
    const end = () => {
      if (!stroke.current) return;
      stroke.current = null;
      onStrokeEnd();
    };
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    return () => {
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
    };
  }, [onStrokeEnd]);

  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const slot = slotOfElement(event.target as Element);
    if (slot === undefined) return;
    // No text selection and no native drag; the cell is focused by hand instead.
    event.preventDefault();
    stroke.current = { last: slot };
    onFocusSlot(slot);
    gridRef.current?.querySelector<HTMLElement>(`[data-slot="${slot}"]`)?.focus();
    props.onStrokeStart(slot);
  };

  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!stroke.current) return;
    // jsdom has no layout to look a point up in; the event's own target stands in there.
    const under =
      typeof document.elementFromPoint === 'function'
        ? document.elementFromPoint(event.clientX, event.clientY)
        : (event.target as Element);
    const slot = slotOfElement(under ?? (event.target as Element));
    if (slot === undefined || slot === stroke.current.last) return;
    stroke.current.last = slot;
    onStrokeMove(slot);
  };

  const handleKeyDown = (slot: number, event: KeyboardEvent<HTMLElement>) => {
    const next = moveFocus(slot, event.key);
    if (next !== undefined) {
      event.preventDefault();
      onFocusSlot(next);
      gridRef.current?.querySelector<HTMLElement>(`[data-slot="${next}"]`)?.focus();
      props.onMoved?.(next, event.shiftKey);
      return;
    }
    if (props.onKey(slot, event)) event.preventDefault();
  };

  const monday = dayjs(`${weekStart}T00:00:00`);
  return (
    <div
      ref={gridRef}
      role="grid"
      aria-label={props.label}
      aria-busy={props.busy || undefined}
      className={classes.grid}
      data-testid={props.testId}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
    >
      <div role="row" className={classes.row}>
        <div className={classes.corner} aria-hidden />
        {DAYS.map((day) => {
          const date = monday.add(day, 'day');
          return (
            <div key={day} role="columnheader" className={classes.day}>
              {date.format(freeTimeKo.weekdayFormat)}
              <br />
              {date.format(freeTimeKo.dayFormat)}
            </div>
          );
        })}
      </div>
      {ROWS.map((row) => (
        <div key={row} role="row" className={classes.row}>
          <div role="rowheader" className={classes.time}>
            {row % 2 === 0 ? rowTime(row) : <span aria-hidden />}
          </div>
          {DAYS.map((day) => {
            const slot = slotAt(day, row);
            const shown = look(slot);
            return (
              <div
                key={day}
                role="gridcell"
                tabIndex={slot === focusSlot ? 0 : -1}
                aria-selected={shown.selected}
                aria-label={shown.label}
                title={shown.title}
                className={`${classes.cell} ${shown.className}`}
                data-slot={slot}
                data-hour={row % 2 === 0 && row > 0 ? 'true' : undefined}
                data-level={shown.level}
                data-busy={shown.busy ? 'true' : undefined}
                onKeyDown={(event) => handleKeyDown(slot, event)}
                onFocus={() => slot !== focusSlot && onFocusSlot(slot)}
              />
            );
          })}
        </div>
      ))}
    </div>
  );
}

export { classes as slotGridClasses };
