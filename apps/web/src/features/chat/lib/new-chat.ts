import type { ChatRoomType } from '@teamup/contracts/chat';
import { ChatMessages } from '@teamup/contracts/chat';

/**
 * The new-chat rules (spec 02 section 5): at least one other person; 1:1 exactly one; a group
 * needs a name. The caller is never among `selectedIds`. Answers the message to show, or null.
 */
export function validateNewChat(
  kind: ChatRoomType,
  selectedIds: readonly number[],
  name: string,
): string | null {
  if (selectedIds.length === 0) return ChatMessages.pickSomeone;
  if (kind === 'PERSONAL' && selectedIds.length > 1) return ChatMessages.dmExactlyOne;
  if (kind === 'GROUP' && !name.trim()) return ChatMessages.groupNameRequired;
  return null;
}

/** People matching a search by name or email (case-insensitive), excluding the caller. */
export function pickableMembers<T extends { id: number; name: string; email: string }>(
  members: readonly T[],
  myId: number,
  search: string,
): T[] {
  const needle = search.trim().toLowerCase();
  return members.filter(
    (member) =>
      member.id !== myId &&
      (!needle ||
        member.name.toLowerCase().includes(needle) ||
        member.email.toLowerCase().includes(needle)),
  );
}
