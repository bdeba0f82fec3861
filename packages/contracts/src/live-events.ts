import { z } from 'zod';
import {
  CHAT_NOTIFY_LEVELS,
  chatAttachmentSchema,
  chatMessageReactionsSchema,
  chatMessageSchema,
  chatNoticeSchema,
  chatNotifyLevelStateSchema,
  editChatMessageSchema,
  lastReadSchema,
  sendChatMessageSchema,
  setChatNoticeSchema,
  setChatNotifyLevelSchema,
  setChatReactionSchema,
} from './chat';
import type { LiveEvent, ResyncSignal } from './events';
import { notificationSchema } from './notifications';
import { presenceStatusSchema, reportPresenceSchema } from './presence';
import {
  meetingChatSendSchema,
  signalSendSchema,
  videoModeSchema,
  videoParticipantSchema,
  type MeetingChatEvent,
  type SignalEvent,
  type VideoChannelEvent,
} from './video';

/**
 * The live events of events.ts and video.ts as zod schemas, for the AsyncAPI document the server
 * serves beside the OpenAPI one (apps/server/src/platform/http/asyncapi.ts turns them into JSON
 * Schema as the OpenAPI document's schemas are). The checks at the end of this file keep each
 * schema and its TypeScript type the same: a field added to one and not the other fails
 * `npm run typecheck`.
 */

const id = z.number().int();

// --- every stream's events (events.ts) ----------------------------------------------------------

export const workspaceMemberRemovedEventSchema = z.object({
  type: z.literal('WORKSPACE_MEMBER_REMOVED'),
  workspaceId: id,
  userId: id,
  reason: z.enum(['KICKED', 'BANNED', 'LEFT']),
});
export const workspaceMemberJoinedEventSchema = z.object({
  type: z.literal('WORKSPACE_MEMBER_JOINED'),
  workspaceId: id,
  userId: id,
});
export const workspaceDeletedEventSchema = z.object({
  type: z.literal('WORKSPACE_DELETED'),
  workspaceId: id,
});
export const teamDeletedEventSchema = z.object({
  type: z.literal('TEAM_DELETED'),
  workspaceId: id,
  teamId: id,
});
export const teamMembershipChangedEventSchema = z.object({
  type: z.literal('TEAM_MEMBERSHIP_CHANGED'),
  workspaceId: id,
  teamId: id,
  userId: id,
  change: z.enum(['JOINED', 'LEFT', 'REMOVED']),
});
export const teamContentChangedEventSchema = z.object({
  type: z.literal('TEAM_CONTENT_CHANGED'),
  workspaceId: id,
  teamId: id,
  area: z.enum(['TEAM', 'KANBAN', 'SCHEDULES', 'ANNOUNCEMENTS', 'POSTS']),
});
export const teamFreeTimeChangedEventSchema = z.object({
  type: z.literal('TEAM_FREE_TIME_CHANGED'),
  workspaceId: id,
  teamId: id,
  weekStart: z.string(),
  userId: id,
});
export const newChatMessageEventSchema = z.object({
  type: z.literal('NEW_CHAT_MESSAGE'),
  messageId: id,
  chatRoomId: id,
  content: z.string(),
  senderId: id,
  senderName: z.string(),
  senderProfileImageUrl: z.string().nullable(),
  sentAt: z.string(),
  attachments: z.array(chatAttachmentSchema),
  message: chatMessageSchema,
});
export const chatMessageDeletedEventSchema = z.object({
  type: z.literal('CHAT_MESSAGE_DELETED'),
  chatRoomId: id,
  messageId: id,
});
export const chatMessageEditedEventSchema = z.object({
  type: z.literal('CHAT_MESSAGE_EDITED'),
  chatRoomId: id,
  messageId: id,
  message: chatMessageSchema,
});
export const chatReactionsChangedEventSchema = chatMessageReactionsSchema.extend({
  type: z.literal('CHAT_REACTIONS_CHANGED'),
});
const chatMemberFields = { chatRoomId: id, workspaceId: id, userId: id, userName: z.string() };
export const chatMemberJoinedEventSchema = z.object({
  type: z.literal('CHAT_MEMBER_JOINED'),
  ...chatMemberFields,
});
export const chatMemberLeftEventSchema = z.object({
  type: z.literal('CHAT_MEMBER_LEFT'),
  ...chatMemberFields,
});
export const chatReadEventSchema = z.object({
  type: z.literal('CHAT_READ'),
  chatRoomId: id,
  lastReadMessageId: id,
  unreadCount: z.number().int(),
});
export const chatReadPointerMovedEventSchema = z.object({
  type: z.literal('CHAT_READ_POINTER_MOVED'),
  chatRoomId: id,
  userId: id,
  previousMessageId: id.nullable(),
  lastReadMessageId: id,
});
export const chatNoticeChangedEventSchema = chatNoticeSchema.extend({
  type: z.literal('CHAT_NOTICE_CHANGED'),
});
export const chatNotifyLevelChangedEventSchema = chatNotifyLevelStateSchema.extend({
  type: z.literal('CHAT_NOTIFY_LEVEL_CHANGED'),
});
export const chatTypingEventSchema = z.object({
  type: z.literal('CHAT_TYPING'),
  chatRoomId: id,
  userId: id,
  userName: z.string(),
});
export const presenceChangedEventSchema = z.object({
  type: z.literal('PRESENCE_CHANGED'),
  workspaceId: id,
  changes: z.array(z.object({ userId: id, status: presenceStatusSchema })),
});
export const notificationCreatedEventSchema = z.object({
  type: z.literal('NOTIFICATION_CREATED'),
  notification: notificationSchema,
  unreadCount: z.number().int(),
});
export const notificationReadEventSchema = z.object({
  type: z.literal('NOTIFICATION_READ'),
  ids: z.union([z.array(id), z.literal('ALL')]),
  unreadCount: z.number().int(),
});
export const formationUpdatedEventSchema = z.object({
  type: z.literal('FORMATION_UPDATED'),
  workspaceId: id,
  formationId: id,
});
/** Written by the SSE stream itself: what the client missed is older than the replay log. */
export const resyncSignalSchema = z.object({ type: z.literal('RESYNC'), eventId: id });

