import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom } from '@teamup/contracts/chat';
import type { Team } from '@teamup/contracts/teams';
import type { VideoChannel } from '@teamup/contracts/video';
import type { Workspace } from '@teamup/contracts/workspaces';
import type { AsyncApiDocument } from '../src/platform/http/asyncapi';
import { MemoryBus } from '../src/platform/bus/memory-bus';
import * as meetings from '../src/modules/video/meeting.service';
import { call, createUser, dataOf, multipartBody, type TestUser } from './factories';
import { createTestApp, type TestApp } from './test-app';

/** Every event the app hands to its bus transport, as subscribers (SSE, STOMP) receive it. */
class RecordingBus extends MemoryBus {
  readonly published: Array<{ topic: string; event: Record<string, unknown> }> = [];
  override async publish(topic: string, event: unknown): Promise<void> {
    this.published.push({ topic, event: event as Record<string, unknown> });
    await super.publish(topic, event);
  }
}

/** Which document channel a client hears a bus topic on (internal topics reach no client). */
function channelsOfTopic(topic: string): string[] {
  if (topic.startsWith('internal:')) return [];
  const kind = topic.slice(0, topic.lastIndexOf('.'));
  switch (kind) {
    case 'workspace':
    case 'user':
      return ['events'];
    case 'chat':
      return ['events', 'chatRoom'];
    case 'video':
      return ['meetingVideo'];
    case 'meeting-chat':
      return ['meetingChat'];
    case 'video-signal':
      return ['signalQueue'];
    default:
      return [`(no channel for topic ${topic})`];
  }
}

const root = path.resolve(import.meta.dirname, '../../..');

let app: TestApp;
let bus: RecordingBus;
let document: AsyncApiDocument;
const ajv = new Ajv({ strict: false, allErrors: true });
const validators = new Map<string, ValidateFunction>();

/** The document's message of `channel` named `type` (undefined when it has none). */
function messageOf(channel: string, type: unknown) {
  const refs = document.channels[channel]?.messages ?? {};
  for (const { $ref } of Object.values(refs)) {
    const key = $ref.split('/').pop() ?? '';
    const message = document.components.messages[key];
    if (message && message.name === type) return { key, message };
  }
  return undefined;
}

