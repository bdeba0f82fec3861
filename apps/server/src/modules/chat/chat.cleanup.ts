import { EDIT_HISTORY_HOURS } from '@teamup/contracts/chat';
import type { AppContext } from '../../context';
import type { BackgroundWork, MemberRemovalStep } from '../../platform/module';
import type { OwnedFilesQuery } from '../../platform/storage/owned-files';
import * as filesRepo from './chat-files.repo';
import * as messagesRepo from './chat-messages.repo';
import * as repo from './chat.repo';

/* What chat gives up when others remove things: listed in chat.module.ts. */

/** The stored message attachments of a team or workspace being deleted. */
export const chatFiles: OwnedFilesQuery = (db, owner) => filesRepo.storageKeysOf(db, owner);

/** Someone leaving the workspace (kicked, banned, left) leaves all of its chat rooms at once. */
export const leaveWorkspaceRooms: MemberRemovalStep = async (db, workspaceId, userId) => {
  const roomIds = await repo.roomIdsOfUser(db, userId);
  for (const roomId of roomIds) {
    const room = await repo.findRoom(db, roomId);
    if (room?.workspaceId === workspaceId) await repo.removeMember(db, roomId, userId);
  }
};

/** How often expired edit history is removed (it is hidden from the moment it expires). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Earlier texts of edited messages past EDIT_HISTORY_HOURS, removed hourly on every instance. */
export function editHistoryPruning(ctx: AppContext): BackgroundWork {
  const prune = () => {
    const before = new Date(ctx.now().getTime() - EDIT_HISTORY_HOURS * 3_600_000);
    messagesRepo.pruneEdits(ctx.database.db, before).catch((error: unknown) => {
      ctx.logger.warn({ err: error }, 'pruning chat edit history failed');
    });
  };
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
