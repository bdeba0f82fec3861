import { randomBytes } from 'node:crypto';
import { ChatMessages } from '@teamup/contracts/chat';
import { ErrorCode } from '@teamup/contracts/error-codes';
import {
  INCOMING_TOKEN_PREFIX,
  WebhookLimits,
  webhookMessages,
  type CreatedIncomingWebhook,
  type IncomingWebhook,
} from '@teamup/contracts/webhooks';
import type { AppContext } from '../../context';
import { recordAudit } from '../../platform/audit/audit-log';
import { hashOpaqueToken } from '../../platform/auth/tokens';
import { conflict, forbidden, notFound, tooManyRequests } from '../../platform/errors/app-error';
import type { RequestOrigin } from '../../platform/http/request-origin';
import { postBotMessage } from '../chat/messages.service';
import { moderatesRoom } from '../chat/rooms.service';
import * as repo from './webhooks.repo';

/** The last use is written at most this often per webhook. */
const TOUCH_EVERY_MS = 60_000;

const webhookNotFound = () => notFound(webhookMessages.notFound, ErrorCode.NOT_FOUND);

/** The room's owner and the workspace's owner and admins manage its webhooks. */
export async function requireRoomAdmin(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
): Promise<void> {
  if (!(await moderatesRoom(ctx, userId, workspaceId, roomId))) {
    throw forbidden(webhookMessages.roomAdminOnly, ErrorCode.WEBHOOK_FORBIDDEN);
  }
}

function present(row: repo.IncomingRow, creatorName: string | null): IncomingWebhook {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    createdBy: { id: row.createdBy, name: creatorName ?? ChatMessages.unknownSender },
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listIncoming(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
): Promise<IncomingWebhook[]> {
  await requireRoomAdmin(ctx, userId, workspaceId, roomId);
  const rows = await repo.listIncoming(ctx.database.db, roomId);
  return rows.map((row) => present(row.webhook, row.creatorName));
}

export async function createIncoming(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  name: string,
  from: RequestOrigin,
): Promise<CreatedIncomingWebhook> {
  await requireRoomAdmin(ctx, userId, workspaceId, roomId);
  if ((await repo.countIncoming(ctx.database.db, roomId)) >= WebhookLimits.incomingPerRoom) {
    throw conflict(ErrorCode.WEBHOOK_LIMIT, webhookMessages.tooManyIncoming);
  }
  const token = `${INCOMING_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await repo.insertIncoming(ctx.database.db, {
    roomId,
    name,
    tokenHash: hashOpaqueToken(token),
    createdBy: userId,
    createdAt: ctx.now(),
  });
  await recordAudit(ctx, {
    action: 'WEBHOOK_CREATED',
    actorId: userId,
    target: { type: 'WEBHOOK', id: row.id, label: row.name },
    details: { kind: 'incoming', workspaceId, roomId },
    from,
  });
  const [creator] = await repo
    .listIncoming(ctx.database.db, roomId)
    .then((rows) => rows.filter((listed) => listed.webhook.id === row.id));
  return {
    ...present(row, creator?.creatorName ?? null),
    url: `${ctx.config.publicOrigin}/api/hooks/${token}`,
  };
}

export async function deleteIncoming(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  id: number,
  from: RequestOrigin,
): Promise<void> {
  await requireRoomAdmin(ctx, userId, workspaceId, roomId);
  const row = await repo.deleteIncoming(ctx.database.db, roomId, id);
  if (!row) throw webhookNotFound();
  await recordAudit(ctx, {
    action: 'WEBHOOK_DELETED',
    actorId: userId,
    target: { type: 'WEBHOOK', id: row.id, label: row.name },
    details: { kind: 'incoming', workspaceId, roomId },
    from,
  });
}

/**
 * Posts `text` into the webhook's room as its bot. An unknown or deleted URL answers 404, the
 * same for both, and each webhook may post WebhookLimits.incomingPerMinute times a minute.
 */
export async function postThroughWebhook(
  ctx: AppContext,
  token: string,
  text: string,
): Promise<{ ok: true; messageId: number }> {
  const row = token.startsWith(INCOMING_TOKEN_PREFIX)
    ? await repo.findIncomingByHash(ctx.database.db, hashOpaqueToken(token))
    : undefined;
  if (!row) throw notFound(webhookMessages.incomingInvalid, ErrorCode.WEBHOOK_NOT_FOUND);
  const budget = await ctx.limiter.hit(
    `incoming-webhook:${row.id}`,
    WebhookLimits.incomingPerMinute,
    60,
  );
  if (!budget.allowed) throw tooManyRequests(budget.retryAfterSeconds);
  const message = await postBotMessage(ctx, row.roomId, row.name, text);
  const now = ctx.now();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
    await repo.touchIncoming(ctx.database.db, row.id, now);
  }
  return { ok: true, messageId: message.id };
}
