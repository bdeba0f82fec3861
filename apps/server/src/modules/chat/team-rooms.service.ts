import type { AppContext } from '../../context';
import { AccessCaches, clearAccessCaches } from '../../platform/access-cache';
import * as repo from './chat.repo';
import { removeFromRoom } from './members.service';
import { announceJoins } from './rooms.service';

/*
 * A team's room (chat_rooms.team_id, issue 41) follows the team: whoever joins the team is in it,
 * whoever leaves or is removed is out of it, and it carries the team's name. The teams service
 * calls these after its own write; each one is what joining, leaving or renaming a room does.
 * A team without a room (made before migration 0028) is left alone.
 */

/** `userIds` joined team `teamId`: they are in its room and hear it as a room join. */
export async function joinTeamRoom(
  ctx: AppContext,
  teamId: number,
  userIds: number[],
): Promise<void> {
  const room = await repo.findTeamRoom(ctx.database.db, teamId);
  if (!room) return;
  // Someone already in the room (they never left it) is neither added nor announced again.
  const added = await repo.addMembers(ctx.database.db, room.id, userIds);
  await announceJoins(ctx, room, added);
}

/** `userId` left team `teamId` or was removed from it: they leave its room as a room leave does. */
export async function leaveTeamRoom(ctx: AppContext, teamId: number, userId: number) {
  const room = await repo.findTeamRoom(ctx.database.db, teamId);
  if (room) await removeFromRoom(ctx, room, userId);
}

/** Team `teamId` was renamed: so is its room (there is no live event for a room's new name). */
export async function renameTeamRoom(ctx: AppContext, teamId: number, name: string) {
  const room = await repo.findTeamRoom(ctx.database.db, teamId);
  if (!room || room.name === name) return;
  await repo.renameRoom(ctx.database.db, room.id, name);
  await clearAccessCaches(ctx, { caches: [AccessCaches.room], scopeIds: [room.id] });
}
