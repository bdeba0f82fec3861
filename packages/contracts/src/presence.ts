import { z } from 'zod';
import { idSchema } from './common';
import { endpoint } from './endpoint';

/**
 * Presence (decision 0021): ONLINE while the person has a live connection (an SSE stream or a
 * STOMP socket) on any instance, AWAY when their client said they stepped away (tab hidden, or
 * idle a while), OFFLINE when no connection is left anywhere. Nothing of it is stored.
 */
export const presenceStatusSchema = z.enum(['ONLINE', 'AWAY', 'OFFLINE']);
export type PresenceStatus = z.infer<typeof presenceStatusSchema>;

export { PresenceTimings } from './presence-timings';

export const userPresenceSchema = z.object({
  userId: z.number().int(),
  status: presenceStatusSchema,
});
export type UserPresence = z.infer<typeof userPresenceSchema>;

/** The members of a workspace who are not offline (everyone not listed is OFFLINE). */
export const workspacePresenceSchema = z.object({
  workspaceId: z.number().int(),
  users: z.array(userPresenceSchema),
});
export type WorkspacePresence = z.infer<typeof workspacePresenceSchema>;

/** PUT /presence/me (and STOMP SEND /app/presence): what the caller's client says of them. */
export const reportPresenceSchema = z.object({ status: z.enum(['ONLINE', 'AWAY']) });
export type ReportPresenceInput = z.infer<typeof reportPresenceSchema>;

/** STOMP SEND destination for the same report as PUT /presence/me. */
export const PRESENCE_DESTINATION = '/app/presence';

export const presenceEndpoints = {
  workspace: endpoint({
    method: 'GET',
    path: '/workspaces/:workspaceId/presence',
    summary: 'The workspace members who are online or away now (everyone else is offline)',
    params: z.object({ workspaceId: idSchema }),
    response: workspacePresenceSchema,
  }),
  report: endpoint({
    method: 'PUT',
    path: '/presence/me',
    summary: 'Say whether the caller is at their screen (ONLINE) or stepped away (AWAY)',
    body: reportPresenceSchema,
    status: 204,
  }),
};
