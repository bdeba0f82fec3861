import type { ChatReadPointers } from '@teamup/contracts/chat';

/*
 * KakaoTalk's number beside a message: how many members besides its sender have not read it yet,
 * counted from every member's read pointer (decision 0019). The pointers come once per room open;
 * live events move them, so a count falls without asking the server again.
 */

export interface ReadCounter {
  /** Every member's pointer (0: never opened), ascending: count the ones below an id by halving. */
  sorted: number[];
  byUser: ReadonlyMap<number, number>;
}

export function readCounter(data: ChatReadPointers | undefined): ReadCounter | null {
  if (!data) return null;
  const byUser = new Map<number, number>();
  for (const pointer of data.pointers) byUser.set(pointer.userId, pointer.lastReadMessageId ?? 0);
  return { sorted: [...byUser.values()].sort((a, b) => a - b), byUser };
}

/** How many pointers are below `id`. */
function countBelow(sorted: readonly number[], id: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? 0) < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The members other than the sender whose pointer is older than the message. */
export function unreadReaders(
  counter: ReadCounter,
  message: { id: number; senderId: number },
): number {
  const below = countBelow(counter.sorted, message.id);
  const sender = counter.byUser.get(message.senderId);
  return sender !== undefined && sender < message.id ? below - 1 : below;
}

/**
 * A member's pointer moved to `to` (read, or sent a message: sending reads up to it). Forward
 * only, so events arriving twice or out of order change nothing. Unknown members are ignored
 * (the list is fetched again when someone joins).
 */
export function movePointer(data: ChatReadPointers, userId: number, to: number): ChatReadPointers {
  let changed = false;
  const pointers = data.pointers.map((pointer) => {
    if (pointer.userId !== userId || (pointer.lastReadMessageId ?? 0) >= to) return pointer;
    changed = true;
    return { ...pointer, lastReadMessageId: to };
  });
  return changed ? { ...data, pointers } : data;
}
