import type { SseTicket } from '@teamup/contracts/chat';
import { pathOf } from '@teamup/contracts/path-of';
import { liveRoutes } from '../../../lib/first-load-endpoints';
import { api, buildUrl } from '../../../lib/api-client';

/** POST /sse/register: a single-use ticket for the event stream, valid 60 s. */
export function registerSse(): Promise<SseTicket> {
  return api.post<SseTicket>(pathOf(liveRoutes.register));
}

/**
 * GET /api/sse/subscribe?ticket=: EventSource cannot send headers, hence the ticket. Each connect
 * has a new ticket (and so a new EventSource), which would not resend Last-Event-ID itself: the
 * last id seen travels as `lastEventId`.
 */
export function sseSubscribeUrl(ticket: string, lastEventId: string | null): string {
  return buildUrl(pathOf(liveRoutes.subscribe), { ticket, lastEventId });
}