/** What is wrong with `event` heard on `channel`, or null when the document describes it. */
function judge(channel: string, event: Record<string, unknown>): string | null {
  const found = messageOf(channel, event['type']);
  if (!found) return `${channel}: no message ${String(event['type'])}`;
  let validate = validators.get(found.key);
  if (!validate) {
    validate = ajv.compile(found.message.payload);
    validators.set(found.key, validate);
  }
  if (validate(event)) return null;
  const errors = (validate.errors ?? [])
    .map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`)
    .join('; ');
  return `${channel} ${String(event['type'])}: ${errors} in ${JSON.stringify(event)}`;
}

beforeAll(async () => {
  bus = new RecordingBus();
  app = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }, { bus });
  const response = await app.inject({ url: '/api/docs/asyncapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json<AsyncApiDocument>();
});
afterAll(async () => {
  await app?.close();
});

describe('the AsyncAPI document', () => {
  it('is served beside the OpenAPI document, as AsyncAPI 3', () => {
    expect(document.asyncapi).toBe('3.0.0');
    expect(Object.keys(document.channels)).toEqual(
      expect.arrayContaining(['events', 'chatRoom', 'meetingVideo', 'meetingChat', 'signalQueue']),
    );
  });

  it('has a message for every event type the contracts declare', () => {
    // Read from the source, not from the lists the document is made of: a type added to a union
    // of events.ts or video.ts without a message fails here.
    const declared = new Set<string>();
    for (const file of ['events.ts', 'video.ts']) {
      const text = fs.readFileSync(path.join(root, 'packages/contracts/src', file), 'utf8');
      for (const match of text.matchAll(/\btype: ('\w+'(?: \| '\w+')*)(?=[\s;,}])/g)) {
        for (const literal of (match[1] ?? '').matchAll(/'(\w+)'/g)) declared.add(literal[1] ?? '');
      }
    }
    expect(declared.size).toBeGreaterThan(20);
    const documented = new Set(Object.values(document.components.messages).map((m) => m.name));
    expect([...declared].filter((type) => !documented.has(type))).toEqual([]);
    // Every event of the union reaches SSE clients.
    const events = Object.values(document.channels.events?.messages ?? {}).length;
    expect(events).toBe(
      [...declared].filter((t) => !/^(?:init|chat|SIGNAL|SHOULD_OUT|GET_PART)/.test(t)).length,
    );
  });

  it('describes every event the server sends across a run of representative actions', async () => {
    const owner = await createUser(app, '소유자');
    const bob = await createUser(app, '밥');
    const carol = await createUser(app, '캐럴');
    const workspace = dataOf<Workspace>(
      await call(app, owner, 'POST', '/api/workspaces', { name: '이벤트 문서' }),
    );
    for (const person of [bob, carol]) {
      await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
    }
    const ws = workspace.id;

    // A team, its kanban, and its membership.
    const team = dataOf<Team>(
      await call(app, owner, 'POST', '/api/teams', { name: '문서팀', workspaceId: ws }),
    );
    await call(app, bob, 'POST', `/api/teams/${team.id}/join`, {});
    const board = dataOf<{ id: number }>(
      await call(app, owner, 'GET', `/api/kanban/team/${team.id}`),
    );
    await call(app, owner, 'POST', '/api/kanban/lists', {
      kanbanListName: '할 일',
      kanbanId: board.id,
    });

    // Chat: a room, messages with a file and a reply, an edit, a reaction, the notice, reads,
    // typing, the notification level, a delete, someone leaving.
    const rooms = `/api/workspaces/${ws}/chat-rooms`;
    const room = dataOf<ChatRoom>(
      await call(app, owner, 'POST', `${rooms}/create`, {
        name: '문서 방',
        chatMemberIdList: [bob.userId, carol.userId],
      }),
    );
    const r = `${rooms}/${room.id}`;
    const first = dataOf<ChatMessage>(
      await call(app, owner, 'POST', `${r}/messages`, { content: '안녕하세요 @밥' }),
    );
    const reply = dataOf<ChatMessage>(
      await call(app, bob, 'POST', `${r}/messages`, { content: '네', replyTo: first.id }),
    );
    const form = multipartBody([
      { name: 'content', value: '사진' },
      { name: 'file', filename: 'a.txt', type: 'text/plain', content: Buffer.from('hi') },
    ]);
    const withFile = await app.inject({
      method: 'POST',
      url: `${r}/messages/attachment`,
      headers: { authorization: `Bearer ${owner.token}`, ...form.headers },
      payload: form.payload,
    });
    expect(withFile.statusCode, withFile.body).toBe(201);
    await call(app, owner, 'PATCH', `${r}/messages/${first.id}`, { content: '안녕하세요!' });
    await call(app, bob, 'PUT', `${r}/messages/${first.id}/reactions`, {
      emoji: '👍',
      reacted: true,
    });
    await call(app, owner, 'PUT', `${r}/notice`, { messageId: first.id });
    await call(app, carol, 'PATCH', `${r}/last-read-refresh`, { messageId: reply.id });
    await call(app, carol, 'POST', `${r}/typing`);
    await call(app, carol, 'PUT', `${r}/notify-level`, { level: 'MUTE' });
    await call(app, bob, 'PATCH', `${r}/messages/${reply.id}/delete`);
    await call(app, carol, 'PATCH', `${r}/leave`);
    await call(app, bob, 'PATCH', '/api/notifications/read-all');

    // Presence, announced once settled.
    await call(app, bob, 'PUT', '/api/presence/me', { status: 'AWAY' });

    // A meeting: joining, its chat, a signal, the room deleted with people inside.
    const channel = dataOf<VideoChannel>(
      await call(app, owner, 'POST', `/api/workspaces/${ws}/video-channels`, { name: '회의' }),
    );
    const meeting = `/api/workspaces/${ws}/video-channels/${channel.id}`;
    for (const person of [owner, bob] as TestUser[]) {
      await call(app, person, 'POST', meeting);
    }
    await meetings.sendMeetingChat(app.context, bob.userId, channel.id, '들리나요?');
    await meetings.relaySignal(app.context, bob.userId, channel.id, {
      to: owner.userId,
      kind: 'ready',
    });
    await call(app, owner, 'DELETE', meeting);

    // Removing people and deleting what they were in.
    await call(app, owner, 'DELETE', `/api/workspaces/${ws}/members/${carol.userId}`);
    await call(app, owner, 'DELETE', `/api/teams/${team.id}`, { confirmName: '문서팀' });
    await call(app, owner, 'DELETE', `/api/workspaces/${ws}`, { confirmName: '이벤트 문서' });
    await app.context.bus.settled();

    const problems: string[] = [];
    const seen = new Set<string>();
    for (const { topic, event } of bus.published) {
      // The log's id travels beside the event (SSE's `id:`, STOMP's message-id), not in it.
      const { eventId: _logId, ...payload } = event;
      for (const channel of channelsOfTopic(topic)) {
        seen.add(String(payload['type']));
        const problem = judge(channel, payload);
        if (problem) problems.push(`${topic}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
    // The run did reach what it meant to: each of these went out and was checked.
    expect([...seen].sort()).toEqual(
      expect.arrayContaining([
        'NEW_CHAT_MESSAGE',
        'CHAT_MESSAGE_EDITED',
        'CHAT_REACTIONS_CHANGED',
        'CHAT_NOTICE_CHANGED',
        'CHAT_READ',
        'CHAT_READ_POINTER_MOVED',
        'CHAT_TYPING',
        'CHAT_NOTIFY_LEVEL_CHANGED',
        'CHAT_MESSAGE_DELETED',
        'CHAT_MEMBER_LEFT',
        'NOTIFICATION_CREATED',
        'NOTIFICATION_READ',
        'TEAM_CONTENT_CHANGED',
        'TEAM_MEMBERSHIP_CHANGED',
        'TEAM_DELETED',
        'WORKSPACE_MEMBER_REMOVED',
        'WORKSPACE_MEMBER_JOINED',
        'WORKSPACE_DELETED',
        'GET_PARTICIPANTS_CONFIRMED',
        'SHOULD_OUT_CHANNEL',
        'chat',
        'SIGNAL',
      ]),
    );
  });

  it('tells an event that differs from its description', () => {
    const edited = {
      type: 'CHAT_MESSAGE_EDITED',
      chatRoomId: 1,
      messageId: 2,
    };
    expect(judge('events', edited)).toMatch(/message/);
    expect(
      judge('events', { type: 'PRESENCE_CHANGED', workspaceId: 1, userId: 2, status: 'ONLINE' }),
    ).toMatch(/changes/);
    expect(judge('events', { type: 'NO_SUCH_EVENT' })).toMatch(/no message/);
    expect(judge('events', { type: 'WORKSPACE_DELETED', workspaceId: 1 })).toBeNull();
    expect(judge('events', { type: 'WORKSPACE_DELETED', workspaceId: 1, extra: true })).toMatch(
      /additional/,
    );
  });
});
