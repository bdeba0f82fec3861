import { ErrorCode } from '@teamup/contracts/error-codes';
import { RecurrenceMessages } from '@teamup/contracts/recurrence';
import type { occurrenceScopeQuerySchema, Schedule } from '@teamup/contracts/schedules';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { emitDomainEvent } from '../../platform/domain-events';
import { badRequest, notFound } from '../../platform/errors/app-error';
import { publishTeamContentChange } from '../teams/team-access.service';
import {
  isOccurrence,
  occurrencesBefore,
  occurrenceStarts,
  recurrenceColumns,
  ruleEndingBefore,
  ruleWithCountLeft,
  seriesEndsAt,
} from './recurrence';
import { presentOccurrence } from './schedules.presenter';
import * as repo from './schedules.repo';
import * as seriesRepo from './schedules.series.repo';
import {
  deleteSchedule,
  endOf,
  loadEditable,
  presentById,
  updateSchedule,
  type ScheduleInput,
} from './schedules.service';

/*
 * Recurring schedules (decision 0046): a series row holds the RRULE and its first occurrence's
 * times; removed occurrences are EXDATE rows and an edited occurrence is a schedules row of its
 * own pointing at its series and original start. Edits and deletions of one occurrence reach
 * "이 일정만" (THIS), "이 일정과 이후 일정" (FOLLOWING: the series ends before it, a new one
 * starts) or "모든 일정" (ALL).
 */

type ScopeQuery = z.output<typeof occurrenceScopeQuerySchema>;

/** Every occurrence of the team's series that overlaps [from, to], as schedules. */
export async function listOccurrences(
  ctx: AppContext,
  teamId: number,
  from: Date,
  to: Date,
): Promise<Schedule[]> {
  const db = ctx.database.db;
  const series = await seriesRepo.listSeriesReaching(db, teamId, from, to);
  if (series.length === 0) return [];
  const excluded = await seriesRepo.exdatesOf(
    db,
    series.map((view) => view.schedule.id),
    to,
  );
  return series.flatMap((view) => {
    const { schedule } = view;
    if (schedule.recurrenceRule === null) return [];
    const skip = excluded.get(schedule.id);
    return occurrenceStarts({ ...schedule, rule: schedule.recurrenceRule }, from, to)
      .filter((start) => !skip?.has(start.getTime()))
      .map((start) => presentOccurrence(view, start));
  });
}

const occurrenceNotFound = () =>
  notFound(RecurrenceMessages.occurrenceNotFound, ErrorCode.SCHEDULE_NOT_FOUND);

type SeriesRow = repo.ScheduleRow & { recurrenceRule: string };

/**
 * The series and the occurrence an edit or deletion is about: the schedule itself when it is a
 * series (the occurrence as asked, by default its first), or the series of an edited occurrence
 * (whose original start it keeps). Null for a schedule that happens once.
 */
async function seriesAndOccurrence(
  db: Db,
  schedule: repo.ScheduleRow,
  query: ScopeQuery,
): Promise<{ series: SeriesRow; occurrence: Date; editedCopy: repo.ScheduleRow | null } | null> {
  if (schedule.recurrenceRule !== null) {
    const series = { ...schedule, recurrenceRule: schedule.recurrenceRule };
    const occurrence = query.occurrence ? new Date(query.occurrence) : schedule.startsAt;
    const timing = { ...series, rule: series.recurrenceRule };
    if (
      !isOccurrence(timing, occurrence) ||
      (await seriesRepo.isExcluded(db, series.id, occurrence))
    ) {
      throw occurrenceNotFound();
    }
    return { series, occurrence, editedCopy: null };
  }
  if (schedule.seriesId === null || schedule.originalStart === null) return null;
  const view = await repo.findView(db, schedule.seriesId);
  if (!view || view.schedule.recurrenceRule === null) return null;
  return {
    series: { ...view.schedule, recurrenceRule: view.schedule.recurrenceRule },
    occurrence: schedule.originalStart,
    editedCopy: schedule,
  };
}

/** Ends the series before `occurrence` and forgets its exceptions from there on. */
async function endSeriesBefore(db: Db, series: SeriesRow, occurrence: Date, now: Date) {
  const rule = ruleEndingBefore(series.recurrenceRule, occurrence);
  await seriesRepo.updateSeries(db, series.id, {
    recurrenceRule: rule,
    recurrenceEndsAt: seriesEndsAt({ ...series, rule }),
    updatedAt: now,
  });
  await seriesRepo.removeExceptions(db, series.id, occurrence);
}

async function announce(
  ctx: AppContext,
  at: { teamId: number; workspaceId: number; userId: number; title: string },
) {
  await publishTeamContentChange(ctx, at, 'SCHEDULES');
  await emitDomainEvent(ctx, {
    type: 'SCHEDULE_CHANGED',
    teamId: at.teamId,
    actorId: at.userId,
    title: at.title,
    change: 'UPDATED',
  });
}

