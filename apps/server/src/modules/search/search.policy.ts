import { ErrorCode } from '@teamup/contracts/error-codes';
import { searchMessages } from '@teamup/contracts/search';
import type { WorkspaceRole } from '@teamup/contracts/workspaces';
import { forbidden } from '../../platform/errors/app-error';
import { canReadAllTeamContent } from '../workspaces/workspaces.policy';

/*
 * What a search may reach (decision 0038): the workspace's shared content, and the content of the
 * teams the caller reads as the team-content rule says (their teams, or every team for the roles
 * workspaces.policy.ts lets read them all).
 */

/** Searches every team's content, not only the teams they are in. */
export function searchesAllTeams(role: WorkspaceRole): boolean {
  return canReadAllTeamContent(role);
}

/** A search narrowed to one team reaches only a team the caller reads. */
export function assertTeamSearchable(readableTeamIds: readonly number[], teamId: number): void {
  if (!readableTeamIds.includes(teamId)) {
    throw forbidden(searchMessages.teamNotReadable, ErrorCode.TEAM_NOT_MEMBER);
  }
}

/** A search narrowed to one room reaches only a room the caller is in (whether it exists or not). */
export function assertRoomSearchable(member: boolean): void {
  if (!member) throw forbidden(searchMessages.roomNotReadable, ErrorCode.CHAT_NOT_MEMBER);
}

/**
 * The rooms `in:방이름` names among the caller's: those whose name is it (spaces and case aside),
 * or else those whose name holds it; none when none does.
 */
export function roomsNamed(rooms: readonly { id: number; name: string }[], name: string): number[] {
  const compact = (text: string) => text.replace(/\s+/gu, '').toLowerCase();
  const wanted = compact(name);
  const exact = rooms.filter((room) => compact(room.name) === wanted);
  const chosen =
    exact.length > 0 ? exact : rooms.filter((room) => compact(room.name).includes(wanted));
  return chosen.map((room) => room.id);
}
