import { z } from 'zod';
import { idSchema } from './common';
import { endpoint } from './endpoint';
import { ErrorCode } from './error-codes';
import { Limits } from './limits';

/*
 * Webhooks (issue 46, decision 0052): how other systems talk to a workspace.
 *  - Outgoing: on chosen events of a workspace, the server POSTs a signed JSON payload to a URL a
 *    workspace owner or admin gave, retried with backoff, with a log of every delivery.
 *  - Incoming: a chat room's admin makes a secret URL; a JSON POST to it with a Slack-style
 *    `text` posts that text into the room as a named bot.
 */

/** What an outgoing webhook can be told of. `ping` is only ever sent by the "보내 보기" test. */
export const webhookEvents = [
  'chat.message',
  'post.created',
  'announcement.created',
  'task.approved',
  'member.joined',
] as const;
export const webhookEventSchema = z.enum(webhookEvents);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
export type WebhookDeliveryEvent = WebhookEvent | 'ping';

export const webhookEventLabels: Record<WebhookEvent, string> = {
  'chat.message': '채팅 메시지 (공개·그룹 채팅방)',
  'post.created': '게시판 새 글',
  'announcement.created': '팀 공지',
  'task.approved': '작업 완료 승인',
  'member.joined': '워크스페이스 새 멤버',
};

export const WebhookLimits = {
  nameMax: 50,
  urlMax: 2000,
  outgoingPerWorkspace: 10,
  incomingPerRoom: 5,
  /** Deliveries shown in the log, newest first. */
  deliveryLogSize: 50,
  /** Seconds a receiver has to answer before the try counts as failed. */
  timeoutSeconds: 10,
  /** How far a receiver's clock may differ from the signature's timestamp (Stripe's default). */
  toleranceSeconds: 300,
  /** Messages an incoming webhook may post a minute. */
  incomingPerMinute: 60,
} as const;

/** Headers of an outgoing delivery. The signature is `v1=` HMAC-SHA256(`{timestamp}.{body}`). */
export const WebhookHeaders = {
  signature: 'x-teamup-signature',
  timestamp: 'x-teamup-timestamp',
  event: 'x-teamup-event',
  delivery: 'x-teamup-delivery',
} as const;

export const OUTGOING_SECRET_PREFIX = 'whsec_';
export const INCOMING_TOKEN_PREFIX = 'tup_hook_';

export const webhookMessages = {
  nameRequired: '이름을 입력해주세요.',
  nameTooLong: `이름은 ${WebhookLimits.nameMax}자 이하로 입력해주세요.`,
  urlInvalid: 'http:// 또는 https://로 시작하는 올바른 주소를 입력해주세요.',
  urlRefused:
    '내부 네트워크 주소로는 보낼 수 없습니다. 관리자가 허용한 네트워크만 사용할 수 있습니다.',
  eventsRequired: '받을 이벤트를 하나 이상 선택해주세요.',
  tooManyOutgoing: `웹훅은 워크스페이스당 ${WebhookLimits.outgoingPerWorkspace}개까지 만들 수 있습니다.`,
  tooManyIncoming: `수신 웹훅은 채팅방당 ${WebhookLimits.incomingPerRoom}개까지 만들 수 있습니다.`,
  notFound: '웹훅을 찾을 수 없습니다.',
  roomAdminOnly: '채팅방을 만든 사람과 워크스페이스 관리자만 웹훅을 관리할 수 있습니다.',
  incomingInvalid: '웹훅 주소가 올바르지 않거나 삭제되었습니다.',
  textRequired: 'text 필드에 보낼 내용을 입력해주세요.',
  textTooLong: `text는 ${Limits.chatMessageMax}자 이하여야 합니다.`,
} as const;

const nameSchema = z
  .string()
  .trim()
  .min(1, webhookMessages.nameRequired)
  .max(WebhookLimits.nameMax, webhookMessages.nameTooLong);

/** Only the form: the server checks where the address leads (loopback, private nets) on send. */
const webhookUrlSchema = z
  .string()
  .trim()
  .max(WebhookLimits.urlMax, webhookMessages.urlInvalid)
  .refine((raw) => {
    try {
      const url = new URL(raw);
      return (
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        url.username === '' &&
        url.password === ''
      );
    } catch {
      return false;
    }
  }, webhookMessages.urlInvalid);

const eventsSchema = z
  .array(webhookEventSchema)
  .min(1, webhookMessages.eventsRequired)
  .max(webhookEvents.length)
  .transform((events) => webhookEvents.filter((event) => events.includes(event)));

export const outgoingWebhookSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  enabled: z.boolean(),
  createdAt: z.string(),
  /** The last delivery's outcome, for the list. */
  lastDelivery: z
    .object({ status: z.enum(['PENDING', 'DELIVERED', 'FAILED']), at: z.string() })
    .nullable(),
});
export type OutgoingWebhook = z.infer<typeof outgoingWebhookSchema>;

/** The answer to a creation: the signing secret, shown this once. */
export const createdOutgoingWebhookSchema = outgoingWebhookSchema.extend({ secret: z.string() });
export type CreatedOutgoingWebhook = z.infer<typeof createdOutgoingWebhookSchema>;

export const createOutgoingWebhookSchema = z.object({
  name: nameSchema,
  url: webhookUrlSchema,
  events: eventsSchema,
});
export type CreateOutgoingWebhook = z.input<typeof createOutgoingWebhookSchema>;

