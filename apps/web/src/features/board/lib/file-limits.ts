import { BoardMessages } from '@teamup/contracts/board';
import { Limits } from '@teamup/contracts/limits';

interface Sized {
  size: number;
}

/**
 * Checks the files a post would hold against the contract's limits (each at most 20 MB, at most
 * 10 files, 50 MB in all) and answers the contract's text for the first one broken, else null.
 * Pass the files already attached together with the new ones.
 */
export function checkPostFiles(files: readonly Sized[]): string | null {
  if (files.some((file) => file.size > Limits.attachmentMaxBytes))
    return BoardMessages.fileTooLarge;
  if (files.length > Limits.attachmentsPerPost) return BoardMessages.tooManyFiles;
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > Limits.postFilesMaxBytes) return BoardMessages.filesTooLarge;
  return null;
}

/** The summed size of some files. */
export function totalSize(files: readonly Sized[]): number {
  return files.reduce((sum, file) => sum + file.size, 0);
}
