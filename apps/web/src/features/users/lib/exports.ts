import type { DataExport } from '@teamup/contracts/exports';
import { exportsKo } from '../../../i18n/ko/exports';

/** How often the list is asked again while an export is being built. */
export const EXPORT_POLL_MS = 3_000;

/** What the page shows: the server's status, and a READY export past its days as EXPIRED. */
export type ExportState = DataExport['status'] | 'EXPIRED';

export function exportStateOf(item: DataExport): ExportState {
  if (item.status === 'READY' && item.downloadPath === null) return 'EXPIRED';
  return item.status;
}

/** The list's refetch interval: every EXPORT_POLL_MS while any export is PENDING, else none. */
export function exportsRefetchInterval(items: readonly DataExport[] | undefined): number | false {
  return items?.some((item) => item.status === 'PENDING') ? EXPORT_POLL_MS : false;
}

/** The name a download is saved under when the answer names none. */
export function exportFileName(item: DataExport): string {
  return item.kind === 'WORKSPACE'
    ? `teamup-workspace-${item.workspace?.id ?? item.id}.zip`
    : `teamup-my-data-${item.id}.zip`;
}

/** What an export is of: "워크스페이스 '이름'" (or a deleted one) or "내 데이터". */
export function exportSubject(item: DataExport): string {
  if (item.kind === 'PERSONAL') return exportsKo.kinds.personal;
  return item.workspace
    ? exportsKo.kinds.workspace(item.workspace.name)
    : exportsKo.kinds.workspaceGone;
}
