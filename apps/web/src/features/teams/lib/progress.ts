/** The server's progress as a whole percent in 0-100, for a bar and its label. */
export function progressPercent(progress: number | null | undefined): number {
  if (typeof progress !== 'number' || !Number.isFinite(progress)) return 0;
  return Math.min(100, Math.max(0, Math.round(progress)));
}
