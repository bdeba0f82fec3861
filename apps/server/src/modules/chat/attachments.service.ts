import {
  ChatMessages as M,
  type ChatRoomFilesPage,
  type chatFilesQuerySchema,
} from '@teamup/contracts/chat';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors/app-error';
import { presentRoomFile } from './chat.presenter';
import * as repo from './chat-files.repo';
import * as roomsRepo from './chat.repo';
import { accessRoom } from './room-access';

/**
 * A chat file for a member of its room. Anyone else, and a file of a deleted message, gets the
 * same 404: whether a file exists is not told to outsiders.
 */
export async function openAttachment(ctx: AppContext, userId: number, attachmentId: number) {
  const found = await visibleAttachment(ctx, userId, attachmentId);
  return {
    attachment: found.attachment,
    stream: await ctx.storage.get(found.attachment.storageKey),
  };
}

/** The chat file, when the caller may see it (also the access step of its route, 0036). */
export async function visibleAttachment(ctx: AppContext, userId: number, attachmentId: number) {
  const found = await repo.findAttachment(ctx.database.db, attachmentId);
  const visible =
    found !== undefined &&
    found.deletedAt === null &&
    (await roomsRepo.isMember(ctx.database.db, found.roomId, userId));
  if (!found || !visible) {
    throw notFound(M.attachmentNotFound, ErrorCode.CHAT_ATTACHMENT_NOT_FOUND);
  }
  return found;
}

/** `{messageId}.{position}`: where the next page of a room's files starts after. */
const cursorOf = (file: repo.RoomFileRow) => `${file.messageId}.${file.attachment.position}`;

function parseCursor(cursor: string | undefined) {
  if (cursor === undefined) return undefined;
  const [messageId, position] = cursor.split('.').map(Number);
  return { messageId: messageId ?? 0, position: position ?? 0 };
}

/**
 * The files shared in a room (room members only), newest message first, a message's files in
 * their order; deleted messages' files are gone. Keyset-paged: a file sent meanwhile never
 * shifts a later page.
 */
export async function listRoomFiles(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  query: z.output<typeof chatFilesQuerySchema>,
): Promise<ChatRoomFilesPage> {
  await accessRoom(ctx, userId, workspaceId, roomId);
  const rows = await repo.roomFiles(ctx.database.db, roomId, {
    // One more than asked tells whether another page follows.
    limit: query.limit + 1,
    after: parseCursor(query.cursor),
    images: query.kind === undefined ? undefined : query.kind === 'image',
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(presentRoomFile),
    nextCursor: rows.length > query.limit && last ? cursorOf(last) : null,
  };
}
