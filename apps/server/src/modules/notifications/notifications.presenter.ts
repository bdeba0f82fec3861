import type { NotificationCreatedEvent, NotificationReadEvent } from '@teamup/contracts/events';
import {
  notificationKinds,
  type Notification,
  type NotificationPreferences,
} from '@teamup/contracts/notifications';
import type { Kind, NotificationRow } from './notifications.repo';

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    message: row.message,
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
): NotificationCreatedEvent {
  return { type: 'NOTIFICATION_CREATED', notification: presentNotification(row), unreadCount };
}

export function notificationRead(
  ids: NotificationReadEvent['ids'],
  unreadCount: number,
): NotificationReadEvent {
  return { type: 'NOTIFICATION_READ', ids, unreadCount };
}
