import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ErrorCode } from '@teamup/contracts/error-codes';
import {
  ExportLimits,
  exportMessages,
  type DataExport,
  type ImportResult,
} from '@teamup/contracts/exports';
import type { AppContext } from '../../context';
import { recordAudit } from '../../platform/audit/audit-log';
import { AppError, badRequest, notFound, tooManyRequests } from '../../platform/errors/app-error';
import type { RequestOrigin } from '../../platform/http/request-origin';
import { defineJobKind } from '../../platform/jobs/job-kind';
import { syncTaskReminders } from '../kanban/kanban.service';
import { notify } from '../notifications/notifications.service';
import { scheduleReminderJobs } from '../schedules/schedules.service';
import { requireOwner } from '../workspaces/membership.service';
import { unzipArchive, zipArchive } from './archive-zip';
import * as repo from './exports.repo';
import {
  ArchiveInvalid,
  readPersonalArchive,
  readWorkspaceArchive,
  restoreWorkspace,
} from './workspace-archive';

const DAY_MS = 86_400_000;
/** Tries of one build before it is marked failed; a try killed midway is retried after this. */
const BUILD_ATTEMPTS = 3;
const BUILD_RETRY_MS = 10 * 60_000;

const exportNotFound = () => notFound(exportMessages.notFound, ErrorCode.NOT_FOUND);
const whatOf = (row: repo.ExportRow) =>
  row.kind === 'WORKSPACE' ? `'${row.label ?? '워크스페이스'}' 워크스페이스` : '내 데이터';

function present(row: repo.ExportRow, now: Date): DataExport {
  const downloadable =
    row.status === 'READY' && row.expiresAt !== null && row.expiresAt.getTime() > now.getTime();
  return {
    id: row.id,
    kind: row.kind,
    workspace:
      row.kind === 'WORKSPACE' && row.workspaceId !== null
        ? { id: row.workspaceId, name: row.label ?? '' }
        : null,
    status: row.status,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadPath: downloadable ? `/exports/${row.id}/download` : null,
  };
}

/** At most ExportLimits.perDay requests a person a day (an export reads a whole workspace). */
async function assertWithinDailyLimit(ctx: AppContext, userId: number): Promise<void> {
  const since = new Date(ctx.now().getTime() - DAY_MS);
  if ((await repo.countSince(ctx.database.db, userId, since)) >= ExportLimits.perDay) {
    throw tooManyRequests(3600, exportMessages.tooMany);
  }
}

async function start(
  ctx: AppContext,
  row: Parameters<typeof repo.insertExport>[1],
  from: RequestOrigin,
): Promise<DataExport> {
  const made = await ctx.database.db.transaction(async (tx) => {
    const inserted = await repo.insertExport(tx, row);
    await ctx.jobs.schedule(
      buildJob,
      buildKey(inserted.id, 1),
      ctx.now(),
      {
        exportId: inserted.id,
        attempt: 1,
      },
      tx,
    );
    return inserted;
  });
  await recordAudit(ctx, {
    action: 'DATA_EXPORT_REQUESTED',
    actorId: row.userId,
    target:
      made.kind === 'WORKSPACE' && made.workspaceId !== null
        ? { type: 'WORKSPACE', id: made.workspaceId, label: made.label }
        : { type: 'USER', id: made.userId },
    details: { kind: made.kind, exportId: made.id },
    from,
  });
  return present(made, ctx.now());
}

export async function requestWorkspaceExport(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  from: RequestOrigin,
): Promise<DataExport> {
  await requireOwner(ctx, workspaceId, userId);
  await assertWithinDailyLimit(ctx, userId);
  const label = (await repo.workspaceName(ctx.database.db, workspaceId)) ?? null;
  return start(ctx, { kind: 'WORKSPACE', userId, workspaceId, label, createdAt: ctx.now() }, from);
}

