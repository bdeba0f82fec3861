import { expect } from 'vitest';
import type { AuthSession } from '@teamup/contracts/auth';
import type { ChatRoom, SseTicket } from '@teamup/contracts/chat';
import { Topics } from '@teamup/contracts/events';
import {
  MeetingDestinations as D,
  type VideoChannel,
  type VideoChannelEvent,
} from '@teamup/contracts/video';
import type { Workspace } from '@teamup/contracts/workspaces';
import { setRole } from '../src/modules/admin/admin.repo';
import { call, createUser, dataOf, login, type TestUser } from './factories';
import { openSse, type SseStream } from './sse-client';
import { connectStomp, messagesTo, subscribe, type StompTestClient } from './stomp-client';
import type { TestApp } from './test-app';

/*
 * Issue 16 section 3, shared by the single-instance and the two-instance tests: live access ends
 * when the right to it ends. `actor` is where the revoking call is made, `subscriber` where the
 * person listens (the same app, or two instances on one database and one Redis).
 */

export type Ends = {
  actor: TestApp;
  subscriber: TestApp;
  /** http://host:port of the subscriber's instance (listening). */
  subscriberUrl: string;
};

/** What gets everyone's attention: an event on a bus topic, as a late room event would be. */
type Probe = { type: 'PROBE'; n: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An owner (at the actor) and a member (listening at the subscriber) sharing a workspace and a room. */
export async function liveFixture(ends: Ends, label: string) {
  const owner: TestUser = await createUser(ends.actor, `주인 ${label}`);
  const member: TestUser = await createUser(ends.subscriber, `청취자 ${label}`);
  const workspace = dataOf<Workspace>(
    await call(ends.actor, owner, 'POST', '/api/workspaces', { name: `실시간 ${label}` }),
  );
  const joined = await call(ends.subscriber, member, 'POST', '/api/workspaces/join', {
    inviteCode: workspace.inviteCode,
  });
  expect(joined.statusCode, joined.body).toBeLessThan(300);
  const room = dataOf<ChatRoom>(
    await call(ends.actor, owner, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/create`, {
      name: `방 ${label}`,
      chatMemberIdList: [member.userId],
    }),
  );
  return { owner, member, workspace, room };
}
export type LiveFixture = Awaited<ReturnType<typeof liveFixture>>;

export async function openSseAt(ends: Ends, user: { token: string }): Promise<SseStream> {
  const ticket = dataOf<SseTicket>(await call(ends.subscriber, user, 'POST', '/api/sse/register'));
  const stream = await openSse(`${ends.subscriberUrl}/api/sse/subscribe?ticket=${ticket.ticket}`);
  expect(stream.status).toBe(200);
  return stream;
}

export async function openStompAt(ends: Ends, user: { token: string }) {
  return connectStomp(`${ends.subscriberUrl.replace('http', 'ws')}/ws`, user);
}

let probes = 0;

const sseProbes = (stream: SseStream) =>
  stream.events.filter((e) => e.data['type'] === 'PROBE').map((e) => e.data['n']);
const stompProbes = (socket: StompTestClient, destination: string) =>
  messagesTo<Probe>(socket, destination)
    .filter((m) => m.type === 'PROBE')
    .map((m) => m.n);

/**
 * Publishes a probe on `topic` at the actor. `heardAt` names the subscriber instance: the call
 * returns once the probe has arrived there (a bus subscription of the test's own), plus a moment
 * for any delivery to the person to be written.
 */
async function probe(ends: Ends, topic: string): Promise<number> {
  probes += 1;
  const n = probes;
  let heard = false;
  const stop = await ends.subscriber.context.bus.subscribe(topic, (event) => {
    if ((event as Partial<Probe>).n === n) heard = true;
  });
  try {
    await ends.actor.context.bus.publish(topic, { type: 'PROBE', n } satisfies Probe);
    const started = Date.now();
    while (!heard) {
      if (Date.now() - started > 3000) throw new Error(`probe ${n} never reached the subscriber`);
      await sleep(10);
    }
  } finally {
    await stop();
  }
  return n;
}

/** Both links hear the room now (so a later silence means something). */
export async function expectRoomHeard(
  ends: Ends,
  fixture: LiveFixture,
  links: { sse: SseStream; stomp: StompTestClient },
) {
  const n = await probe(ends, Topics.chatRoom(fixture.room.id));
  await links.sse.waitFor(() => sseProbes(links.sse).includes(n));
  await links.stomp.waitFor(() =>
    stompProbes(links.stomp, `/topic/chat-rooms/${fixture.room.id}`).includes(n),
  );
}

/**
 * Right after the revoking call (no pause), an event of the room reaches the subscriber's
 * instance but neither of the person's links.
 */
export async function expectRoomSilent(
  ends: Ends,
  fixture: LiveFixture,
  links: { sse: SseStream; stomp: StompTestClient },
) {
  const n = await probe(ends, Topics.chatRoom(fixture.room.id));
  await sleep(250);
  expect(sseProbes(links.sse)).not.toContain(n);
  expect(stompProbes(links.stomp, `/topic/chat-rooms/${fixture.room.id}`)).not.toContain(n);
}

/** Kick, ban, leave: membership shrinks; the links stay open but stop hearing the room. */
export const membershipCases: Array<{
  name: string;
  act: (ends: Ends, fixture: LiveFixture) => ReturnType<typeof call>;
}> = [
  {
    name: 'kicked from the workspace',
    act: (ends, { owner, member, workspace }) =>
      call(ends.actor, owner, 'DELETE', `/api/workspaces/${workspace.id}/members/${member.userId}`),
  },
  {
    name: 'banned from the workspace',
    act: (ends, { owner, member, workspace }) =>
      call(
        ends.actor,
        owner,
        'POST',
        `/api/workspaces/${workspace.id}/members/${member.userId}/ban`,
        {},
      ),
  },
  {
    name: 'left the chat room',
    act: (ends, { member, workspace, room }) =>
      call(
        ends.actor,
        member,
        'PATCH',
        `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/leave`,
      ),
  },
  {
    name: 'left the workspace',
    act: (ends, { member, workspace }) =>
      call(ends.actor, member, 'POST', `/api/workspaces/${workspace.id}/leave`, {}),
  },
  {
    name: 'room removed (its workspace deleted)',
    act: (ends, { owner, workspace }) =>
      call(ends.actor, owner, 'DELETE', `/api/workspaces/${workspace.id}`, {
        confirmName: workspace.name,
      }),
  },
];

export async function runMembershipCase(ends: Ends, index: number) {
  const testCase = membershipCases[index];
  if (!testCase) throw new Error('no such case');
  const fixture = await liveFixture(ends, `${index}`);
  const sse = await openSseAt(ends, fixture.member);
  const stomp = await openStompAt(ends, fixture.member);
  try {
    await subscribe(stomp, `/topic/chat-rooms/${fixture.room.id}`);
    await expectRoomHeard(ends, fixture, { sse, stomp });
    const done = await testCase.act(ends, fixture);
    expect(done.statusCode, done.body).toBeLessThan(300);
    await expectRoomSilent(ends, fixture, { sse, stomp });
    // Only the lost subscription ended: the links themselves stay up.
    expect(sse.isEnded()).toBe(false);
    expect(stomp.frames.some((f) => f.command === 'ERROR')).toBe(false);
  } finally {
    sse.close();
    stomp.socket.close();
  }
}

/** Another login of the same person (another device). */
async function secondDevice(ends: Ends, member: TestUser) {
  return login(ends.actor, member.email);
}

async function sessionIdOf(ends: Ends, user: { token: string }, current: boolean) {
  const sessions = dataOf<AuthSession[]>(await call(ends.actor, user, 'GET', '/api/auth/sessions'));
  const found = sessions.find((session) => session.current === current);
  if (!found) throw new Error('session not found');
  return found.id;
}

/**
 * Logout, revoke, password change, deactivation: the session ends and with it its streams and
 * sockets (with `everySession`, the person's other device's too).
 */
export const sessionCases: Array<{
  name: string;
  everySession?: boolean;
  act: (ends: Ends, member: TestUser, other: { token: string }) => ReturnType<typeof call>;
}> = [
  {
    name: 'logout',
    act: (ends, member) => call(ends.actor, member, 'POST', '/api/auth/logout', {}),
  },
  {
    name: 'session revoked from another device',
    act: async (ends, _member, other) =>
      call(
        ends.actor,
        other,
        'DELETE',
        `/api/auth/sessions/${await sessionIdOf(ends, other, false)}`,
      ),
  },
  {
    name: 'password changed on another device',
    act: (ends, _member, other) =>
      call(ends.actor, other, 'PUT', '/api/users/password', {
        currentPassword: 'Password1',
        newPassword: 'Password2-changed',
      }),
  },
  {
    name: 'deactivated by an instance admin',
    everySession: true,
    act: async (ends, member) => {
      const admin = await createUser(ends.actor, '인스턴스 관리자');
      await setRole(ends.actor.context.database.db, admin.userId, 'ADMIN');
      return call(ends.actor, admin, 'POST', `/api/admin/users/${member.userId}/deactivate`);
    },
  },
];

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} not within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function runSessionCase(ends: Ends, index: number) {
  const testCase = sessionCases[index];
  if (!testCase) throw new Error('no such case');
  const fixture = await liveFixture(ends, `세션 ${index}`);
  const other = await secondDevice(ends, fixture.member);
  const sse = await openSseAt(ends, fixture.member);
  const stomp = await openStompAt(ends, fixture.member);
  // The other device's own links are not touched by the first session's end.
  const otherSse = await openSseAt(ends, other);
  try {
    await subscribe(stomp, `/topic/chat-rooms/${fixture.room.id}`);
    await expectRoomHeard(ends, fixture, { sse, stomp });
    const done = await testCase.act(ends, fixture.member, other);
    expect(done.statusCode, done.body).toBeLessThan(300);
    await within(sse.ended, 1000, 'the SSE stream ending');
    await within(stomp.closed, 1000, 'the STOMP socket closing');
    expect(stomp.frames.find((f) => f.command === 'ERROR')?.headers['message']).toBe(
      'session ended',
    );
    if (testCase.everySession) await within(otherSse.ended, 1000, "the other device's stream");
    else expect(otherSse.isEnded()).toBe(false);
  } finally {
    sse.close();
    otherSse.close();
    stomp.socket.close();
  }
}

/**
 * A meeting: the member is removed (or the meeting deleted). SHOULD_OUT_CHANNEL reaches the person
 * sent out and nobody else, and the person's meeting subscriptions end.
 */
export async function runMeetingCase(ends: Ends, how: 'remove member' | 'delete meeting') {
  const fixture = await liveFixture(ends, `회의 ${how}`);
  const { owner, member, workspace } = fixture;
  const witness: TestUser = await createUser(ends.subscriber, '다른 참석자');
  await call(ends.subscriber, witness, 'POST', '/api/workspaces/join', {
    inviteCode: workspace.inviteCode,
  });
  const base = `/api/workspaces/${workspace.id}/video-channels`;
  const channel = dataOf<VideoChannel>(
    await call(ends.actor, owner, 'POST', base, { name: `회의 ${how}` }),
  );
  for (const person of [member, witness]) {
    const joined = await call(ends.subscriber, person, 'POST', `${base}/${channel.id}`);
    expect(joined.statusCode, joined.body).toBeLessThan(300);
  }
  const memberSocket = await openStompAt(ends, member);
  const witnessSocket = await openStompAt(ends, witness);
  try {
    for (const socket of [memberSocket, witnessSocket]) {
      await subscribe(socket, D.video(channel.id));
      await subscribe(socket, D.chat(channel.id));
    }
    const done =
      how === 'remove member'
        ? await call(
            ends.actor,
            owner,
            'DELETE',
            `${base}/${channel.id}/video-members/${member.userId}`,
          )
        : await call(ends.actor, owner, 'DELETE', `${base}/${channel.id}`);
    expect(done.statusCode, done.body).toBeLessThan(300);
    const outs = (socket: StompTestClient) =>
      messagesTo<VideoChannelEvent>(socket, D.video(channel.id)).filter(
        (e) => e.type === 'SHOULD_OUT_CHANNEL',
      );
    await memberSocket.waitFor(() => outs(memberSocket).length > 0);
    expect(outs(memberSocket)).toEqual([
      {
        type: 'SHOULD_OUT_CHANNEL',
        userId: how === 'remove member' ? member.userId : null,
        reason: how === 'remove member' ? 'REMOVED' : 'CHANNEL_DELETED',
      },
    ]);
    // Later events of the meeting no longer reach the person sent out.
    const n = await probe(ends, Topics.videoChannel(channel.id));
    await sleep(250);
    expect(stompProbes(memberSocket, D.video(channel.id))).not.toContain(n);
    if (how === 'remove member') {
      // The others stay, hear the meeting, and were never told to leave.
      expect(stompProbes(witnessSocket, D.video(channel.id))).toContain(n);
      const chatOuts = messagesTo<VideoChannelEvent>(witnessSocket, D.chat(channel.id)).filter(
        (e) => e.type === 'SHOULD_OUT_CHANNEL',
      );
      expect([...outs(witnessSocket), ...chatOuts]).toEqual([]);
    } else {
      expect(outs(witnessSocket)).toHaveLength(1);
      expect(stompProbes(witnessSocket, D.video(channel.id))).not.toContain(n);
    }
  } finally {
    memberSocket.socket.close();
    witnessSocket.socket.close();
  }
}
