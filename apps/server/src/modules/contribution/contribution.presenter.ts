import {
  CONTRIBUTION_CSV_HEADER,
  ContributionRange,
  type ContributionItem,
  type ContributionKind,
  type ContributionLink,
  type ContributionMember,
  type TeamContribution,
} from '@teamup/contracts/contribution';
import {
  emptyNumbers,
  type ItemRow,
  type MemberHead,
  type Numbers,
  type TeamHead,
} from './contribution.repo';
import { CSV_BOM, csvLine } from '../../platform/http/csv';

/** The members' rows: the leader first, then by name; someone without activity has zeros. */
export function presentMembers(
  team: TeamHead,
  members: MemberHead[],
  numbers: Map<number, Numbers>,
): ContributionMember[] {
  const rows = members.map((member) => ({
    userId: member.userId,
    name: member.name,
    profileImageUrl: member.profileImageUrl,
    isLeader: member.userId === team.leaderId,
    ...(numbers.get(member.userId) ?? emptyNumbers()),
  }));
  return rows.sort((a, b) => Number(b.isLeader) - Number(a.isLeader));
}

export function presentTeam(
  team: TeamHead,
  range: { from: string; to: string; teamCreatedOn: string },
  members: ContributionMember[],
): TeamContribution {
  return {
    teamId: team.id,
    teamName: team.name,
    workspaceId: team.workspaceId,
    from: range.from,
    to: range.to,
    timeZone: ContributionRange.timeZone,
    teamCreatedOn: range.teamCreatedOn,
    members,
  };
}

function linkOf(row: ItemRow): ContributionLink | null {
  if (row.taskId !== null) return { area: 'task', taskId: row.taskId };
  if (row.postId !== null) return { area: 'post', postId: row.postId, commentId: row.commentId };
  if (row.announcementId !== null) {
    return { area: 'announcement', announcementId: row.announcementId };
  }
  if (row.roomId !== null) return { area: 'chat', roomId: row.roomId, messageId: row.messageId };
  return null;
}

export function presentItem(
  kind: ContributionKind,
  row: ItemRow,
  teamRoomId: number | null,
): ContributionItem {
  const link =
    kind === 'MESSAGE' && teamRoomId !== null
      ? ({ area: 'chat', roomId: teamRoomId, messageId: null } as const)
      : linkOf(row);
  return {
    kind,
    id: row.id,
    source: row.source,
    label: row.label,
    at: row.at,
    approvedAt: row.approvedAt,
    count: row.count,
    // Absent rather than null: a nullable union has no type for the API document to give it.
    ...(link ? { link } : {}),
  };
}

/** A Seoul wall-clock time, `YYYY-MM-DD HH:mm`, for the CSV. */
function seoulTime(isoInstant: string): string {
  return new Date(Date.parse(isoInstant) + 9 * 3_600_000)
    .toISOString()
    .slice(0, 16)
    .replace('T', ' ');
}

/** The byte order mark and the header row: Excel then opens the Korean text as UTF-8. */
export const csvHead = () => `${CSV_BOM}${csvLine(CONTRIBUTION_CSV_HEADER)}`;

export function csvRows(
  teamName: string,
  range: { from: string; to: string },
  members: ContributionMember[],
): string {
  return members
    .map((m) =>
      csvLine([
        teamName,
        m.name,
        m.isLeader ? '예' : '',
        range.from,
        range.to,
        m.assigned,
        m.approved,
        m.completionRequests,
        m.posts,
        m.comments,
        m.files,
        m.messages,
        m.meetings,
        m.meetingMinutes,
        m.activeDays,
        m.lastActiveAt === null ? '' : seoulTime(m.lastActiveAt),
      ]),
    )
    .join('');
}