export async function requestPersonalExport(
  ctx: AppContext,
  userId: number,
  from: RequestOrigin,
): Promise<DataExport> {
  await assertWithinDailyLimit(ctx, userId);
  return start(ctx, { kind: 'PERSONAL', userId, createdAt: ctx.now() }, from);
}

export async function listExports(ctx: AppContext, userId: number): Promise<DataExport[]> {
  const now = ctx.now();
  return (await repo.exportsOf(ctx.database.db, userId)).map((row) => present(row, now));
}

/** The zip of a finished export, for the person who asked for it only, while it is kept. */
export async function openDownload(
  ctx: AppContext,
  userId: number,
  id: number,
): Promise<{ stream: Readable; size: number; fileName: string }> {
  const row = await repo.findExport(ctx.database.db, id);
  if (!row || row.userId !== userId) throw exportNotFound();
  if (row.status !== 'READY') {
    throw new AppError(409, ErrorCode.EXPORT_NOT_READY, exportMessages.notReady);
  }
  if (!row.storageKey || !row.expiresAt || row.expiresAt.getTime() <= ctx.now().getTime()) {
    throw new AppError(410, ErrorCode.EXPORT_EXPIRED, exportMessages.expired);
  }
  const day = (row.finishedAt ?? row.createdAt).toISOString().slice(0, 10);
  const fileName =
    row.kind === 'WORKSPACE'
      ? `teamup-workspace-${row.workspaceId ?? 'deleted'}-${day}.zip`
      : `teamup-my-data-${day}.zip`;
  return { stream: await ctx.storage.get(row.storageKey), size: row.size ?? 0, fileName };
}

/** Imports a workspace export as a new workspace the caller owns; all of it or nothing. */
export async function importWorkspace(
  ctx: AppContext,
  userId: number,
  zip: Uint8Array,
  from: RequestOrigin,
): Promise<ImportResult> {
  let entries: Map<string, Uint8Array>;
  try {
    entries = unzipArchive(zip);
  } catch {
    throw badRequest(ErrorCode.IMPORT_INVALID, exportMessages.importInvalid);
  }
  const stored: string[] = [];
  try {
    const result = await ctx.database.db.transaction(async (tx) => {
      const restored = await restoreWorkspace(tx, {
        importerId: userId,
        now: ctx.now(),
        readJson: (path) => {
          const bytes = entries.get(path);
          if (!bytes) return undefined;
          try {
            return JSON.parse(Buffer.from(bytes).toString('utf8')) as unknown;
          } catch {
            throw new ArchiveInvalid(`${path}: not JSON`);
          }
        },
        putFile: async (path, storageKey) => {
          const bytes = entries.get(path);
          if (!bytes) return false;
          await ctx.storage.put(storageKey, Buffer.from(bytes), 'application/octet-stream');
          stored.push(storageKey);
          return true;
        },
      });
      // The archive kept each item's reminders: their jobs come with the rows, as an edit's do.
      for (const id of restored.scheduleIds) await scheduleReminderJobs(ctx, tx, id);
      for (const id of restored.taskIds) await syncTaskReminders(ctx, tx, id);
      return restored;
    });
    await recordAudit(ctx, {
      action: 'WORKSPACE_IMPORTED',
      actorId: userId,
      target: { type: 'WORKSPACE', id: result.workspaceId, label: result.name },
      details: { membersMatched: result.membersMatched, membersMissing: result.membersMissing },
      from,
    });
    const { workspaceId, name, membersMatched, membersMissing } = result;
    return { workspaceId, name, membersMatched, membersMissing };
  } catch (error) {
    // The rows rolled back: the files copied for them go too.
    await Promise.allSettled(stored.map((key) => ctx.storage.delete(key)));
    if (error instanceof ArchiveInvalid) {
      ctx.logger.info({ err: error }, 'import refused');
      throw badRequest(ErrorCode.IMPORT_INVALID, exportMessages.importInvalid);
    }
    throw error;
  }
}

type BuildPayload = { exportId: number; attempt: number };
const buildKey = (exportId: number, attempt: number) => `exports:build:${exportId}:${attempt}`;

