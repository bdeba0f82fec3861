import type { ChatMessage } from '@teamup/contracts/chat';
import type { AppContext } from '../../context';
import type { LoggedEvent } from '../../platform/bus/replayable-bus';
import { messagesNow } from './messages.service';

/*
 * Chat events replayed to a reconnecting SSE stream (Last-Event-ID) are told as things stand now,
 * not as the log kept them: the log holds a message's text as it was sent, and a member who
 * joined after the message was deleted (or its author edited it) must not get the old text back
 * from it. Each event that carries a message gets the message as `GET .../messages` shows it
 * now: a deleted one as deleted (no text, files, quote or reactions), as the room's history
 * shows it; one no longer stored is left out.
 */

/** The message an event carries or names, when it is one whose text or reactions it tells. */
function messageIdOf(event: LoggedEvent): number | undefined {
  switch (event['type']) {
    case 'NEW_CHAT_MESSAGE':
    case 'CHAT_MESSAGE_EDITED':
    case 'CHAT_REACTIONS_CHANGED': {
      const id = event['messageId'];
      return typeof id === 'number' ? id : undefined;
    }
    case 'CHAT_NOTICE_CHANGED': {
      const message = event['message'] as { id?: unknown } | null | undefined;
      return typeof message?.id === 'number' ? message.id : undefined;
    }
    default:
      return undefined;
  }
}

function asNow(event: LoggedEvent, now: ChatMessage | undefined): LoggedEvent | undefined {
  switch (event['type']) {
    case 'NEW_CHAT_MESSAGE':
      if (!now) return undefined;
      // The spec's flat fields beside the message are taken from it, as when it was sent.
      return {
        ...event,
        content: now.content,
        senderName: now.senderName,
        senderProfileImageUrl: now.senderProfileImageUrl,
        attachments: now.attachments,
        message: now,
      };
    case 'CHAT_MESSAGE_EDITED':
      return now ? { ...event, message: now } : undefined;
    case 'CHAT_NOTICE_CHANGED':
      return { ...event, message: now ?? null };
    case 'CHAT_REACTIONS_CHANGED':
      if (!now) return undefined;
      return now.deleted ? { ...event, reactions: [] } : event;
    default:
      return event;
  }
}

/** The replayed events with every message they carry as it is now (one read for all). */
export async function chatReplayAsNow(
  ctx: AppContext,
  events: readonly LoggedEvent[],
): Promise<LoggedEvent[]> {
  const ids = new Set<number>();
  for (const event of events) {
    const id = messageIdOf(event);
    if (id !== undefined) ids.add(id);
  }
  if (ids.size === 0) return [...events];
  const now = await messagesNow(ctx, [...ids]);
  const told: LoggedEvent[] = [];
  for (const event of events) {
    const id = messageIdOf(event);
    const current = id === undefined ? event : asNow(event, now.get(id));
    if (current) told.push(current);
  }
  return told;
}