// --- meeting events (video.ts) ------------------------------------------------------------------

export const meetingChatLineSchema = z.object({
  id,
  senderId: id.nullable(),
  senderName: z.string(),
  senderEmail: z.string(),
  message: z.string(),
  sentAt: z.string(),
});
export const shouldOutChannelEventSchema = z.object({
  type: z.literal('SHOULD_OUT_CHANNEL'),
  userId: id.nullable(),
  reason: z.enum(['REMOVED', 'CHANNEL_DELETED']),
});
export const participantsConfirmedEventSchema = z.object({
  type: z.literal('GET_PARTICIPANTS_CONFIRMED'),
  participants: z.array(videoParticipantSchema),
  broadcasterId: id.nullable(),
  mode: videoModeSchema,
  publisherIds: z.array(id),
});
export const meetingChatInitEventSchema = z.object({
  type: z.literal('init'),
  logs: z.array(meetingChatLineSchema),
});
export const meetingChatLineEventSchema = meetingChatLineSchema.extend({
  type: z.literal('chat'),
});
export const signalEventSchema = z.object({
  type: z.literal('SIGNAL'),
  roomId: id,
  from: id,
  kind: signalSendSchema.shape.kind,
  data: z.unknown().optional(),
});

/** A message of the AsyncAPI document: its name is the event's `type`. */
export type LiveMessage<S extends z.ZodObject = z.ZodObject> = {
  name: string;
  summary: string;
  schema: S;
};
const message = <S extends z.ZodObject>(schema: S, summary: string): LiveMessage<S> => ({
  name: String((schema.shape as { type?: z.ZodLiteral }).type?.value),
  summary,
  schema,
});