/**
 * Builds an export. The job's transaction only counts the try and schedules the next one as a
 * safety net (a process killed while zipping still gets its export built); the reading and
 * zipping happen after that commit, off the transaction, which on the embedded database would
 * hold its only connection for as long as a whole workspace takes to read.
 */
export const buildJob = defineJobKind<BuildPayload>({
  kind: 'exports.build',
  async handle(job, { db, ctx, afterCommit }) {
    const { exportId, attempt } = job.payload;
    const row = await repo.findExport(db, exportId);
    if (!row || row.status !== 'PENDING') return;
    const retry = {
      key: buildKey(exportId, attempt + 1),
      payload: { exportId, attempt: attempt + 1 },
    };
    const last = attempt >= BUILD_ATTEMPTS;
    if (!last) {
      await ctx.jobs.schedule(
        buildJob,
        retry.key,
        new Date(ctx.now().getTime() + BUILD_RETRY_MS),
        retry.payload,
        db,
      );
    }
    afterCommit(async () => {
      try {
        await build(ctx, row);
        if (!last) await ctx.jobs.cancel(retry.key);
      } catch (error) {
        ctx.logger.error({ err: error, exportId, attempt }, 'export build failed');
        if (last) await finishFailed(ctx, row);
      }
    });
  },
});

async function build(ctx: AppContext, row: repo.ExportRow): Promise<void> {
  const now = ctx.now();
  const db = ctx.database.db;
  const archive =
    row.kind === 'WORKSPACE'
      ? row.workspaceId === null
        ? undefined
        : await readWorkspaceArchive(db, row.workspaceId, now)
      : await readPersonalArchive(db, row.userId, now);
  if (!archive) {
    await finishFailed(ctx, row);
    return;
  }
  const key = `exports/${row.id}-${randomBytes(12).toString('hex')}.zip`;
  const stored = await ctx.storage.put(
    key,
    zipArchive(archive, (storageKey) => ctx.storage.get(storageKey)),
    'application/zip',
  );
  const expiresAt = new Date(now.getTime() + ExportLimits.keptDays * DAY_MS);
  await repo.updateExport(db, row.id, {
    status: 'READY',
    storageKey: key,
    size: stored.size,
    finishedAt: now,
    expiresAt,
  });
  await ctx.jobs.schedule(expireJob, `exports:expire:${row.id}`, expiresAt, { exportId: row.id });
  await tell(ctx, row, exportMessages.ready(whatOf(row)));
}

async function finishFailed(ctx: AppContext, row: repo.ExportRow): Promise<void> {
  await repo.updateExport(ctx.database.db, row.id, { status: 'FAILED', finishedAt: ctx.now() });
  await tell(ctx, row, exportMessages.failed(whatOf(row)));
}

/** The bell, and a mail: an export is asked for and then waited on away from the app. */
async function tell(ctx: AppContext, row: repo.ExportRow, message: string): Promise<void> {
  const link = '/my-page/exports';
  await notify(ctx, 'DATA_EXPORT', [row.userId], null, { message, link });
  const to = await repo.emailOf(ctx.database.db, row.userId);
  if (!to) return;
  await ctx.mailer.send({
    to,
    subject: `[TeamUp] ${message.split('.')[0] ?? message}`,
    text: `${message}\n\n내려받기: ${ctx.config.publicOrigin}/#${link}\n\n로그인한 뒤 '내 데이터 내보내기'에서 내려받을 수 있습니다.`,
  });
}

/** A week after it was built, the archive is deleted (the row stays, saying it expired). */
export const expireJob = defineJobKind<{ exportId: number }>({
  kind: 'exports.expire',
  async handle(job, { db, ctx, afterCommit }) {
    const row = await repo.findExport(db, job.payload.exportId);
    if (!row?.storageKey) return;
    const key = row.storageKey;
    await repo.updateExport(db, row.id, { storageKey: null });
    afterCommit(() => ctx.storage.delete(key));
  },
});
