import { Fragment, type Ref } from 'react';
import type { ChatMember } from '@teamup/contracts/chat';
import { chatKo } from '../../../i18n/ko/chat';
import type { RoomRef } from '../api/room-messages';
import type { RowHandlers } from '../hooks/use-stable-row-handlers';
import type { LocalMessage } from '../lib/message-store';
import { unreadReaders, type ReadCounter } from '../lib/read-counts';
import {
  formatMessageDay,
  messageDayKey,
  senderDisplayName,
  senderImage,
} from '../lib/room-display';
import classes from './chat.module.css';
import { MessageItem } from './message-item';

/** A run of messages from one sender breaks after this long. */
const RUN_GAP_MS = 5 * 60_000;

/** Bots all send as id 0: one bot's run ends where another's (or a person's) begins. */
const sameSender = (a: LocalMessage, b: LocalMessage) =>
  a.senderId === b.senderId &&
  (a.bot === true) === (b.bot === true) &&
  (a.bot !== true || a.senderName === b.senderName);

function startsRun(message: LocalMessage, previous: LocalMessage | undefined): boolean {
  if (!previous || !sameSender(previous, message)) return true;
  if (messageDayKey(previous.sentAt) !== messageDayKey(message.sentAt)) return true;
  return Date.parse(message.sentAt) - Date.parse(previous.sentAt) > RUN_GAP_MS;
}

export interface MessageRowsProps {
  visible: readonly LocalMessage[];
  /** Where the '새 메시지' divider goes, and the element it is given. */
  firstUnreadId: number | null;
  dividerRef: Ref<HTMLDivElement>;
  myId: number;
  members: ReadonlyMap<number, ChatMember>;
  nameOf: (id: number) => string | undefined;
  canDeleteAny: boolean;
  canPin: boolean;
  touch: boolean;
  highlight: number | null;
  /** Stable handlers (useStableRowHandlers); `onPin` only when the room can pin. */
  handlers: RowHandlers;
  room: RoomRef;
  readCounter: ReadCounter | null;
}

/**
 * The messages of the window, each after its date separator (the first of a day) and the
 * '새 메시지' divider (the first unread); a sender's name shows at the start of each run.
 */
export function MessageRows({
  visible,
  firstUnreadId,
  dividerRef,
  myId,
  members,
  nameOf,
  canDeleteAny,
  canPin,
  touch,
  highlight,
  handlers,
  room,
  readCounter,
}: MessageRowsProps) {
  return visible.map((message, index) => {
    const before = visible[index - 1];
    const newDay = !before || messageDayKey(before.sentAt) !== messageDayKey(message.sentAt);
    const own = message.bot !== true && message.senderId === myId;
    const divider = message.id === firstUnreadId;
    return (
      <Fragment key={message.id}>
        {newDay && (
          <div className={classes.separator} role="separator">
            {formatMessageDay(message.sentAt)}
          </div>
        )}
        {divider && (
          <div
            ref={dividerRef}
            className={`${classes.separator} ${classes.unread}`}
            role="separator"
            data-testid="chat-unread-divider"
          >
            {chatKo.unreadDivider}
          </div>
        )}
        <MessageItem
          message={message}
          own={own}
          senderName={senderDisplayName(message, members)}
          senderImage={senderImage(message, members)}
          showSender={divider || newDay || startsRun(message, before)}
          canDelete={own || canDeleteAny}
          touch={touch}
          highlighted={highlight === message.id}
          onDelete={handlers.onDelete}
          onRetry={handlers.onRetry}
          onReply={handlers.onReply}
          onJumpTo={handlers.onJumpTo}
          myId={myId}
          onReact={handlers.onReact}
          canEdit={own && message.attachments.length === 0}
          onEdit={handlers.onEdit}
          room={room}
          readCount={
            readCounter && !message.pending ? unreadReaders(readCounter, message) : undefined
          }
          nameOf={nameOf}
          canPin={canPin}
          onPin={handlers.onPin}
        />
      </Fragment>
    );
  });
}
