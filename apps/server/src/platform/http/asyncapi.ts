import { z } from 'zod';
import {
  chatRoomTopicEvents,
  liveEventMessages,
  meetingChatMessages,
  resyncMessage,
  signalMessages,
  stompSends,
  videoChannelMessages,
  type LiveMessage,
} from '@teamup/contracts/live-events';

/**
 * The AsyncAPI 3 document of the live events, served at /api/docs/asyncapi.json beside the
 * OpenAPI document (/api/docs/json): the SSE stream, the STOMP destinations a client subscribes
 * to, and those it sends to. Every payload is a zod schema of contracts/live-events.ts turned
 * into JSON Schema (draft 7, AsyncAPI's default schema format), as the OpenAPI document's are.
 * An object's fields are all it has (`additionalProperties: false`), so a client (or a test) can
 * tell an event that differs from its description.
 */
export type AsyncApiDocument = {
  asyncapi: '3.0.0';
  info: Record<string, unknown>;
  servers: Record<string, Record<string, unknown>>;
  channels: Record<string, AsyncApiChannel>;
  operations: Record<string, Record<string, unknown>>;
  components: {
    messages: Record<string, AsyncApiMessage>;
    securitySchemes: Record<string, Record<string, unknown>>;
  };
};
export type AsyncApiChannel = {
  address: string;
  title: string;
  description: string;
  servers: Array<{ $ref: string }>;
  parameters?: Record<string, { description: string }>;
  messages: Record<string, { $ref: string }>;
};
export type AsyncApiMessage = {
  name: string;
  title: string;
  summary: string;
  contentType: 'application/json';
  payload: Record<string, unknown>;
};

/** A zod schema as JSON Schema draft 7, without `$schema` (the document names its format). */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _format, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return rest;
}

/** The key of a message in `components.messages` (meeting chat's `init` and `chat` are prefixed). */
const keyOf = (entry: LiveMessage, prefix = '') => `${prefix}${entry.name}`;

