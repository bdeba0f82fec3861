import { Limits } from '@teamup/contracts/limits';

export interface MemberPreview<T> {
  /** The first members, in list order. */
  shown: T[];
  /** How many are not shown; 0 when all fit. */
  hidden: number;
  total: number;
}

/** The first `count` members (4 on the workspace home, spec 01 section 9) and how many remain. */
export function previewMembers<T>(
  members: readonly T[],
  count: number = Limits.memberPreviewCount,
): MemberPreview<T> {
  const size = Math.max(0, Math.floor(count));
  const shown = members.slice(0, size);
  return { shown, hidden: members.length - shown.length, total: members.length };
}
