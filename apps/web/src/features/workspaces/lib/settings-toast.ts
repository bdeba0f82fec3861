import { notifications, type NotificationData } from '@mantine/notifications';

/**
 * Toasts raised inside the workspace settings modal. The app's toasts sit at the top centre,
 * over the modal's title; these come up at the bottom instead, clear of the title and the tabs.
 */
export const SETTINGS_TOAST_POSITION = 'bottom-center' as const;

export function showSettingsToast(data: NotificationData): string {
  return notifications.show({ ...data, position: SETTINGS_TOAST_POSITION });
}
