/**
 * This browser's side of web push (issue 43): whether it can, the service worker's registration,
 * and its push subscription. The server's side is decision 0044; what the worker does with a push
 * is service-worker/sw-push.ts.
 */
import type { PushSubscriptionInput } from '@teamup/contracts/push';

/** Why this browser cannot receive pushes, or that it can. */
export type PushAvailability =
  /** No service workers, Push API or notifications (an old browser, iOS Safari not installed). */
  | 'unsupported'
  /** No worker registered: `npm run dev` registers none (decision 0043). */
  | 'no-worker'
  | 'ready';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The app's worker once it is active, or null when none is registered. */
export async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return null;
  // Registered but still installing (the first visit): subscribe() needs an active worker.
  return registration.active ? registration : navigator.serviceWorker.ready;
}

/** The VAPID key (base64url, RFC 8292) as the bytes `applicationServerKey` takes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=/g, '');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A subscription as the API takes it (`PushSubscription.toJSON()`), or null if it lacks keys. */
export function subscriptionInputOf(subscription: PushSubscription): PushSubscriptionInput | null {
  const json = subscription.toJSON();
  const { p256dh, auth } = json.keys ?? {};
  if (!json.endpoint || !p256dh || !auth) return null;
  return {
    endpoint: json.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh, auth },
  };
}

/** How long subscribing may take before the switch says it failed. */
export const SUBSCRIBE_TIMEOUT_MS = 30_000;

/** This browser's subscription, made now if there is none (the permission must be granted). */
export async function subscribeThisDevice(
  registration: ServiceWorkerRegistration,
  vapidPublicKey: string,
): Promise<PushSubscription> {
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  const subscribing = registration.pushManager.subscribe({
    // Every push shows a notice (sw-push.ts): browsers allow nothing else.
    userVisibleOnly: true,
    applicationServerKey: base64UrlToBytes(vapidPublicKey),
  });
  // A browser that cannot reach its push service may never answer (headless Chromium offline
  // did not within two minutes): the switch gives up rather than spin forever.
  return withTimeout(subscribing, SUBSCRIBE_TIMEOUT_MS);
}

/** `promise`, or a rejection once `ms` have passed without its answer. */
export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