/**
 * Every event of the `LiveEvent` union, each once, with what it tells. Each goes to the SSE
 * streams of whoever follows its topic (a workspace, a user, a chat room); those of a chat room's
 * topic go to `/topic/chat-rooms/{roomId}` on STOMP too (`chatRoomTopicEvents`).
 */
export const liveEventMessages = [
  message(newChatMessageEventSchema, 'A message was sent to the room'),
  message(chatMessageDeletedEventSchema, 'A message was deleted (it keeps its place)'),
  message(
    chatReactionsChangedEventSchema,
    'A message’s reactions changed: all of them, as the PUT answers them',
  ),
  message(chatMessageEditedEventSchema, 'Its author edited a message: the message as it is now'),
  message(chatMemberJoinedEventSchema, 'Someone joined the room (also to them, on their topic)'),
  message(chatMemberLeftEventSchema, 'Someone left the room (also to them, on their topic)'),
  message(
    chatReadEventSchema,
    'To the reader only: their read pointer in a room moved (another tab or device)',
  ),
  message(
    chatReadPointerMovedEventSchema,
    'A member’s read pointer moved from previousMessageId (null: never opened) forward',
  ),
  message(chatNoticeChangedEventSchema, 'The room’s notice (공지) was pinned, replaced or removed'),
  message(
    chatNotifyLevelChangedEventSchema,
    'To the member only: they changed their notification level in a room',
  ),
  message(
    chatTypingEventSchema,
    'Someone is typing in the room (unlogged: no `id:`, never replayed)',
  ),
  message(
    presenceChangedEventSchema,
    'Members’ presence changed: every change settled since the last one (unlogged: no `id:`, never replayed)',
  ),
  message(workspaceMemberRemovedEventSchema, 'Someone was removed from the workspace, or left it'),
  message(
    workspaceMemberJoinedEventSchema,
    'Someone joined the workspace (by invite or code): member lists fetch again',
  ),
  message(teamContentChangedEventSchema, 'Something in a team’s area changed: refetch it'),
  message(
    teamFreeTimeChangedEventSchema,
    'A team member saved their free time of the week starting weekStart (a Monday, Asia/Seoul): refetch that week’s common free time',
  ),
  message(workspaceDeletedEventSchema, 'The workspace was deleted'),
  message(teamDeletedEventSchema, 'A team was deleted'),
  message(teamMembershipChangedEventSchema, 'Someone joined, left or was removed from a team'),
  message(
    notificationCreatedEventSchema,
    'A notification for the listener was made or changed (a folded chat one counts up)',
  ),
  message(notificationReadEventSchema, 'Notifications were read: the new unread count'),
  message(formationUpdatedEventSchema, 'A team-formation session changed: refetch it'),
] as const;

/** The SSE stream's own signal, never published on the bus. */
export const resyncMessage = message(
  resyncSignalSchema,
  'What the client missed is older than the replay log: refetch everything shown',
);

/** The events a chat room's topic carries (SSE and `/topic/chat-rooms/{roomId}` alike). */
export const chatRoomTopicEvents = [
  'NEW_CHAT_MESSAGE',
  'CHAT_MESSAGE_DELETED',
  'CHAT_REACTIONS_CHANGED',
  'CHAT_MESSAGE_EDITED',
  'CHAT_MEMBER_JOINED',
  'CHAT_MEMBER_LEFT',
  'CHAT_READ_POINTER_MOVED',
  'CHAT_NOTICE_CHANGED',
  'CHAT_TYPING',
] as const satisfies ReadonlyArray<LiveEvent['type']>;

/** `/sub/video/{roomId}`'s events. */
export const videoChannelMessages = [
  message(participantsConfirmedEventSchema, 'Who is in the meeting now, and who broadcasts'),
  message(
    shouldOutChannelEventSchema,
    'Someone (null: everyone) must leave the meeting; their subscription ends after it',
  ),
] as const;

