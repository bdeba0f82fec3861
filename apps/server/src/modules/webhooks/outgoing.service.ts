import { randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { ErrorCode } from '@teamup/contracts/error-codes';
import {
  OUTGOING_SECRET_PREFIX,
  WebhookLimits,
  webhookMessages,
  type CreatedOutgoingWebhook,
  type OutgoingWebhook,
  type WebhookDelivery,
  type WebhookDeliveryEvent,
  type WebhookEvent,
} from '@teamup/contracts/webhooks';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit-log';
import type { DomainEvent } from '../../platform/domain-events';
import { badRequest, conflict, notFound } from '../../platform/errors/app-error';
import { isAllowedAddress } from '../../platform/http/outbound';
import type { RequestOrigin } from '../../platform/http/request-origin';
import type { JsonValue } from '../../platform/jobs/job-kind';
import type { DomainEventReaction } from '../../platform/module';
import { AccessCaches, accessCacheOf, clearAccessCaches } from '../../platform/access-cache';
import { requireModerator } from '../workspaces/membership.service';
import { deliveryJob, firstAttemptOf } from './deliveries';
import { webhookFactOf } from './webhook-events';
import * as repo from './webhooks.repo';

const webhookNotFound = () => notFound(webhookMessages.notFound, ErrorCode.NOT_FOUND);

function presentWebhook(
  row: repo.OutgoingRow,
  last: { status: repo.DeliveryRow['status'] | null; at: Date | null } | undefined,
): OutgoingWebhook {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    lastDelivery:
      last?.status && last.at ? { status: last.status, at: last.at.toISOString() } : null,
  };
}

export function presentDelivery(row: repo.DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'PENDING' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  };
}

/**
 * Refuses an address whose host is written as a loopback, private or link-local IP (or is
 * `localhost`) unless an admin allowed its network: said when the webhook is saved. What a
 * name resolves to is checked on every send (platform/http/outbound.ts), where it counts.
 */
function assertReachable(ctx: AppContext, raw: string): void {
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  const allowed = ctx.config.webhooks.allowedNetworks;
  const refused =
    host === 'localhost' || host.endsWith('.localhost')
      ? !isAllowedAddress('127.0.0.1', allowed)
      : isIP(host) !== 0 && !isAllowedAddress(host, allowed);
  if (refused) throw badRequest(ErrorCode.WEBHOOK_URL_REFUSED, webhookMessages.urlRefused);
}

export async function listOutgoing(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
): Promise<OutgoingWebhook[]> {
  await requireModerator(ctx, workspaceId, userId);
  const rows = await repo.listOutgoing(ctx.database.db, workspaceId);
  return rows.map((row) => presentWebhook(row.webhook, { status: row.lastStatus, at: row.lastAt }));
}

export async function createOutgoing(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  input: { name: string; url: string; events: WebhookEvent[] },
  from: RequestOrigin,
): Promise<CreatedOutgoingWebhook> {
  await requireModerator(ctx, workspaceId, userId);
  assertReachable(ctx, input.url);
  if (
    (await repo.countOutgoing(ctx.database.db, workspaceId)) >= WebhookLimits.outgoingPerWorkspace
  ) {
    throw conflict(ErrorCode.WEBHOOK_LIMIT, webhookMessages.tooManyOutgoing);
  }
  const secret = `${OUTGOING_SECRET_PREFIX}${randomBytes(24).toString('base64url')}`;
  const row = await repo.insertOutgoing(ctx.database.db, {
    workspaceId,
    name: input.name,
    url: input.url,
    events: input.events,
    secretSealed: ctx.secretBox.seal(secret),
    createdBy: userId,
    createdAt: ctx.now(),
  });
  await forgetHooks(ctx, workspaceId);
  await recordAudit(ctx, {
    action: 'WEBHOOK_CREATED',
    actorId: userId,
    target: { type: 'WEBHOOK', id: row.id, label: row.name },
    details: { kind: 'outgoing', workspaceId, host: new URL(row.url).host },
    from,
  });
  return { ...presentWebhook(row, undefined), secret };
}

export async function updateOutgoing(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  id: number,
  patch: { name?: string; url?: string; events?: WebhookEvent[]; enabled?: boolean },
): Promise<OutgoingWebhook> {
  await requireModerator(ctx, workspaceId, userId);
  if (!(await repo.findOutgoing(ctx.database.db, workspaceId, id))) throw webhookNotFound();
  if (patch.url !== undefined) assertReachable(ctx, patch.url);
  await repo.updateOutgoing(ctx.database.db, id, patch);
  await forgetHooks(ctx, workspaceId);
  const row = (await repo.listOutgoing(ctx.database.db, workspaceId)).find(
    (listed) => listed.webhook.id === id,
  );
  if (!row) throw webhookNotFound();
  return presentWebhook(row.webhook, { status: row.lastStatus, at: row.lastAt });
}

export async function deleteOutgoing(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  id: number,
  from: RequestOrigin,
): Promise<void> {
  await requireModerator(ctx, workspaceId, userId);
  // Its deliveries go with it; a try already scheduled finds nothing to send.
  const row = await repo.deleteOutgoing(ctx.database.db, workspaceId, id);
  if (!row) throw webhookNotFound();
  await forgetHooks(ctx, workspaceId);
  await recordAudit(ctx, {
    action: 'WEBHOOK_DELETED',
    actorId: userId,
    target: { type: 'WEBHOOK', id: row.id, label: row.name },
    details: { kind: 'outgoing', workspaceId },
    from,
  });
}

