import { createHash, randomBytes } from 'node:crypto';
import {
  CalendarFeedMessages as M,
  feedTokenOf,
  type CalendarFeedIssued,
  type CalendarFeedStatus,
} from '@teamup/contracts/calendar-feed';
import { calendarFeedEndpoints } from '@teamup/contracts/calendar-feed';
import { pathOf } from '@teamup/contracts/path-of';
import type { AppContext } from '../../context';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { ScheduleMessages } from '@teamup/contracts/schedules';
import { notFound } from '../../platform/errors/app-error';
import { myOpenTaskDeadlines } from '../kanban/my-tasks.service';
import { getUser } from '../users/users.service';
import { assertTeamContentAccess, reading } from '../teams/team-access.service';
import { eventDocument, feedDocument } from './calendar-feed.presenter';
import * as repo from './calendar-feed.repo';

/*
 * The personal calendar feed (issue 44). The URL's secret is 32 random bytes; only its SHA-256 is
 * stored (as a session's refresh token is), so the URL is shown once, when made. The feed is built
 * from what the person may read at the moment it is fetched: their current teams' events and their
 * own open cards, so a team they left is gone from the next refresh.
 */

/** How far back the feed reaches: events that ended within this many days still show. */
const FEED_PAST_DAYS = 180;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const feedNotFound = () => notFound(M.notFound);

export async function feedStatus(ctx: AppContext, userId: number): Promise<CalendarFeedStatus> {
  const feed = await repo.feedOf(ctx.database.db, userId);
  return { active: feed !== undefined, createdAt: feed?.createdAt.toISOString() ?? null };
}

export async function issueFeed(ctx: AppContext, userId: number): Promise<CalendarFeedIssued> {
  const token = randomBytes(32).toString('base64url');
  const feed = await repo.saveFeed(ctx.database.db, userId, hashOf(token), ctx.now());
  const url = `${ctx.config.publicOrigin}/api${pathOf(calendarFeedEndpoints.feed, {
    file: `${token}.ics`,
  })}`;
  return {
    url,
    webcalUrl: url.replace(/^https?:/, 'webcal:'),
    createdAt: feed.createdAt.toISOString(),
  };
}

export async function revokeFeed(ctx: AppContext, userId: number): Promise<void> {
  await repo.deleteFeed(ctx.database.db, userId);
}

/** The ICS document of the feed `file` names; 404 for a malformed, unknown or revoked one. */
export async function feedCalendar(ctx: AppContext, file: string): Promise<string> {
  const token = feedTokenOf(file);
  if (!token) throw feedNotFound();
  const userId = await repo.ownerOf(ctx.database.db, hashOf(token));
  if (userId === undefined) throw feedNotFound();
  const since = new Date(ctx.now().getTime() - FEED_PAST_DAYS * 86_400_000);
  const [owner, schedules, tasks] = await Promise.all([
    getUser(ctx, userId),
    repo.schedulesOfMember(ctx.database.db, userId, since),
    myOpenTaskDeadlines(ctx, userId),
  ]);
  return feedDocument({
    ownerName: owner.name,
    host: new URL(ctx.config.publicOrigin).hostname,
    schedules,
    tasks,
  });
}

/** One team event as an .ics file, for whoever may read its team's calendar. */
export async function scheduleIcs(ctx: AppContext, userId: number, scheduleId: number) {
  const schedule = await repo.scheduleForExport(ctx.database.db, scheduleId);
  if (!schedule) throw notFound(ScheduleMessages.notFound, ErrorCode.SCHEDULE_NOT_FOUND);
  await assertTeamContentAccess(ctx, schedule.teamId, userId, reading('SCHEDULES'));
  return eventDocument(schedule, new URL(ctx.config.publicOrigin).hostname);
}