/** `/sub/chat/{roomId}`'s events (a meeting's chat). */
export const meetingChatMessages = [
  message(
    meetingChatInitEventSchema,
    'The meeting chat so far, oldest first (on entry, or `init`)',
  ),
  message(meetingChatLineEventSchema, 'A new line of the meeting chat'),
  videoChannelMessages[1],
] as const;

/** `/user/queue/signal`'s events (built-in WebRTC). */
export const signalMessages = [
  message(signalEventSchema, 'A WebRTC signal from `from` (offer, answer, candidate, ready, bye)'),
] as const;

/**
 * What a client may SEND over STOMP (besides `/app/auth`, whose token travels in a header):
 * `{ws}`, `{roomId}`, `{messageId}` are the ids, as in the HTTP paths. Each body is the HTTP
 * call's, checked by the same schema and handled by the same service.
 */
export const stompSends = [
  {
    address: '/app/workspaces/{workspaceId}/chat-rooms/{roomId}/messages',
    summary: 'Send a text message (as POST …/messages)',
    schema: sendChatMessageSchema,
  },
  {
    address: '/app/workspaces/{workspaceId}/chat-rooms/{roomId}/read',
    summary: 'Move the read pointer (as PATCH …/last-read-refresh)',
    schema: lastReadSchema,
  },
  {
    address: '/app/workspaces/{workspaceId}/chat-rooms/{roomId}/typing',
    summary: 'Say the sender is typing (as POST …/typing); any body',
    schema: z.object({}),
  },
  {
    address: '/app/workspaces/{workspaceId}/chat-rooms/{roomId}/notice',
    summary: 'Pin or unpin the room’s notice (as PUT …/notice)',
    schema: setChatNoticeSchema,
  },
  {
    address: '/app/workspaces/{workspaceId}/chat-rooms/{roomId}/notify-level',
    summary: `The sender’s notification level (${CHAT_NOTIFY_LEVELS.join(', ')} or null; as PUT …/notify-level)`,
    schema: setChatNotifyLevelSchema,
  },
  {
    address: '/app/workspaces/{workspaceId}/chat-rooms/{roomId}/messages/{messageId}/edit',
    summary: 'Edit one’s own text message (as PATCH …/messages/{messageId})',
    schema: editChatMessageSchema,
  },
  {
    address: '/app/workspaces/{workspaceId}/chat-rooms/{roomId}/messages/{messageId}/reactions',
    summary: 'Turn a reaction on or off (as PUT …/reactions)',
    schema: setChatReactionSchema,
  },
  {
    address: '/app/presence',
    summary: 'Report the tab visible or idle (as PUT /presence/me)',
    schema: reportPresenceSchema,
  },
  {
    address: '/pub/chat/{roomId}',
    summary: 'A meeting chat line, or `init` for the chat so far',
    schema: meetingChatSendSchema,
  },
  {
    address: '/pub/signal/{roomId}',
    summary: 'A WebRTC signal to the participant `to` (built-in mode)',
    schema: signalSendSchema,
  },
] as const;

// --- each schema is its type, and each type has its schema (checked by tsc) ---------------------

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Inferred<T extends ReadonlyArray<LiveMessage>> = z.infer<T[number]['schema']>;
const sameLiveEvents: Same<Inferred<typeof liveEventMessages>, LiveEvent> = true;
const sameResync: Same<z.infer<typeof resyncSignalSchema>, ResyncSignal> = true;
const sameVideo: Same<
  z.infer<typeof participantsConfirmedEventSchema> | z.infer<typeof shouldOutChannelEventSchema>,
  VideoChannelEvent
> = true;
const sameMeetingChat: Same<
  | z.infer<typeof meetingChatInitEventSchema>
  | z.infer<typeof meetingChatLineEventSchema>
  | z.infer<typeof shouldOutChannelEventSchema>,
  MeetingChatEvent
> = true;
const sameSignal: Same<z.infer<typeof signalEventSchema>, SignalEvent> = true;
export const typeChecks = {
  sameLiveEvents,
  sameResync,
  sameVideo,
  sameMeetingChat,
  sameSignal,
} satisfies Record<string, true>;
