import { BoardMessages as M } from '@teamup/contracts/board';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { AnnouncementPosting } from '@teamup/contracts/teams';
import { forbidden } from '../../platform/errors/app-error';
import { leads } from '../teams/teams.policy';

/*
 * Who may change what on a team's board (decision 0038), once they reach the team's content
 * (team-access.service.ts): announcements, posts and a post's files are their author's.
 */

type Authored = { authorId: number | null };

export const authorOnly = (detail: string = M.authorOnly) =>
  forbidden(detail, ErrorCode.AUTHOR_ONLY);

/** Edits or deletes an announcement or a post, and manages a post's files. */
export function canChangeAuthored(item: Authored, userId: number): boolean {
  return item.authorId === userId;
}

type PostingTeam = { leaderId: number | null; announcementPosting: AnnouncementPosting };

/**
 * Posts an announcement: anyone who reaches the team's content (the spec), unless the team's
 * leader chose to post them alone (issue 41).
 */
export function canPostAnnouncement(team: PostingTeam, userId: number): boolean {
  return team.announcementPosting === 'EVERYONE' || leads(team, userId);
}

export function assertMayPostAnnouncement(team: PostingTeam, userId: number): void {
  if (!canPostAnnouncement(team, userId)) {
    throw forbidden(M.announcementLeaderOnly, ErrorCode.ANNOUNCEMENT_LEADER_ONLY);
  }
}

/** `detail` says what is the author's (a post's files have their own wording). */
export function assertAuthor(item: Authored, userId: number, detail?: string): void {
  if (!canChangeAuthored(item, userId)) throw authorOnly(detail);
}
