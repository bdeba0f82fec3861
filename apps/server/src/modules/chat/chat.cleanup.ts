import type { MemberRemovalStep } from '../../platform/module';
import type { OwnedFilesQuery } from '../../platform/storage/owned-files';
import * as repo from './chat.repo';

/* What chat gives up when others remove things: listed in chat.module.ts. */

/** The stored message attachments of a team or workspace being deleted. */
export const chatFiles: OwnedFilesQuery = (db, owner) => repo.storageKeysOf(db, owner);

/** Someone leaving the workspace (kicked, banned, left) leaves all of its chat rooms at once. */
export const leaveWorkspaceRooms: MemberRemovalStep = async (db, workspaceId, userId) => {
  const roomIds = await repo.roomIdsOfUser(db, userId);
  for (const roomId of roomIds) {
    const room = await repo.findRoom(db, roomId);
    if (room?.workspaceId === workspaceId) await repo.removeMember(db, roomId, userId);
  }
};