export const updateOutgoingWebhookSchema = z
  .object({
    name: nameSchema.optional(),
    url: webhookUrlSchema.optional(),
    events: eventsSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: '바꿀 항목을 하나 이상 보내주세요.',
  });
export type UpdateOutgoingWebhook = z.input<typeof updateOutgoingWebhookSchema>;

export const webhookDeliveryStatuses = ['PENDING', 'DELIVERED', 'FAILED'] as const;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event: z.union([webhookEventSchema, z.literal('ping')]),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  /** The receiver's last answer status; null when it never answered (refused, timed out). */
  responseStatus: z.number().int().nullable(),
  /** Why the last try failed, in Korean; null after a success. */
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  /** When the next try is due while it is PENDING. */
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const incomingWebhookSchema = z.object({
  id: z.number().int(),
  /** The bot's name, shown as the sender of what it posts. */
  name: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.number().int().nullable(), name: z.string() }),
  lastUsedAt: z.string().nullable(),
});
export type IncomingWebhook = z.infer<typeof incomingWebhookSchema>;

/** The answer to a creation: the secret URL (a full address under PUBLIC_ORIGIN), shown this once. */
export const createdIncomingWebhookSchema = incomingWebhookSchema.extend({ url: z.string() });
export type CreatedIncomingWebhook = z.infer<typeof createdIncomingWebhookSchema>;

export const createIncomingWebhookSchema = z.object({ name: nameSchema });

/**
 * What a system posts to an incoming webhook: Slack's `text` (other Slack fields, such as
 * `username` or `blocks`, are accepted and ignored, so a Slack integration works unchanged).
 */
export const incomingWebhookPostSchema = z
  .object({
    text: z
      .string({ error: webhookMessages.textRequired })
      .trim()
      .min(1, webhookMessages.textRequired)
      .max(Limits.chatMessageMax, webhookMessages.textTooLong),
  })
  .loose();

const outgoingPath = '/workspaces/:id/webhooks';
const incomingPath = '/workspaces/:workspaceId/chat-rooms/:roomId/webhooks';
const outgoingParams = z.object({ id: idSchema, webhookId: idSchema });
const incomingParams = z.object({ workspaceId: idSchema, roomId: idSchema });

export const webhookEndpoints = {
  listOutgoing: endpoint({
    method: 'GET',
    path: outgoingPath,
    summary: 'The workspace’s outgoing webhooks (owner and admins)',
    params: z.object({ id: idSchema }),
    response: z.array(outgoingWebhookSchema),
  }),
  createOutgoing: endpoint({
    method: 'POST',
    path: outgoingPath,
    summary: 'Create an outgoing webhook; the answer shows its signing secret this once',
    params: z.object({ id: idSchema }),
    body: createOutgoingWebhookSchema,
    response: createdOutgoingWebhookSchema,
    status: 201,
    errors: { 400: [ErrorCode.WEBHOOK_URL_REFUSED], 409: [ErrorCode.WEBHOOK_LIMIT] },
  }),
  updateOutgoing: endpoint({
    method: 'PATCH',
    path: `${outgoingPath}/:webhookId`,
    summary: 'Change an outgoing webhook’s name, address, events, or turn it off and on',
    params: outgoingParams,
    body: updateOutgoingWebhookSchema,
    response: outgoingWebhookSchema,
    errors: { 400: [ErrorCode.WEBHOOK_URL_REFUSED] },
  }),
  deleteOutgoing: endpoint({
    method: 'DELETE',
    path: `${outgoingPath}/:webhookId`,
    summary: 'Delete an outgoing webhook and its delivery log; pending tries are dropped',
    params: outgoingParams,
    status: 204,
  }),
  pingOutgoing: endpoint({
    method: 'POST',
    path: `${outgoingPath}/:webhookId/ping`,
    summary: 'Send a `ping` event to the webhook now (it is logged like any delivery)',
    params: outgoingParams,
    response: webhookDeliverySchema,
    status: 201,
  }),
  deliveries: endpoint({
    method: 'GET',
    path: `${outgoingPath}/:webhookId/deliveries`,
    summary: 'The webhook’s last 50 deliveries, newest first',
    params: outgoingParams,
    response: z.array(webhookDeliverySchema),
  }),
  listIncoming: endpoint({
    method: 'GET',
    path: incomingPath,
    summary: 'The room’s incoming webhooks (the room’s owner, workspace owner and admins)',
    params: incomingParams,
    response: z.array(incomingWebhookSchema),
  }),
  createIncoming: endpoint({
    method: 'POST',
    path: incomingPath,
    summary: 'Create an incoming webhook; the answer shows its secret URL this once',
    params: incomingParams,
    body: createIncomingWebhookSchema,
    response: createdIncomingWebhookSchema,
    status: 201,
    errors: { 409: [ErrorCode.WEBHOOK_LIMIT] },
  }),
  deleteIncoming: endpoint({
    method: 'DELETE',
    path: `${incomingPath}/:webhookId`,
    summary: 'Delete an incoming webhook: its URL stops working at once',
    params: incomingParams.extend({ webhookId: idSchema }),
    status: 204,
  }),
  post: endpoint({
    method: 'POST',
    path: '/hooks/:token',
    summary: 'Post a message into the webhook’s room as its bot (Slack-compatible `text`)',
    auth: 'public',
    params: z.object({ token: z.string().max(200) }),
    body: incomingWebhookPostSchema,
    response: z.object({ ok: z.literal(true), messageId: z.number().int() }),
    errors: { 404: [ErrorCode.WEBHOOK_NOT_FOUND] },
  }),
};