export async function listDeliveries(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  id: number,
): Promise<WebhookDelivery[]> {
  await requireModerator(ctx, workspaceId, userId);
  if (!(await repo.findOutgoing(ctx.database.db, workspaceId, id))) throw webhookNotFound();
  return (await repo.listDeliveries(ctx.database.db, id, WebhookLimits.deliveryLogSize)).map(
    presentDelivery,
  );
}

/** Queues a `ping` delivery at once, even to a webhook that is turned off (a test of the URL). */
export async function pingOutgoing(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  id: number,
): Promise<WebhookDelivery> {
  await requireModerator(ctx, workspaceId, userId);
  const row = await repo.findOutgoing(ctx.database.db, workspaceId, id);
  if (!row) throw webhookNotFound();
  const payload = payloadOf('ping', workspaceId, ctx.now(), {
    webhook: { id: row.id, name: row.name },
  });
  const [delivery] = await enqueue(ctx, [{ webhookId: row.id, event: 'ping', payload }]);
  if (!delivery) throw new Error('ping delivery not stored');
  return presentDelivery(delivery);
}

/** The body every delivery sends: the same envelope for every event. */
function payloadOf(
  event: WebhookDeliveryEvent,
  workspaceId: number,
  at: Date,
  data: { [key: string]: JsonValue },
): string {
  return JSON.stringify({
    id: randomUUID(),
    event,
    occurredAt: at.toISOString(),
    workspace: { id: workspaceId },
    data,
  });
}

/** Stores deliveries and schedules their first tries in one transaction; trims each log. */
async function enqueue(
  ctx: AppContext,
  deliveries: readonly { webhookId: number; event: WebhookDeliveryEvent; payload: string }[],
): Promise<repo.DeliveryRow[]> {
  if (deliveries.length === 0) return [];
  const now = ctx.now();
  return ctx.database.db.transaction(async (tx: Db) => {
    const rows = await repo.insertDeliveries(
      tx,
      deliveries.map((delivery) => ({ ...delivery, createdAt: now, nextAttemptAt: now })),
    );
    await ctx.jobs.scheduleManyUnlessPending(
      deliveryJob,
      rows.map((row) => firstAttemptOf(row.id, now)),
      tx,
    );
    await repo.pruneDeliveries(
      tx,
      [...new Set(rows.map((row) => row.webhookId))],
      WebhookLimits.deliveryLogSize,
    );
    return rows;
  });
}

/** After a change of a workspace's webhooks: every instance reads them afresh. */
async function forgetHooks(ctx: AppContext, workspaceId: number): Promise<void> {
  await clearAccessCaches(ctx, { caches: [AccessCaches.enabledWebhooks], scopeIds: [workspaceId] });
}

/**
 * The enabled webhooks of each workspace. Every chat message asks, so each instance keeps the
 * answer (the shared access caches, platform/access-cache.ts); a change on any instance clears it
 * on all of them over the bus.
 */
async function enabledHooksOf(
  ctx: AppContext,
  workspaceIds: readonly number[],
): Promise<Map<number, repo.OutgoingRow[]>> {
  const kept = accessCacheOf<repo.OutgoingRow[]>(ctx, AccessCaches.enabledWebhooks);
  const result = new Map<number, repo.OutgoingRow[]>();
  for (const id of new Set(workspaceIds)) {
    const rows = await kept.get(id, 0, () => repo.enabledOutgoing(ctx.database.db, [id]));
    result.set(id, rows ?? []);
  }
  return result;
}

/**
 * Turns the app's facts into deliveries for the workspaces' webhooks that chose them. A fact no
 * webhook chose costs no query once the workspace's webhooks are known (the cache above).
 */
async function deliverFacts(ctx: AppContext, events: readonly DomainEvent[]): Promise<void> {
  const facts = events.flatMap((event) => {
    const fact = webhookFactOf(event);
    return fact ? [fact] : [];
  });
  if (facts.length === 0) return;
  const db = ctx.database.db;
  const teamWorkspaces = await repo.workspacesOfTeams(
    db,
    facts.flatMap((fact) =>
      fact.workspaceId === undefined && fact.teamId !== undefined ? [fact.teamId] : [],
    ),
  );
  const located = facts.flatMap((fact) => {
    const workspaceId =
      fact.workspaceId ?? (fact.teamId === undefined ? undefined : teamWorkspaces.get(fact.teamId));
    return workspaceId === undefined ? [] : [{ ...fact, workspaceId }];
  });
  const hooks = await enabledHooksOf(
    ctx,
    located.map((fact) => fact.workspaceId),
  );
  const deliveries: { webhookId: number; event: WebhookEvent; payload: string }[] = [];
  for (const fact of located) {
    const chose = (hooks.get(fact.workspaceId) ?? []).filter((hook) =>
      hook.events.includes(fact.event),
    );
    if (chose.length === 0) continue;
    const details = await fact.details(db);
    if (!details) continue;
    const payload = payloadOf(fact.event, fact.workspaceId, ctx.now(), details);
    for (const hook of chose) deliveries.push({ webhookId: hook.id, event: fact.event, payload });
  }
  await enqueue(ctx, deliveries);
}

/** The reaction that feeds outgoing webhooks (a burst of chat messages is handled at once). */
export const deliverDomainEvents: DomainEventReaction = Object.assign(
  (ctx: AppContext, event: DomainEvent) => deliverFacts(ctx, [event]),
  { many: deliverFacts },
);