/** PUT /teams/{t}/schedules/{id}?scope&occurrence. */
export async function updateInScope(
  ctx: AppContext,
  userId: number,
  teamId: number,
  id: number,
  query: ScopeQuery,
  input: ScheduleInput,
): Promise<Schedule> {
  const { view, workspaceId } = await loadEditable(ctx, userId, teamId, id);
  const db = ctx.database.db;
  const found = await seriesAndOccurrence(db, view.schedule, query);
  if (!found) {
    if (query.scope !== 'ALL')
      throw badRequest(ErrorCode.VALIDATION_FAILED, RecurrenceMessages.notRecurring);
    return updateSchedule(ctx, userId, teamId, id, input);
  }
  const { series, occurrence, editedCopy } = found;
  const startsAt = new Date(input.startDate);
  const endsAt = endOf(input);
  const now = ctx.now();
  const fields = {
    title: input.title,
    description: input.scheduleDesc ?? null,
    type: input.type,
  };
  const scope =
    query.scope === 'FOLLOWING' && occurrence.getTime() <= series.startsAt.getTime()
      ? 'ALL'
      : query.scope;
  // A rule left out keeps the series' one (an edited occurrence has none of its own to show);
  // null stops the repeating.
  const requestedRule =
    input.recurrenceRule === undefined ? series.recurrenceRule : input.recurrenceRule;

  let savedId: number;
  if (scope === 'THIS') {
    // One occurrence: its edited copy, made the first time (the series skips that date).
    savedId = await db.transaction(async (tx) => {
      if (editedCopy) {
        await repo.update(tx, editedCopy.id, { ...fields, startsAt, endsAt, updatedAt: now });
        return editedCopy.id;
      }
      await seriesRepo.exclude(tx, series.id, occurrence);
      return repo.insert(tx, {
        ...fields,
        teamId,
        creatorId: series.creatorId,
        startsAt,
        endsAt,
        seriesId: series.id,
        originalStart: occurrence,
        createdAt: now,
        updatedAt: now,
      });
    });
  } else if (scope === 'FOLLOWING') {
    // The series ends before the occurrence; a new series (or one-off) takes over from it. A
    // COUNT left as it was counts on from where the old series stopped.
    const rule =
      requestedRule === series.recurrenceRule
        ? ruleWithCountLeft(
            requestedRule,
            occurrencesBefore({ ...series, rule: series.recurrenceRule }, occurrence),
          )
        : requestedRule;
    savedId = await db.transaction(async (tx) => {
      await endSeriesBefore(tx, series, occurrence, now);
      return repo.insert(tx, {
        ...fields,
        teamId,
        creatorId: series.creatorId,
        startsAt,
        endsAt,
        ...recurrenceColumns(rule, startsAt, endsAt),
        createdAt: now,
        updatedAt: now,
      });
    });
  } else {
    // Every occurrence: the series moves by as much as this occurrence was moved. Removed and
    // edited occurrences are forgotten when the times or the rule change (their dates no longer
    // line up); a new title or description keeps them.
    const seriesStart = new Date(
      series.startsAt.getTime() + (startsAt.getTime() - occurrence.getTime()),
    );
    const seriesEnd = new Date(seriesStart.getTime() + (endsAt.getTime() - startsAt.getTime()));
    const recurrence = recurrenceColumns(requestedRule, seriesStart, seriesEnd);
    const timingChanged =
      seriesStart.getTime() !== series.startsAt.getTime() ||
      seriesEnd.getTime() !== series.endsAt.getTime() ||
      recurrence.recurrenceRule !== series.recurrenceRule;
    await db.transaction(async (tx) => {
      await seriesRepo.updateSeries(tx, series.id, {
        ...fields,
        startsAt: seriesStart,
        endsAt: seriesEnd,
        ...recurrence,
        updatedAt: now,
      });
      if (timingChanged) await seriesRepo.removeExceptions(tx, series.id);
    });
    savedId = series.id;
  }
  await announce(ctx, { teamId, workspaceId, userId, title: input.title });
  return presentById(ctx, savedId);
}

/** DELETE /teams/{t}/schedules/{id}?scope&occurrence. */
export async function deleteInScope(
  ctx: AppContext,
  userId: number,
  teamId: number,
  id: number,
  query: ScopeQuery,
): Promise<void> {
  const { view, workspaceId } = await loadEditable(ctx, userId, teamId, id);
  const db = ctx.database.db;
  const found = await seriesAndOccurrence(db, view.schedule, query);
  if (!found) {
    if (query.scope !== 'ALL')
      throw badRequest(ErrorCode.VALIDATION_FAILED, RecurrenceMessages.notRecurring);
    return deleteSchedule(ctx, userId, teamId, id);
  }
  const { series, occurrence, editedCopy } = found;
  const fromFirst = occurrence.getTime() <= series.startsAt.getTime();
  if (query.scope === 'ALL' || (query.scope === 'FOLLOWING' && fromFirst)) {
    // The edited copies and removed dates go with it (foreign keys, on delete cascade).
    await repo.remove(db, series.id);
  } else if (query.scope === 'THIS') {
    await db.transaction(async (tx) => {
      await seriesRepo.exclude(tx, series.id, occurrence);
      if (editedCopy) await repo.remove(tx, editedCopy.id);
    });
  } else {
    await db.transaction((tx) => endSeriesBefore(tx, series, occurrence, ctx.now()));
  }
  await publishTeamContentChange(ctx, { teamId, workspaceId }, 'SCHEDULES');
}
