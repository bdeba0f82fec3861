import { createHmac } from 'node:crypto';
import { WebhookHeaders, WebhookLimits } from '@teamup/contracts/webhooks';
import type { AppContext } from '../../context';
import { defineJobKind } from '../../platform/jobs/job-kind';
import { OutboundFailed, OutboundRefused, postOutbound } from '../../platform/http/outbound';
import * as repo from './webhooks.repo';

/*
 * Sending outgoing webhook deliveries (decision 0052). Each try is a job of its own. The job's
 * transaction counts the try and schedules the next one as a safety net (a process killed while
 * sending still retries); the HTTP request is made after that commit, off the transaction (a
 * receiver taking its ten seconds must not hold a database connection), and its outcome is
 * written then: success cancels the safety net, a failure moves it to its proper time.
 */

type AttemptPayload = { deliveryId: number; attempt: number };

const keyOf = (deliveryId: number, attempt: number) => `webhooks:delivery:${deliveryId}:${attempt}`;

/** What schedules a delivery's first try. */
export function firstAttemptOf(deliveryId: number, dueAt: Date) {
  return { key: keyOf(deliveryId, 1), dueAt, payload: { deliveryId, attempt: 1 } };
}

/**
 * `v1=` and the hex HMAC-SHA256, keyed by the webhook's secret, of `{timestamp}.{body}`: the
 * timestamp is signed with the body, so a captured delivery replayed later is told by its age
 * (Stripe's and Slack's scheme).
 */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

const timeoutMs = WebhookLimits.timeoutSeconds * 1000;
/** Kept of a receiver's answer: enough to tell what it said, never a whole page. */
const ANSWER_KEPT_BYTES = 1024;

type Outcome =
  | { kind: 'delivered'; status: number }
  | { kind: 'failed'; status: number | null; error: string; final: boolean };

async function send(
  ctx: AppContext,
  webhook: repo.OutgoingRow,
  delivery: repo.DeliveryRow,
): Promise<Outcome> {
  const timestamp = Math.floor(ctx.now().getTime() / 1000);
  const secret = ctx.secretBox.open(webhook.secretSealed);
  try {
    const answer = await postOutbound(
      webhook.url,
      delivery.payload,
      {
        [WebhookHeaders.event]: delivery.event,
        [WebhookHeaders.delivery]: String(delivery.id),
        [WebhookHeaders.timestamp]: String(timestamp),
        [WebhookHeaders.signature]: signatureOf(secret, timestamp, delivery.payload),
      },
      {
        allowedNetworks: ctx.config.webhooks.allowedNetworks,
        timeoutMs,
        maxResponseBytes: ANSWER_KEPT_BYTES,
      },
    );
    if (answer.status >= 200 && answer.status < 300) {
      return { kind: 'delivered', status: answer.status };
    }
    return {
      kind: 'failed',
      status: answer.status,
      error: `받는 서버가 ${answer.status} 상태로 답했습니다.`,
      final: false,
    };
  } catch (error) {
    if (error instanceof OutboundRefused) {
      // Where the address leads does not change by waiting: no retry.
      return {
        kind: 'failed',
        status: null,
        error:
          error.reason === 'DNS'
            ? `주소의 호스트를 찾을 수 없습니다: ${error.message}`
            : `허용되지 않은 주소라 보내지 않았습니다: ${error.message}`,
        final: error.reason !== 'DNS',
      };
    }
    if (error instanceof OutboundFailed && error.reason === 'TIMEOUT') {
      return {
        kind: 'failed',
        status: null,
        error: `${WebhookLimits.timeoutSeconds}초 안에 답이 없었습니다.`,
        final: false,
      };
    }
    return {
      kind: 'failed',
      status: null,
      error: `연결하지 못했습니다: ${error instanceof Error ? error.message : String(error)}`,
      final: false,
    };
  }
}

export const deliveryJob = defineJobKind<AttemptPayload>({
  kind: 'webhooks.deliver',
  async handle(job, { db, ctx, afterCommit }) {
    const { deliveryId, attempt } = job.payload;
    const found = await repo.deliveryToSend(db, deliveryId);
    // Deleted with its webhook, already delivered or given up, or this try already made.
    if (!found || found.delivery.status !== 'PENDING' || found.delivery.attempts >= attempt) {
      return;
    }
    const now = ctx.now();
    if (!found.webhook.enabled && found.delivery.event !== 'ping') {
      await repo.updateDelivery(db, deliveryId, {
        status: 'FAILED',
        error: '웹훅이 꺼져 있어 보내지 않았습니다.',
        nextAttemptAt: null,
      });
      return;
    }
    const delays = ctx.config.webhooks.retryDelaysMs;
    const wait = delays[attempt - 1];
    // The safety net: due only after this try's own time is up, so it never overlaps it.
    const retryAt = wait === undefined ? null : new Date(now.getTime() + timeoutMs + wait);
    await repo.updateDelivery(db, deliveryId, {
      attempts: attempt,
      lastAttemptAt: now,
      nextAttemptAt: retryAt,
    });
    const retry = {
      key: keyOf(deliveryId, attempt + 1),
      payload: { deliveryId, attempt: attempt + 1 },
    };
    if (retryAt) await ctx.jobs.schedule(deliveryJob, retry.key, retryAt, retry.payload, db);
    afterCommit(async () => {
      const outcome = await send(ctx, found.webhook, found.delivery);
      const end = ctx.now();
      if (outcome.kind === 'delivered') {
        await ctx.jobs.cancel(retry.key);
        await repo.updateDelivery(ctx.database.db, deliveryId, {
          status: 'DELIVERED',
          responseStatus: outcome.status,
          error: null,
          nextAttemptAt: null,
        });
        return;
      }
      const giveUp = outcome.final || wait === undefined;
      const nextAt = giveUp ? null : new Date(end.getTime() + wait);
      if (giveUp) await ctx.jobs.cancel(retry.key);
      else await ctx.jobs.schedule(deliveryJob, retry.key, nextAt as Date, retry.payload);
      await repo.updateDelivery(ctx.database.db, deliveryId, {
        status: giveUp ? 'FAILED' : 'PENDING',
        responseStatus: outcome.status,
        error: outcome.error,
        nextAttemptAt: nextAt,
      });
      ctx.logger.info(
        { webhook: found.webhook.id, delivery: deliveryId, attempt, giveUp, error: outcome.error },
        'webhook delivery failed',
      );
    });
  },
});
