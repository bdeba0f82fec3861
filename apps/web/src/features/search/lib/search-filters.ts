/** The search dialog's filters beside the kind: '' for a day means no bound. */
export interface SearchFilterValues {
  teamId: number | null;
  /** Only this room's messages and files (the server's `roomId`). */
  roomId: number | null;
  personId: number | null;
  /** YYYY-MM-DD (Korean time), inclusive. */
  from: string;
  to: string;
}

export const NO_FILTERS: SearchFilterValues = {
  teamId: null,
  roomId: null,
  personId: null,
  from: '',
  to: '',
};

export function activeFilterCount(filters: SearchFilterValues): number {
  return [
    filters.teamId !== null,
    filters.roomId !== null,
    filters.personId !== null,
    filters.from !== '',
    filters.to !== '',
  ].filter(Boolean).length;
}

/** Whether the filters can be asked at all (a range may not end before it starts). */
export function filtersValid(filters: SearchFilterValues): boolean {
  return filters.from === '' || filters.to === '' || filters.from <= filters.to;
}

/** The filters as the search call's query parameters (only those that are on). */
export function filterParams(filters: SearchFilterValues): Record<string, string | number> {
  return {
    ...(filters.teamId !== null ? { teamId: filters.teamId } : {}),
    ...(filters.roomId !== null ? { roomId: filters.roomId } : {}),
    ...(filters.personId !== null ? { personId: filters.personId } : {}),
    ...(filters.from !== '' ? { from: filters.from } : {}),
    ...(filters.to !== '' ? { to: filters.to } : {}),
  };
}
