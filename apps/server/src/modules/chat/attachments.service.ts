import { ChatMessages as M } from '@teamup/contracts/chat';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors/app-error';
import * as repo from './chat.repo';

/**
 * A chat file for a member of its room. Anyone else, and a file of a deleted message, gets the
 * same 404: whether a file exists is not told to outsiders.
 */
export async function openAttachment(ctx: AppContext, userId: number, attachmentId: number) {
  const found = await repo.findAttachment(ctx.database.db, attachmentId);
  const visible =
    found !== undefined &&
    found.deletedAt === null &&
    (await repo.isMember(ctx.database.db, found.roomId, userId));
  if (!found || !visible) {
    throw notFound(M.attachmentNotFound, ErrorCode.CHAT_ATTACHMENT_NOT_FOUND);
  }
  return {
    attachment: found.attachment,
    stream: await ctx.storage.get(found.attachment.storageKey),
  };
}
