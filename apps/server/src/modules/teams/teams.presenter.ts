import type { Team, TeamMember } from '@teamup/contracts/teams';
import { presentMemberProfile } from '../workspaces/membership.service';
import type { TeamMemberRow, TeamView } from './teams.repo';

export function presentTeam(view: TeamView, progress: number): Team {
  return {
    id: view.id,
    name: view.name,
    description: view.description,
    workspaceId: view.workspaceId,
    passwordProtected: view.passwordHash !== null,
    leader:
      view.leaderId === null ? null : { id: view.leaderId, name: view.leaderName ?? '알 수 없음' },
    bulletinBoardId: view.bulletinBoardId,
    memberCount: view.memberCount,
    progress,
    isMember: view.isMember,
    announcementPosting: view.announcementPosting,
    roomId: view.viewerRoomId,
    createdAt: view.createdAt.toISOString(),
  };
}

export function presentTeamMember(row: TeamMemberRow, leaderId: number | null): TeamMember {
  return {
    ...presentMemberProfile(row.user),
    teamRole: row.user.id === leaderId ? 'LEADER' : 'MEMBER',
    joinedAt: row.joinedAt.toISOString(),
  };
}
