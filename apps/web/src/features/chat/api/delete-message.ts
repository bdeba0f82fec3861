import { chatEndpoints } from '@teamup/contracts/chat';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import type { RoomRef } from './room-messages';

/**
 * PATCH .../{r}/messages/{m}/delete → 204: the author, the workspace owner or an ADMIN. The
 * message stays in place, deleted and empty.
 */
export function deleteMessage(room: RoomRef, messageId: number): Promise<void> {
  return api.patch<void>(pathOf(chatEndpoints.deleteMessage, { ...room, messageId }));
}