const parameterDescriptions: Record<string, string> = {
  workspaceId: 'The workspace’s id',
  roomId: 'The chat room’s (or meeting’s) id',
  messageId: 'The message’s id',
};
function parametersOf(address: string) {
  const names = [...address.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  if (names.length === 0) return {};
  return {
    parameters: Object.fromEntries(
      names.map((name) => [name, { description: parameterDescriptions[name] ?? name }]),
    ),
  };
}

/** A channel key from a STOMP destination: `/pub/chat/{roomId}` → `pubChatRoomId`. */
function channelKeyOf(address: string): string {
  const words = address.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words
    .map((word, index) => (index === 0 ? word : word[0]?.toUpperCase() + word.slice(1)))
    .join('');
}

export function buildAsyncApiDocument(): AsyncApiDocument {
  const messages: Record<string, AsyncApiMessage> = {};
  const add = (entry: LiveMessage, key = keyOf(entry)) => {
    messages[key] = {
      name: entry.name,
      title: entry.name,
      summary: entry.summary,
      contentType: 'application/json',
      payload: jsonSchemaOf(entry.schema),
    };
    return key;
  };
  const refs = (keys: string[]) =>
    Object.fromEntries(keys.map((key) => [key, { $ref: `#/components/messages/${key}` }]));

  const liveKeys = liveEventMessages.map((entry) => add(entry));
  const resyncKey = add(resyncMessage);
  const videoKeys = videoChannelMessages.map((entry) => add(entry));
  const meetingChatKeys = meetingChatMessages.map((entry) =>
    entry.name === 'SHOULD_OUT_CHANNEL' ? keyOf(entry) : add(entry, keyOf(entry, 'MEETING_CHAT_')),
  );
  const signalKeys = signalMessages.map((entry) => add(entry));
  const roomKeys = chatRoomTopicEvents.map((type) => type as string);

  const stomp = [{ $ref: '#/servers/stomp' }];
  const channels: Record<string, AsyncApiChannel> = {
    events: {
      address: '/api/sse/subscribe',
      title: 'The event stream (SSE)',
      description:
        'GET with a single-use `ticket` (POST /api/sse/register) or `Authorization: Bearer`. Each ' +
        'event is one `data:` line of JSON; the last logged event of each write carries an `id:` ' +
        'line, the resume point (opaque: the horizon and the ids heard above it, decision 0049; ' +
        'unlogged events, CHAT_TYPING and PRESENCE_CHANGED, move none); `: ping` every 15 s; ' +
        '`retry: 3000`. Reconnecting with ' +
        'Last-Event-ID (header, or `lastEventId` in the query) replays what was missed, or sends ' +
        'RESYNC when that is older than the 5-minute log. The stream carries the events of its ' +
        'user, of each of their workspaces and of each of their chat rooms (decision 0007).',
      servers: [{ $ref: '#/servers/sse' }],
      messages: refs([...liveKeys, resyncKey]),
    },
    chatRoom: {
      address: '/topic/chat-rooms/{roomId}',
      title: 'A chat room’s events (STOMP)',
      description: 'SUBSCRIBE as a member of the room: the events of its topic, as on SSE.',
      servers: stomp,
      ...parametersOf('/topic/chat-rooms/{roomId}'),
      messages: refs(roomKeys),
    },
    meetingVideo: {
      address: '/sub/video/{roomId}',
      title: 'A meeting’s participants (STOMP)',
      description:
        'SUBSCRIBE as a participant: the subscription is the presence; it ends after a ' +
        'SHOULD_OUT_CHANNEL that sends the listener out.',
      servers: stomp,
      ...parametersOf('/sub/video/{roomId}'),
      messages: refs(videoKeys),
    },
    meetingChat: {
      address: '/sub/chat/{roomId}',
      title: 'A meeting’s chat (STOMP)',
      description: 'SUBSCRIBE as a participant: the chat so far on entry (`init`), then each line.',
      servers: stomp,
      ...parametersOf('/sub/chat/{roomId}'),
      messages: refs(meetingChatKeys),
    },
    signalQueue: {
      address: '/user/queue/signal',
      title: 'WebRTC signals to the listener (STOMP)',
      description: 'SUBSCRIBE: the signals other participants address to the listener.',
      servers: stomp,
      messages: refs(signalKeys),
    },
  };
  const operations: Record<string, Record<string, unknown>> = {};
  const sendsOn = (channel: string, keys: string[], summary: string) => {
    operations[`send${channel[0]?.toUpperCase()}${channel.slice(1)}`] = {
      action: 'send',
      title: summary,
      summary,
      channel: { $ref: `#/channels/${channel}` },
      messages: keys.map((key) => ({ $ref: `#/channels/${channel}/messages/${key}` })),
    };
  };
  sendsOn('events', [...liveKeys, resyncKey], 'The server streams the events');
  sendsOn('chatRoom', roomKeys, 'The server sends a room’s events to its members');
  sendsOn('meetingVideo', videoKeys, 'The server sends who is in the meeting');
  sendsOn('meetingChat', meetingChatKeys, 'The server sends the meeting’s chat');
  sendsOn('signalQueue', signalKeys, 'The server passes on WebRTC signals');

  for (const send of stompSends) {
    const key = channelKeyOf(send.address);
    const messageKey = `${key}Body`;
    messages[messageKey] = {
      name: messageKey,
      title: send.address,
      summary: send.summary,
      contentType: 'application/json',
      payload: jsonSchemaOf(send.schema),
    };
    channels[key] = {
      address: send.address,
      title: `SEND ${send.address}`,
      description: `${send.summary}. A refusal is an ERROR frame with its reason.`,
      servers: stomp,
      ...parametersOf(send.address),
      messages: refs([messageKey]),
    };
    operations[`receive${key[0]?.toUpperCase()}${key.slice(1)}`] = {
      action: 'receive',
      title: send.summary,
      summary: send.summary,
      channel: { $ref: `#/channels/${key}` },
      messages: [{ $ref: `#/channels/${key}/messages/${messageKey}` }],
    };
  }

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'TeamUp live events',
      version: '1.0.0',
      description:
        'What the server sends live, and what a client may send over STOMP. The HTTP calls are ' +
        'in the OpenAPI document (/api/docs/json). Clients treat most events as signals to ' +
        'refetch what they name; an event that carries an object carries it as the REST answer ' +
        'presents it. Made from the zod contracts (packages/contracts/src/live-events.ts).',
    },
    servers: {
      sse: {
        host: '{origin}',
        protocol: 'https',
        pathname: '/api/sse/subscribe',
        description:
          'Server-sent events (`text/event-stream`) on the app’s own origin (PUBLIC_ORIGIN).',
        variables: { origin: { default: 'localhost:8081', description: 'PUBLIC_ORIGIN’s host' } },
        security: [
          { $ref: '#/components/securitySchemes/ticket' },
          { $ref: '#/components/securitySchemes/bearer' },
        ],
      },
      stomp: {
        host: '{origin}',
        protocol: 'wss',
        pathname: '/ws',
        description:
          'STOMP 1.2 over WebSocket, on the app’s own origin (PUBLIC_ORIGIN). CONNECT with `Authorization: Bearer <access ' +
          'token>` (or `?token=` on the upgrade); SEND `/app/auth` with a fresh token of the same ' +
          'session before the first one expires. Refusals are ERROR frames.',
        variables: { origin: { default: 'localhost:8081', description: 'PUBLIC_ORIGIN’s host' } },
        security: [{ $ref: '#/components/securitySchemes/bearer' }],
      },
    },
    channels,
    operations,
    components: {
      messages,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        ticket: {
          type: 'httpApiKey',
          name: 'ticket',
          in: 'query',
          description: 'Single use, from POST /api/sse/register',
        },
      },
    },
  };
}
