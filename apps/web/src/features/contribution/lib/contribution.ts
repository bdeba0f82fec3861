import {
  CONTRIBUTION_KINDS,
  seoulDayOf,
  shiftDay,
  type ContributionItem,
  type ContributionKind,
  type ContributionMember,
} from '@teamup/contracts/contribution';
import { routes } from '../../../config/paths';
import type { DayRange } from '../api/contribution';

export type Preset = 'week' | 'month' | 'all';

/** The range of a preset, ending today (Seoul); `all` leaves both ends to the server. */
export function presetRange(preset: Preset, now: number = Date.now()): DayRange {
  if (preset === 'all') return { from: null, to: null };
  const today = seoulDayOf(now);
  return { from: shiftDay(today, preset === 'week' ? -6 : -29), to: today };
}

/** The number a member's row shows for a kind (meetings show their count; minutes beside it). */
export function numberOf(member: ContributionMember, kind: ContributionKind): number {
  switch (kind) {
    case 'ASSIGNED':
      return member.assigned;
    case 'APPROVED':
      return member.approved;
    case 'COMPLETION_REQUEST':
      return member.completionRequests;
    case 'POST':
      return member.posts;
    case 'COMMENT':
      return member.comments;
    case 'FILE':
      return member.files;
    case 'MESSAGE':
      return member.messages;
    case 'MEETING':
      return member.meetings;
    case 'ACTIVE_DAY':
      return member.activeDays;
  }
}

export const KINDS: readonly ContributionKind[] = CONTRIBUTION_KINDS;

/** Where an item opens in the app; null when it has no place of its own. */
export function itemHref(
  item: ContributionItem,
  workspaceId: number,
  teamId: number,
): string | null {
  const link = item.link;
  if (!link) return null;
  switch (link.area) {
    case 'task':
      return routes.team.href(workspaceId, teamId, { tab: 'kanban', task: link.taskId });
    case 'post':
      return routes.team.href(workspaceId, teamId, {
        tab: 'bulletin',
        post: link.postId,
        ...(link.commentId === null ? {} : { comment: link.commentId }),
      });
    case 'announcement':
      return routes.team.href(workspaceId, teamId, { tab: 'announcements' });
    case 'chat':
      return routes.chat.href(
        workspaceId,
        link.roomId,
        link.messageId === null ? undefined : { message: link.messageId },
      );
  }
}

/** A Seoul wall-clock time, `YYYY-MM-DD HH:mm`. */
export function seoulTime(iso: string): string {
  return new Date(Date.parse(iso) + 9 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}
