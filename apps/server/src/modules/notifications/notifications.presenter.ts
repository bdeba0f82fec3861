import type { NotificationCreatedEvent, NotificationReadEvent } from '@teamup/contracts/events';
import {
  notificationKinds,
  type Notification,
  type NotificationPreferences,
} from '@teamup/contracts/notifications';
import type { Kind, NotificationRow } from './notifications.repo';

/*
 * A notice that names a person keeps a token for them in its stored text (`personToken`), and the
 * text is shown with their name as it is when it is read, so an old notice shows the sender's
 * current name. The tokens are two private-use characters around the user id.
 */
const TOKEN = /\uE000(\d+)\uE001/g;

/** Stands for a person's name in a stored notice text. */
export const personToken = (userId: number) => `\uE000${userId}\uE001`;

/** The ids of the people a stored text names. */
export function peopleIn(messages: readonly string[]): number[] {
  const ids = new Set<number>();
  for (const message of messages) {
    for (const match of message.matchAll(TOKEN)) ids.add(Number(match[1]));
  }
  return [...ids];
}

/** Someone whose account is gone. */
const GONE = '알 수 없는 사용자';

/** The stored text with each person's current name. */
export function renderNames(message: string, names: ReadonlyMap<number, string>): string {
  return message.replace(TOKEN, (_, id: string) => names.get(Number(id)) || GONE);
}

export function presentNotification(
  row: NotificationRow,
  names: ReadonlyMap<number, string> = new Map(),
): Notification {
  return {
    id: row.id,
    kind: row.kind,
    message: renderNames(row.message, names),
    link: row.link,
    count: row.count,
    read: row.readAt !== null,
    timestamp: row.updatedAt.toISOString(),
  };
}

/** Every kind, on unless a stored preference turned it off. */
export function presentPreferences(
  stored: ReadonlyArray<{ kind: Kind; enabled: boolean }>,
): NotificationPreferences {
  const off = new Set(stored.filter((row) => !row.enabled).map((row) => row.kind));
  return Object.fromEntries(
    notificationKinds.map((kind) => [kind, !off.has(kind)]),
  ) as NotificationPreferences;
}

/** The live event for a recipient's open tabs: the notification as the list shows it. */
export function notificationCreated(
  row: NotificationRow,
  unreadCount: number,
  names: ReadonlyMap<number, string>,
): NotificationCreatedEvent {
  return {
    type: 'NOTIFICATION_CREATED',
    notification: presentNotification(row, names),
    unreadCount,
  };
}

export function notificationRead(
  ids: NotificationReadEvent['ids'],
  unreadCount: number,
): NotificationReadEvent {
  return { type: 'NOTIFICATION_READ', ids, unreadCount };
}
