import { chatEndpoints } from '@teamup/contracts/chat';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import type { RoomRef } from './room-messages';

/** POST .../{r}/typing: the room hears that I am typing (nothing is stored). */
export function sendTyping(room: RoomRef): Promise<void> {
  return api.post<void>(pathOf(chatEndpoints.typing, room));
}
