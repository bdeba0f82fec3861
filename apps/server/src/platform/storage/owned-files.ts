import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { FileStorage } from './file-storage';

/** Whose files: everything under a workspace, or under one team. */
export type FileOwner = { workspaceId: number } | { teamId: number };

/** Answers the storage keys of the files a module keeps for `owner`. */
export type OwnedFilesQuery = (db: Db, owner: FileOwner) => Promise<string[]>;

/**
 * The storage keys of every file `owner` holds, from each module that stores files (declared in
 * its module file); read before the rows are deleted, so deleting a team or a workspace removes
 * its files as well as its rows.
 */
export async function collectOwnedFiles(
  queries: readonly OwnedFilesQuery[],
  db: Db,
  owner: FileOwner,
): Promise<string[]> {
  const keys: string[] = [];
  for (const query of queries) keys.push(...(await query(db, owner)));
  return keys;
}

/**
 * Deletes stored files after their rows are gone. A failure is logged, not thrown: the rows are
 * already committed, and a leftover file is unreachable (its key is random and unlisted).
 */
export async function deleteStoredFiles(
  storage: FileStorage,
  logger: Logger,
  keys: readonly string[],
): Promise<void> {
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (error) {
      logger.warn({ err: error, key }, 'stored file could not be deleted');
    }
  }
}
