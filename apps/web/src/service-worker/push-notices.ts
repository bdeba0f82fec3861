/**
 * What the service worker does with a push and with a click on its notice (issue 43, "Web push"),
 * as plain functions of plain facts, so they are tested in node (push-notices.test.ts) and
 * sw-push.ts only wires them to the worker's events.
 *
 * The payload is checked by hand rather than with the contracts' zod schema: zod would more than
 * double the worker's size for seven fields. The unit test holds the two to the same answers.
 */
import type { PushPayload } from '@teamup/contracts/push';
import { pushKo } from '../i18n/ko/push';

/** The app's icon beside the notice (the manifest's 192 px icon, precached by the worker). */
export const NOTICE_ICON = '/icons/icon-192.png';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isInt = (value: unknown): value is number => Number.isInteger(value);

/** The push's JSON as `PushPayload`, or null when it is not one (absent, not JSON, bad fields). */
export function parsePushPayload(text: string | null | undefined): PushPayload | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(data)) return null;
  const { notificationId, kind, body, link, tag, count, timestamp } = data;
  if (!isInt(notificationId) || !isInt(count)) return null;
  if (typeof kind !== 'string' || !Object.hasOwn(pushKo.titles, kind)) return null;
  if (typeof body !== 'string' || typeof link !== 'string' || typeof tag !== 'string') return null;
  if (typeof timestamp !== 'string') return null;
  return {
    notificationId,
    kind: kind as PushPayload['kind'],
    body,
    link,
    tag,
    count,
    timestamp,
  };
}

/** What `registration.showNotification(title, options)` is given. */
export interface Notice {
  title: string;
  options: NotificationOptions & {
    // In Chromium and the Notifications spec, missing from TypeScript's DOM/WebWorker library.
    renotify?: boolean;
    timestamp?: number;
  };
}

/** Where a notice's click goes, kept in `notification.data`. */
export interface NoticeData {
  link: string;
}

/**
 * The notice for a push: its kind's Korean name as the title, the bell's text, the payload's tag
 * (a room's chat notices replace each other and, with renotify, still sound for each new one),
 * the app's icon and where a click goes. A push that cannot be read gives a generic notice that
 * opens the notifications page: Chromium shows its own "updated in the background" notice
 * otherwise, and Safari drops subscriptions whose pushes show nothing.
 */
export function noticeOf(payload: PushPayload | null): Notice {
  if (!payload) {
    const data: NoticeData = { link: '/notifications' };
    return {
      title: pushKo.genericTitle,
      options: { body: pushKo.genericBody, icon: NOTICE_ICON, tag: 'teamup:generic', data },
    };
  }
  const data: NoticeData = { link: payload.link };
  const timestamp = Date.parse(payload.timestamp);
  const chat = payload.tag.startsWith('chat:');
  return {
    title: pushKo.titles[payload.kind],
    options: {
      body: payload.body,
      icon: NOTICE_ICON,
      lang: 'ko',
      tag: payload.tag,
      renotify: chat,
      data,
      ...(Number.isNaN(timestamp) ? {} : { timestamp }),
    },
  };
}

/** What the worker knows of one open window (a `WindowClient`). */
export interface WindowFacts {
  url: string;
  focused: boolean;
  visibilityState: DocumentVisibilityState;
}

const sameOrigin = (url: string, origin: string) => {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
};

/**
 * Whether to show a push's notice: not when a window of the app is focused and visible, since the
 * app then shows its own in-app notice of the same event (the live stream). Subscriptions are
 * `userVisibleOnly`: Chromium requires no notice exactly in that case (a visible, focused tab of
 * the origin) and otherwise shows its generic one, which is why nothing else is skipped.
 */
export function shouldShowNotice(windows: readonly WindowFacts[], origin: string): boolean {
  return !windows.some(
    (window) =>
      window.focused && window.visibilityState === 'visible' && sameOrigin(window.url, origin),
  );
}

/**
 * The address a click opens: the app at its hash route (`/#/ws/3/chat/9?message=12`). Only an
 * app path is taken (one `/`, not `//host`, no scheme): anything else opens the notifications
 * page, so a payload can never send the browser off the app.
 */
export function clickTargetOf(data: unknown, origin: string): string {
  const link = isRecord(data) && typeof data.link === 'string' ? data.link : '';
  const path = /^\/(?![/\\])\S*$/.test(link) ? link : '/notifications';
  return `${origin}/#${path}`;
}

/**
 * Which open window a click brings forward: the focused one, else a visible one, else the first;
 * only windows of the app. -1: none, a new window is opened.
 */
export function windowForClick(windows: readonly WindowFacts[], origin: string): number {
  const candidates = windows
    .map((window, index) => ({ window, index }))
    .filter(({ window }) => sameOrigin(window.url, origin));
  const pick =
    candidates.find(({ window }) => window.focused) ??
    candidates.find(({ window }) => window.visibilityState === 'visible') ??
    candidates[0];
  return pick ? pick.index : -1;
}
