import { FreeTimeGrid, slotEndsAt, slotStartsAt } from '@teamup/contracts/free-time';

/*
 * The week grid's geometry (contracts free-time.ts): 7 day columns of 32 half-hour rows, a slot
 * numbered day × 32 + row. Painting and choosing are pure functions of slots, tested alone.
 */

const { days: DAYS, slotsPerDay: ROWS } = FreeTimeGrid;

export const dayOf = (slot: number) => Math.floor(slot / ROWS);
export const rowOf = (slot: number) => slot % ROWS;
export const slotAt = (day: number, row: number) => day * ROWS + row;

/** 'HH:mm' of a row's start (row 0 is 08:00; the last row's end is 24:00). */
export function rowTime(row: number): string {
  const minutes = FreeTimeGrid.dayStartHour * 60 + row * FreeTimeGrid.slotMinutes;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Every slot of the rectangle whose corners are two slots (when2meet's drag). */
export function rectangle(from: number, to: number): number[] {
  const [firstDay, lastDay] = [dayOf(from), dayOf(to)].sort((a, b) => a - b) as [number, number];
  const [firstRow, lastRow] = [rowOf(from), rowOf(to)].sort((a, b) => a - b) as [number, number];
  const slots: number[] = [];
  for (let day = firstDay; day <= lastDay; day += 1) {
    for (let row = firstRow; row <= lastRow; row += 1) slots.push(slotAt(day, row));
  }
  return slots;
}

/** `base` with `slots` set (adding) or cleared (removing). */
export function paint(
  base: ReadonlySet<number>,
  slots: readonly number[],
  adding: boolean,
): Set<number> {
  const next = new Set(base);
  for (const slot of slots) {
    if (adding) next.add(slot);
    else next.delete(slot);
  }
  return next;
}

/** The focus after an arrow key, kept inside the grid; undefined for any other key. */
export function moveFocus(slot: number, key: string): number | undefined {
  const day = dayOf(slot);
  const row = rowOf(slot);
  switch (key) {
    case 'ArrowUp':
      return slotAt(day, Math.max(0, row - 1));
    case 'ArrowDown':
      return slotAt(day, Math.min(ROWS - 1, row + 1));
    case 'ArrowLeft':
      return slotAt(Math.max(0, day - 1), row);
    case 'ArrowRight':
      return slotAt(Math.min(DAYS - 1, day + 1), row);
    case 'Home':
      return slotAt(day, 0);
    case 'End':
      return slotAt(day, ROWS - 1);
    default:
      return undefined;
  }
}

/** A chosen time: consecutive slots of one day, `first` to `last` inclusive. */
export interface SlotRange {
  first: number;
  last: number;
}

/** The range from an anchor to another slot, kept in the anchor's day. */
export function rangeInDay(anchor: number, to: number): SlotRange {
  const toInDay = slotAt(dayOf(anchor), rowOf(to));
  return { first: Math.min(anchor, toInDay), last: Math.max(anchor, toInDay) };
}

export function slotsOf(range: SlotRange): number[] {
  const slots: number[] = [];
  for (let slot = range.first; slot <= range.last; slot += 1) slots.push(slot);
  return slots;
}

/** 'HH:mm–HH:mm' of a range (the last row ends at 24:00). */
export function rangeTimes(range: SlotRange): string {
  const end = rowOf(range.last) + 1;
  const endTime = end === ROWS ? `${FreeTimeGrid.dayEndHour}:00` : rowTime(end);
  return `${rowTime(rowOf(range.first))}–${endTime}`;
}

/** The instants a range starts and ends, ISO-8601. */
export function rangeInstants(
  weekStart: string,
  range: SlotRange,
): { startDate: string; endDate: string } {
  return {
    startDate: new Date(slotStartsAt(weekStart, range.first)).toISOString(),
    endDate: new Date(slotEndsAt(weekStart, range.last)).toISOString(),
  };
}

/** The heat of a slot, 0 (nobody) to 5 (everyone), by the share of members free in it. */
export function heatLevel(count: number, total: number): number {
  if (count === 0 || total === 0) return 0;
  if (count >= total) return 5;
  return Math.min(4, 1 + Math.floor((count / total) * 4));
}
