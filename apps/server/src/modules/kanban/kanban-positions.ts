import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import type { Db } from '../../db/client';
import * as repo from './kanban.repo';

/* Where lists and cards sit: fractional keys between neighbours, and an approved card's move. */

type Positioned = { id: number; position: string };

/**
 * The key that puts an item at `index` among `siblings` (already in order, the item itself
 * left out). Only when two neighbours share a key (two inserts that raced on a database
 * without row locks) are the siblings renumbered once, in the same transaction.
 */
export async function keyAt(
  siblings: Positioned[],
  index: number | undefined,
  renumber: (positions: Positioned[]) => Promise<void>,
): Promise<string> {
  const at = Math.min(index ?? siblings.length, siblings.length);
  const before = siblings[at - 1]?.position ?? null;
  const after = siblings[at]?.position ?? null;
  if (before === null || after === null || before < after) {
    return generateKeyBetween(before, after);
  }
  const keys = generateNKeysBetween(null, null, siblings.length + 1);
  const renumbered = siblings.map((sibling, i) => ({
    id: sibling.id,
    position: keys[i < at ? i : i + 1] as string,
  }));
  await renumber(renumbered);
  return keys[at] as string;
}

/**
 * Where an approved card goes: the top of the board's done list. It stays where it is when it is
 * there already or when the board has no done list. Locks the done list like any move into it.
 */
export async function toDoneList(
  tx: Db,
  kanbanId: number,
  task: Pick<repo.TaskRow, 'id' | 'listId'>,
): Promise<Pick<repo.TaskRow, 'listId' | 'position'> | null> {
  const done = await repo.doneListOf(tx, kanbanId);
  if (!done || done.id === task.listId) return null;
  await repo.lockList(tx, done.id);
  const siblings = await repo.siblingsOf(tx, done.id, task.id);
  const position = await keyAt(siblings, 0, (p) => repo.setTaskPositions(tx, p));
  return { listId: done.id, position };
}
