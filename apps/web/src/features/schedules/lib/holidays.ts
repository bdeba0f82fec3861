import { useQueries } from '@tanstack/react-query';
import { getHolidayPreset } from '@hyunbinseo/holidays-kr';
import type { CalendarDay } from './month-grid';

/** Korean public holidays by day key (YYYY-MM-DD): their names (a day may have two). */
export type HolidayNames = Readonly<Record<string, readonly string[]>>;

/**
 * A year's public holidays from @hyunbinseo/holidays-kr (the official gazette's data, bundled:
 * each year is a chunk loaded on first use, no network beyond the app's own files). Years the
 * package does not have (before 2018, after its last release's year) have none shown.
 */
export async function holidaysOfYear(year: number): Promise<HolidayNames> {
  try {
    return await getHolidayPreset(String(year));
  } catch (error) {
    if (error instanceof RangeError) return {};
    throw error;
  }
}

/** The holidays of the years a month grid shows (one, or two around New Year). */
export function useHolidays(days: CalendarDay[]): HolidayNames {
  const years = [...new Set(days.map((day) => Number(day.key.slice(0, 4))))];
  const results = useQueries({
    queries: years.map((year) => ({
      queryKey: ['holidays-kr', year] as const,
      queryFn: () => holidaysOfYear(year),
      // Fixed by law for the year: read once per session.
      staleTime: Infinity,
      gcTime: Infinity,
    })),
  });
  return Object.assign({}, ...results.map((result) => result.data ?? {})) as HolidayNames;
}
