import {
  BoardMessages as M,
  type Announcement,
  type AnnouncementPage,
  type createAnnouncementSchema,
  type updateAnnouncementSchema,
} from '@teamup/contracts/board';
import { toPage, type PageQuery } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { TeamMessages } from '@teamup/contracts/teams';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors/app-error';
import {
  assertTeamContentAccess,
  publishTeamContentChange,
  type TeamContentUse,
} from '../teams/team-access.service';
import { presentAnnouncement } from './board.presenter';
import * as repo from './board.repo';
import { assertAuthor, assertMayPostAnnouncement } from './board.policy';
import { sliceOf } from './board.service';
import { emitDomainEvent } from '../../platform/domain-events';

const announcementNotFound = () =>
  notFound(M.announcementNotFound, ErrorCode.ANNOUNCEMENT_NOT_FOUND);

// --- announcements ---------------------------------------------------------------------------

/** The announcement's team must be in the workspace of the address, and the caller allowed in. */
async function assertTeamInWorkspace(
  ctx: AppContext,
  workspaceId: number,
  teamId: number,
  userId: number,
  intent: TeamContentUse['intent'],
) {
  const team = await assertTeamContentAccess(ctx, teamId, userId, {
    intent,
    area: 'ANNOUNCEMENTS',
  });
  if (team.workspaceId !== workspaceId) {
    throw notFound(TeamMessages.notFound, ErrorCode.TEAM_NOT_FOUND);
  }
  return team;
}

async function loadAnnouncement(ctx: AppContext, workspaceId: number, id: number, userId: number) {
  const found = await repo.findAnnouncement(ctx.database.db, id);
  if (!found) throw announcementNotFound();
  // Found to be changed: its routes edit and delete it.
  await assertTeamInWorkspace(ctx, workspaceId, found.announcement.teamId, userId, 'write');
  return found;
}

export async function listAnnouncements(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  query: { teamId: number } & PageQuery,
): Promise<AnnouncementPage> {
  await assertTeamInWorkspace(ctx, workspaceId, query.teamId, userId, 'read');
  const { rows, total } = await repo.listAnnouncements(
    ctx.database.db,
    query.teamId,
    sliceOf(query),
  );
  const page = toPage(
    rows.map((row) => presentAnnouncement(row.announcement, row.author)),
    total,
    query,
  );
  return {
    announcements: page.content,
    currentPage: query.page,
    totalPages: page.totalPages,
    totalElements: total,
    size: query.size,
    pageSize: query.size,
    hasNext: !page.last,
    hasPrevious: query.page > 0,
  };
}

async function presentAnnouncementById(ctx: AppContext, id: number): Promise<Announcement> {
  const found = await repo.findAnnouncement(ctx.database.db, id);
  if (!found) throw announcementNotFound();
  return presentAnnouncement(found.announcement, found.author);
}

export async function createAnnouncement(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  input: z.output<typeof createAnnouncementSchema>,
): Promise<Announcement> {
  assertMayPostAnnouncement(
    await assertTeamInWorkspace(ctx, workspaceId, input.teamId, userId, 'write'),
    userId,
  );
  const team = { teamId: input.teamId, workspaceId };
  // One instant for both: two readings of the clock could differ by a millisecond.
  const now = ctx.now();
  const id = await repo.insertAnnouncement(ctx.database.db, {
    teamId: input.teamId,
    authorId: userId,
    title: input.title,
    content: input.content,
    createdAt: now,
    updatedAt: now,
  });
  await publishTeamContentChange(ctx, team, 'ANNOUNCEMENTS');
  await emitDomainEvent(ctx, {
    type: 'ANNOUNCEMENT_CREATED',
    teamId: input.teamId,
    authorId: userId,
    title: input.title,
  });
  return presentAnnouncementById(ctx, id);
}

export async function updateAnnouncement(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  id: number,
  input: z.output<typeof updateAnnouncementSchema>,
): Promise<Announcement> {
  const { announcement } = await loadAnnouncement(ctx, workspaceId, id, userId);
  assertAuthor(announcement, userId);
  await repo.updateAnnouncement(ctx.database.db, id, input, ctx.now());
  await publishTeamContentChange(
    ctx,
    { teamId: announcement.teamId, workspaceId },
    'ANNOUNCEMENTS',
  );
  return presentAnnouncementById(ctx, id);
}

export async function deleteAnnouncement(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  id: number,
): Promise<void> {
  const { announcement } = await loadAnnouncement(ctx, workspaceId, id, userId);
  assertAuthor(announcement, userId);
  await repo.deleteAnnouncement(ctx.database.db, id);
  await publishTeamContentChange(
    ctx,
    { teamId: announcement.teamId, workspaceId },
    'ANNOUNCEMENTS',
  );
}
