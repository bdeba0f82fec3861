/**
 * Web push in the service worker (issue 43, "Web push"; the server side is decision 0044): the
 * `push` handler shows the bell's notice unless the app is in front, and `notificationclick`
 * opens the notice's item in a window of the app. Registered on import by sw.ts; what they decide
 * is in push-notices.ts.
 */
import {
  clickTargetOf,
  noticeOf,
  parsePushPayload,
  shouldShowNotice,
  windowForClick,
} from './push-notices';

declare const self: ServiceWorkerGlobalScope;

async function windows(): Promise<readonly WindowClient[]> {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

async function onPush(text: string | null): Promise<void> {
  const open = await windows();
  if (!shouldShowNotice(open, self.location.origin)) return;
  const notice = noticeOf(parsePushPayload(text));
  await self.registration.showNotification(notice.title, notice.options);
}

async function onClick(notification: Notification): Promise<void> {
  notification.close();
  const target = clickTargetOf(notification.data, self.location.origin);
  const open = await windows();
  const index = windowForClick(open, self.location.origin);
  const client = open[index];
  if (client) {
    try {
      const focused = await client.focus();
      // Only the hash changes: the app's hash router follows it without reloading.
      await focused.navigate(target);
      return;
    } catch {
      // A window this worker does not control cannot be navigated: open a new one instead.
    }
  }
  await self.clients.openWindow(target);
}

self.addEventListener('push', (event) => {
  let text: string | null = null;
  try {
    text = event.data?.text() ?? null;
  } catch {
    // Undecryptable or unreadable data: the generic notice.
  }
  event.waitUntil(onPush(text));
});

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(onClick(event.notification));
});
