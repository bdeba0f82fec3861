import { z } from 'zod';
import { binaryFile, endpoint } from './endpoint';
import { idSchema } from './common';
import { ErrorCode } from './error-codes';

/*
 * Data out (issue 46): a workspace owner exports the workspace, a person exports their own data.
 * Both are built by a scheduled job into a zip (JSON per area plus the files), announced by mail
 * and the bell, and downloaded by the person who asked, for a week. A workspace export can be
 * imported into another instance as a new workspace.
 */

export const dataExportKinds = ['WORKSPACE', 'PERSONAL'] as const;
export const dataExportStatuses = ['PENDING', 'READY', 'FAILED'] as const;

export const ExportLimits = {
  /** Days a finished export can be downloaded. */
  keptDays: 7,
  /** Exports one person may ask for in a day. */
  perDay: 5,
  /** The largest archive an import takes. */
  importMaxBytes: 200 * 1024 * 1024,
} as const;

/** The archive's own name for its format: an import refuses anything else. */
export const WORKSPACE_ARCHIVE_FORMAT = 'teamup-workspace-export';
export const WORKSPACE_ARCHIVE_VERSION = 1;

export const exportMessages = {
  started: '내보내기를 시작했습니다. 준비되면 메일과 알림으로 알려드립니다.',
  ready: (what: string) => `${what} 내보내기가 준비되었습니다. 7일 동안 내려받을 수 있습니다.`,
  failed: (what: string) => `${what} 내보내기를 만들지 못했습니다. 다시 시도해주세요.`,
  notFound: '내보내기를 찾을 수 없습니다.',
  notReady: '내보내기가 아직 준비되지 않았습니다.',
  expired: '내려받을 수 있는 기간(7일)이 지났습니다. 다시 내보내기를 요청해주세요.',
  tooMany: `내보내기는 하루에 ${ExportLimits.perDay}번까지 요청할 수 있습니다.`,
  importInvalid: 'TeamUp 워크스페이스 내보내기 파일(.zip)이 아닙니다.',
  importTooLarge: '가져올 파일이 너무 큽니다. 200MB 이하만 가져올 수 있습니다.',
  imported: (name: string) => `'${name}' 워크스페이스를 가져왔습니다.`,
} as const;

export const dataExportSchema = z.object({
  id: z.number().int(),
  kind: z.enum(dataExportKinds),
  /** The exported workspace (WORKSPACE), while it exists. */
  workspace: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  status: z.enum(dataExportStatuses),
  /** Bytes of the archive once READY. */
  size: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Until when a READY export can be downloaded. */
  expiresAt: z.string().nullable(),
  /** The path of its download (relative to the API root) once READY and not expired. */
  downloadPath: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const importResultSchema = z.object({
  workspaceId: z.number().int(),
  name: z.string(),
  /** Members of the archive found here by e-mail and added; the others are counted. */
  membersMatched: z.number().int(),
  membersMissing: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const exportEndpoints = {
  exportWorkspace: endpoint({
    method: 'POST',
    path: '/workspaces/:id/export',
    summary: 'Export the workspace (owner): a zip of JSON per area and its files, built by a job',
    auth: 'session',
    params: z.object({ id: idSchema }),
    response: dataExportSchema,
    status: 201,
    errors: { 429: [ErrorCode.RATE_LIMITED] },
  }),
  exportMine: endpoint({
    method: 'POST',
    path: '/users/me/export',
    summary: 'Export the caller’s own data: profile, messages, posts, comments and files',
    auth: 'session',
    response: dataExportSchema,
    status: 201,
    errors: { 429: [ErrorCode.RATE_LIMITED] },
  }),
  list: endpoint({
    method: 'GET',
    path: '/users/me/exports',
    summary: 'The exports the caller asked for, newest first',
    auth: 'session',
    response: z.array(dataExportSchema),
  }),
  download: endpoint({
    method: 'GET',
    path: '/exports/:id/download',
    summary: 'Download a finished export (only the person who asked for it, for 7 days)',
    auth: 'session',
    params: z.object({ id: idSchema }),
    errors: { 409: [ErrorCode.EXPORT_NOT_READY], 410: [ErrorCode.EXPORT_EXPIRED] },
  }),
  importWorkspace: endpoint({
    method: 'POST',
    path: '/workspaces/import',
    summary: 'Import a workspace export as a new workspace owned by the caller (multipart `file`)',
    auth: 'session',
    form: z.object({ file: binaryFile('A workspace export (.zip)') }),
    response: importResultSchema,
    status: 201,
    errors: { 400: [ErrorCode.IMPORT_INVALID], 413: [ErrorCode.PAYLOAD_TOO_LARGE] },
  }),
};
