import { ExportLimits, type ImportResult } from '@teamup/contracts/exports';
import { exportsKo } from '../../../i18n/ko/exports';
import { ApiError } from '../../../lib/api-error';
import { errorMessage } from '../../../lib/error-message';

/** What the import's file picker offers: a workspace export is a zip. */
export const importAccept = '.zip,application/zip';

/** Why a chosen file is refused before it is sent (not a .zip, too large), or null. */
export function checkImportFile(file: { name: string; size: number }): string | null {
  if (!file.name.toLowerCase().endsWith('.zip')) return exportsKo.import.notZip;
  if (file.size > ExportLimits.importMaxBytes) return exportsKo.import.tooLarge;
  return null;
}

/**
 * The import's refusal in Korean: the server's detail (IMPORT_INVALID, PAYLOAD_TOO_LARGE), and
 * for a 413 a proxy in front of the server gave without a problem body, the size limit.
 */
export function importErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 413 && !error.problem) {
    return exportsKo.import.tooLarge;
  }
  return errorMessage(error, { fallback: exportsKo.import.failed });
}

/** The toast of a finished import: its name, and the members left out when there were any. */
export function importedMessage(result: ImportResult): string {
  const made = exportsKo.import.imported(result.name);
  if (result.membersMissing <= 0) return made;
  return `${made} ${exportsKo.import.members(result.membersMatched, result.membersMissing)}`;
}
