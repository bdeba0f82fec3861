import { z } from 'zod';
import { idSchema } from './common';
import { endpoint } from './endpoint';
import { ErrorCode } from './error-codes';
import { notificationKindSchema } from './notifications';

/*
 * Web push (issue 43; RFC 8030 delivery, RFC 8291 payload encryption, RFC 8292 VAPID): a browser
 * subscribes at its push service and hands the subscription here; the server pushes what the bell
 * shows to each subscription of the person. One subscription per device, several per person.
 */

/** The longest push endpoint URL accepted (services hand out a few hundred characters). */
export const PUSH_ENDPOINT_MAX = 2048;

/** Korean messages of the push calls. */
export const PushMessages = {
  subscriptionNotFound: '알림 받기 설정을 찾을 수 없습니다.',
  endpointRefused: '이 주소로는 알림을 보낼 수 없습니다.',
  keyRefused: '알림 구독 키가 올바르지 않습니다.',
} as const;

/**
 * A subscription as `PushSubscription.toJSON()` gives it. The keys are base64url (RFC 8291): the
 * browser's P-256 public key uncompressed (65 bytes, 87 characters) and its 16-byte auth secret
 * (22 characters), either with or without `=` padding. Only https endpoints are used; the server
 * refuses local addresses (and takes http on loopback only in tests, a setting of its own).
 */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(PUSH_ENDPOINT_MAX),
  /** When the push service will stop taking pushes for it (ms since the epoch), if it says. */
  expirationTime: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}=?$/, PushMessages.keyRefused),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, PushMessages.keyRefused),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** One device that receives the caller's pushes, as account settings lists it. */
export const pushSubscriptionSchema = z.object({
  id: z.number().int(),
  /** "Chrome · Android", from the User-Agent of the call that subscribed; null when unknown. */
  deviceLabel: z.string().nullable(),
  /** Made from the login session of this call ("이 기기"). */
  current: z.boolean(),
  createdAt: z.string(),
});
export type PushSubscriptionInfo = z.infer<typeof pushSubscriptionSchema>;

export const pushSubscriptionParamsSchema = z.object({ id: idSchema });

export const vapidPublicKeySchema = z.object({
  /** The server's VAPID public key (base64url, 65 bytes): `applicationServerKey` of subscribe(). */
  publicKey: z.string(),
});

/**
 * What a push carries (JSON, decrypted by the service worker), kept under 3 KB: the notice as the
 * bell shows it and where a click goes. Chat pushes of a room share a `tag` (`chat:<roomId>`), so
 * each replaces the room's previous notice instead of piling up.
 */
export const pushPayloadSchema = z.object({
  /** The notification it tells of (the newest, for a room's folded chat notice). */
  notificationId: z.number().int(),
  kind: notificationKindSchema,
  /** The bell's Korean text, with each person's current name. */
  body: z.string(),
  /** The web app's route to open: the message in its room, the card, the post. */
  link: z.string(),
  /** Notices with the same tag replace each other (`chat:<roomId>`, or `notice:<id>`). */
  tag: z.string(),
  /** How many messages a folded chat notice stands for (1 otherwise). */
  count: z.number().int(),
  timestamp: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

export const pushEndpoints = {
  vapidPublicKey: endpoint({
    method: 'GET',
    path: '/push/vapid-public-key',
    summary: 'The server’s VAPID public key, for PushManager.subscribe()',
    response: vapidPublicKeySchema,
  }),
  subscriptions: endpoint({
    method: 'GET',
    path: '/push/subscriptions',
    summary: 'The caller’s devices that receive pushes, newest first',
    response: z.array(pushSubscriptionSchema),
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/push/subscriptions',
    summary:
      'Receive pushes on this device (a subscription already kept for its endpoint moves to the caller and this session)',
    body: pushSubscriptionInputSchema,
    response: pushSubscriptionSchema,
    status: 201,
    errors: { 400: [ErrorCode.PUSH_SUBSCRIPTION_INVALID] },
  }),
  unsubscribe: endpoint({
    method: 'DELETE',
    path: '/push/subscriptions/:id',
    summary: 'Stop pushes to one of the caller’s devices',
    params: pushSubscriptionParamsSchema,
    status: 204,
    errors: { 404: [ErrorCode.PUSH_SUBSCRIPTION_NOT_FOUND] },
  }),
};
