/** A route id segment as a positive integer; null when it is missing or not a plain number. */
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
