import { useLayoutEffect, useMemo, useRef } from 'react';
import type { ChatReactionEmoji } from '@teamup/contracts/chat';
import type { LocalMessage } from '../lib/message-store';

/** What a message row can ask of the room. */
export interface RowHandlers {
  onDelete: (message: LocalMessage) => void;
  onRetry: (tempId: number) => void;
  onReply: (message: LocalMessage) => void;
  onReact: (message: LocalMessage, emoji: ChatReactionEmoji) => void;
  onEdit: (message: LocalMessage) => void;
  onPin?: (message: LocalMessage) => void;
  onJumpTo: (messageId: number) => void;
}

/**
 * The rows get handlers that never change (each calls the latest one given), so a row
 * re-renders only when its own message or figures change, not on every render of the room.
 */
export function useStableRowHandlers(handlers: RowHandlers): Required<RowHandlers> {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  return useMemo(
    () => ({
      onDelete: (message: LocalMessage) => latest.current.onDelete(message),
      onRetry: (tempId: number) => latest.current.onRetry(tempId),
      onReply: (message: LocalMessage) => latest.current.onReply(message),
      onReact: (message: LocalMessage, emoji: ChatReactionEmoji) =>
        latest.current.onReact(message, emoji),
      onEdit: (message: LocalMessage) => latest.current.onEdit(message),
      onPin: (message: LocalMessage) => latest.current.onPin?.(message),
      onJumpTo: (messageId: number) => latest.current.onJumpTo(messageId),
    }),
    [],
  );
}
