import {
  defaultDeliverySettings,
  taskReminderOffsets,
  type DeliverySettings,
} from '@teamup/contracts/delivery';
import type * as repo from './delivery.repo';

/** The settings as the API shows them: the defaults while the member never saved any. */
export function presentDelivery(row: repo.DeliveryRow | undefined): DeliverySettings {
  if (!row) return defaultDeliverySettings;
  return {
    digest: row.digest,
    quietHours: {
      enabled: row.quietEnabled,
      start: row.quietStart,
      end: row.quietEnd,
      allowMentions: row.quietAllowMentions,
    },
    timeZone: row.timeZone,
    taskReminders: taskReminderOffsets.filter((offset) =>
      offset === '24H' ? row.remindTask24h : row.remindTask1h,
    ),
  };
}

/** The stored form of a member's settings. */
export function choiceOf(
  userId: number,
  settings: DeliverySettings,
  now: Date,
): repo.DeliveryChoice {
  const { quietHours: quiet } = settings;
  return {
    userId,
    digest: settings.digest,
    quietEnabled: quiet.enabled,
    quietStart: quiet.start,
    quietEnd: quiet.end,
    quietAllowMentions: quiet.allowMentions,
    timeZone: settings.timeZone,
    remindTask24h: settings.taskReminders.includes('24H'),
    remindTask1h: settings.taskReminders.includes('1H'),
    updatedAt: now,
  };
}
