import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtVerify } from 'jose';
import { ErrorCode } from '@teamup/contracts/error-codes';
import {
  MeetingDestinations as D,
  VideoMessages,
  type Conference,
  type MeetingChatEvent,
  type SignalEvent,
  type VideoChannel,
  type VideoChannelEvent,
  type VideoParticipant,
} from '@teamup/contracts/video';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import {
  connectStomp,
  messagesTo,
  sendJson,
  subscribe,
  type StompTestClient,
} from '../../../test/stomp-client';
import { startFakeLivekit, type FakeLivekit } from '../../../test/fake-livekit';
import { createTestApp, listenLocally, type TestApp } from '../../../test/test-app';
import { sweepAbsent } from './meeting.service';
import { MeetingPresence } from './video.stomp';

const LIVEKIT = { url: 'wss://media.example.test', key: 'APIdevkey', secret: 'a'.repeat(40) };
const ICE = [{ urls: 'stun:stun.example.test:3478' }];

let app: TestApp;
let wsUrl: string;
let owner: TestUser;
let bob: TestUser;
let carol: TestUser;
let outsider: TestUser;
let workspace: Workspace;
const sockets: StompTestClient[] = [];

const base = () => `/api/workspaces/${workspace.id}/video-channels`;

async function createChannel(name: string, by: TestUser = owner) {
  return dataOf<VideoChannel>(await call(app, by, 'POST', base(), { name }));
}
async function join(channelId: number, user: TestUser) {
  return dataOf<VideoParticipant>(await call(app, user, 'POST', `${base()}/${channelId}`));
}
async function participants(channelId: number, user: TestUser = owner) {
  return dataOf<VideoParticipant[]>(
    await call(app, user, 'GET', `${base()}/${channelId}/video-members`),
  );
}
async function stomp(user: TestUser) {
  const client = await connectStomp(wsUrl, user);
  sockets.push(client);
  return client;
}
const errorOf = (client: StompTestClient) => client.frames.find((f) => f.command === 'ERROR');

beforeAll(async () => {
  app = await createTestApp({ ICE_SERVERS: JSON.stringify(ICE) });
  wsUrl = `${(await listenLocally(app)).replace('http', 'ws')}/ws`;
  owner = await createUser(app, '방장');
  bob = await createUser(app, '밥');
  carol = await createUser(app, '캐럴');
  outsider = await createUser(app, '외부인');
  workspace = dataOf<Workspace>(
    await call(app, owner, 'POST', '/api/workspaces', { name: '화상 수업' }),
  );
  for (const person of [bob, carol]) {
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
});
afterAll(async () => {
  for (const client of sockets) client.socket.close();
  await app.close();
});

describe('video channels', () => {
  it('needs a login and workspace membership', async () => {
    expectProblem(await call(app, null, 'GET', base()), 401, ErrorCode.AUTH_REQUIRED);
    expectProblem(await call(app, outsider, 'GET', base()), 403, ErrorCode.WORKSPACE_FORBIDDEN);
    expectProblem(
      await call(app, outsider, 'POST', base(), { name: '몰래' }),
      403,
      ErrorCode.WORKSPACE_FORBIDDEN,
    );
  });

  it('creates, lists and reads rooms; names are required and unique per workspace', async () => {
    const created = await createChannel('주간 회의');
    expect(created).toMatchObject({
      name: '주간 회의',
      workspaceId: workspace.id,
      createdBy: owner.userId,
      participantCount: 0,
      broadcasterId: null,
    });

    const duplicate = await call(app, bob, 'POST', base(), { name: '  주간 회의 ' });
    expectProblem(duplicate, 409, ErrorCode.VIDEO_CHANNEL_DUPLICATE);
    expect(duplicate.json<{ detail: string }>().detail).toBe(VideoMessages.duplicateName);

    const empty = await call(app, bob, 'POST', base(), { name: '   ' });
    expectProblem(empty, 400, ErrorCode.VALIDATION_FAILED);
    expect(JSON.stringify(empty.json())).toContain(VideoMessages.nameRequired);
    expectProblem(
      await call(app, bob, 'POST', base(), { name: '가'.repeat(51) }),
      400,
      ErrorCode.VALIDATION_FAILED,
    );

    // The same name is fine in another workspace.
    const other = dataOf<Workspace>(
      await call(app, bob, 'POST', '/api/workspaces', { name: '다른 곳' }),
    );
    const elsewhere = await call(app, bob, 'POST', `/api/workspaces/${other.id}/video-channels`, {
      name: '주간 회의',
    });
    expect(elsewhere.statusCode).toBe(201);

    const list = dataOf<VideoChannel[]>(await call(app, carol, 'GET', base()));
    expect(list.map((c) => c.name)).toContain('주간 회의');
    expect(list.every((c) => c.workspaceId === workspace.id)).toBe(true);

    expect(
      dataOf<VideoChannel>(await call(app, carol, 'GET', `${base()}/${created.id}`)).name,
    ).toBe('주간 회의');
    // A room of another workspace is not found through this one.
    const foreignId = dataOf<VideoChannel>(elsewhere).id;
    expectProblem(
      await call(app, carol, 'GET', `${base()}/${foreignId}`),
      404,
      ErrorCode.VIDEO_CHANNEL_NOT_FOUND,
    );
  });

  it('only the workspace owner deletes a room, and everyone inside is sent out', async () => {
    const channel = await createChannel('삭제될 방', bob);
    await join(channel.id, bob);
    const bobSocket = await stomp(bob);
    await subscribe(bobSocket, D.video(channel.id));

    expectProblem(
      await call(app, bob, 'DELETE', `${base()}/${channel.id}`),
      403,
      ErrorCode.VIDEO_OWNER_ONLY,
    );
    expect((await call(app, owner, 'DELETE', `${base()}/${channel.id}`)).statusCode).toBe(204);
    await bobSocket.waitFor(() =>
      messagesTo<VideoChannelEvent>(bobSocket, D.video(channel.id)).some(
        (e) => e.type === 'SHOULD_OUT_CHANNEL' && e.userId === null,
      ),
    );
    expectProblem(
      await call(app, owner, 'GET', `${base()}/${channel.id}`),
      404,
      ErrorCode.VIDEO_CHANNEL_NOT_FOUND,
    );
  });
});

describe('participants', () => {
  it('joins once, lists, leaves by participant id; only powers remove others', async () => {
    const channel = await createChannel('참가자 방', carol);
    const first = await join(channel.id, bob);
    const again = await join(channel.id, bob);
    expect(again.id).toBe(first.id);
    await join(channel.id, owner);
    const list = await participants(channel.id, bob);
    expect(list.map((p) => p.userId)).toEqual([bob.userId, owner.userId]);
    expect(list[0]).toMatchObject({ name: '밥', email: bob.email, profileImageUrl: null });
    expect(
      dataOf<VideoChannel>(await call(app, bob, 'GET', `${base()}/${channel.id}`)).participantCount,
    ).toBe(2);

    const ownerParticipant = list.find((p) => p.userId === owner.userId);
    // Bob is neither the room's creator nor an admin: he cannot remove the owner.
    expectProblem(
      await call(
        app,
        bob,
        'DELETE',
        `${base()}/${channel.id}/participants/${ownerParticipant?.id}`,
      ),
      403,
      ErrorCode.VIDEO_REMOVE_FORBIDDEN,
    );
    expectProblem(
      await call(app, bob, 'DELETE', `${base()}/${channel.id}/video-members/${owner.userId}`),
      403,
      ErrorCode.VIDEO_REMOVE_FORBIDDEN,
    );
    expectProblem(
      await call(app, bob, 'DELETE', `${base()}/${channel.id}/video-members/${carol.userId}`),
      404,
      ErrorCode.VIDEO_PARTICIPANT_NOT_FOUND,
    );
    expect(
      (await call(app, bob, 'DELETE', `${base()}/${channel.id}/participants/${first.id}`))
        .statusCode,
    ).toBe(204);
    expect((await participants(channel.id)).map((p) => p.userId)).toEqual([owner.userId]);
  });

  it('removing someone tells them to leave, ends their listening, and tells the rest who is left', async () => {
    const channel = await createChannel('내보내기 방', carol);
    await join(channel.id, bob);
    await join(channel.id, carol);
    const bobSocket = await stomp(bob);
    const carolSocket = await stomp(carol);
    for (const client of [bobSocket, carolSocket]) {
      await subscribe(client, D.video(channel.id));
      await subscribe(client, D.chat(channel.id));
    }

    // The room's creator may remove a participant.
    expect(
      (await call(app, carol, 'DELETE', `${base()}/${channel.id}/video-members/${bob.userId}`))
        .statusCode,
    ).toBe(204);
    await bobSocket.waitFor(() =>
      messagesTo<VideoChannelEvent>(bobSocket, D.video(channel.id)).some(
        (e) => e.type === 'SHOULD_OUT_CHANNEL' && e.userId === bob.userId,
      ),
    );
    await carolSocket.waitFor(() =>
      messagesTo<VideoChannelEvent>(carolSocket, D.video(channel.id)).some(
        (e) =>
          e.type === 'GET_PARTICIPANTS_CONFIRMED' &&
          e.participants.map((p) => p.userId).join() === String(carol.userId),
      ),
    );

    // Bob's sockets were told once on each stream, then stopped hearing the meeting.
    const heardByBob = () => bobSocket.frames.filter((f) => f.command === 'MESSAGE').length;
    const before = heardByBob();
    await sendJson(carolSocket, D.publishChat(channel.id), {
      type: 'chat',
      message: '비공개 얘기',
    });
    await join(channel.id, owner);
    await carolSocket.waitFor(
      () =>
        messagesTo<MeetingChatEvent>(carolSocket, D.chat(channel.id)).some(
          (e) => e.type === 'chat' && e.message === '비공개 얘기',
        ) &&
        messagesTo<VideoChannelEvent>(carolSocket, D.video(channel.id)).some(
          (e) => e.type === 'GET_PARTICIPANTS_CONFIRMED' && e.participants.length === 2,
        ),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heardByBob()).toBe(before);
    expect(
      messagesTo<MeetingChatEvent>(bobSocket, D.chat(channel.id)).filter((e) => e.type === 'chat'),
    ).toEqual([]);
    expect(messagesTo<MeetingChatEvent>(bobSocket, D.chat(channel.id)).at(-1)).toEqual({
      type: 'SHOULD_OUT_CHANNEL',
      userId: bob.userId,
      reason: 'REMOVED',
    });
    // The socket itself stays usable for everything else.
    expect(errorOf(bobSocket)).toBeUndefined();
  });

  it('a member removed from the workspace leaves its meetings', async () => {
    const channel = await createChannel('강퇴 방');
    await join(channel.id, carol);
    const carolSocket = await stomp(carol);
    await subscribe(carolSocket, D.video(channel.id));
    expect(
      (await call(app, owner, 'DELETE', `/api/workspaces/${workspace.id}/members/${carol.userId}`))
        .statusCode,
    ).toBe(204);
    expect(await participants(channel.id)).toEqual([]);
    await carolSocket.waitFor(() =>
      messagesTo<VideoChannelEvent>(carolSocket, D.video(channel.id)).some(
        (e) => e.type === 'SHOULD_OUT_CHANNEL' && e.userId === carol.userId,
      ),
    );
    await call(app, carol, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  });

  it('removes a participant whose connection is gone for the grace period', async () => {
    const channel = await createChannel('부재 방');
    await join(channel.id, bob);
    await join(channel.id, carol);
    // 31 s later: Bob's connection is still open on this instance, Carol's is not.
    const later = { ...app.context, now: () => new Date(Date.now() + 31_000) };
    const presence = new MeetingPresence(later);
    const release = presence.hold(channel.id, bob.userId);
    await presence.tick();
    expect((await participants(channel.id)).map((p) => p.userId)).toEqual([bob.userId]);
    release();
    await presence.stop();
  });
});

describe('join-conference', () => {
  it('answers the ICE servers for built-in WebRTC, to participants only', async () => {
    const channel = await createChannel('내장 모드');
    const url = `${base()}/${channel.id}/join-conference`;
    expectProblem(await call(app, bob, 'POST', url), 403, ErrorCode.VIDEO_NOT_PARTICIPANT);
    await join(channel.id, bob);
    const conference = dataOf<Conference>(await call(app, bob, 'POST', url));
    expect(conference).toMatchObject({
      mode: 'builtin',
      token: null,
      identity: String(bob.userId),
      iceServers: ICE,
    });
  });

  it('mints a LiveKit token for the room and identity, with the name in its metadata', async () => {
    const livekitApp = await createTestApp({
      LIVEKIT_URL: LIVEKIT.url,
      LIVEKIT_API_KEY: LIVEKIT.key,
      LIVEKIT_API_SECRET: LIVEKIT.secret,
    });
    try {
      const host = await createUser(livekitApp, '호스트');
      const ws = dataOf<Workspace>(
        await call(livekitApp, host, 'POST', '/api/workspaces', { name: '라이브킷' }),
      );
      const path = `/api/workspaces/${ws.id}/video-channels`;
      const channel = dataOf<VideoChannel>(
        await call(livekitApp, host, 'POST', path, { name: '미디어 서버 방' }),
      );
      await call(livekitApp, host, 'POST', `${path}/${channel.id}`);
      const before = Math.floor(Date.now() / 1000);
      const conference = dataOf<Conference>(
        await call(livekitApp, host, 'POST', `${path}/${channel.id}/join-conference`),
      );
      expect(conference).toMatchObject({
        mode: 'livekit',
        url: LIVEKIT.url,
        roomName: `ws${ws.id}-video${channel.id}`,
      });
      const { payload } = await jwtVerify(
        conference.token ?? '',
        new TextEncoder().encode(LIVEKIT.secret),
        { issuer: LIVEKIT.key },
      );
      expect(payload.sub).toBe(String(host.userId));
      expect(payload['video']).toMatchObject({
        room: `ws${ws.id}-video${channel.id}`,
        roomJoin: true,
        canSubscribe: true,
      });
      // Publishing is granted by claiming the broadcast, not by joining.
      expect((payload['video'] as { canPublish?: boolean }).canPublish).toBe(false);
      expect(JSON.parse(String(payload['metadata']))).toMatchObject({ userName: '호스트' });
      const lifetime = (payload.exp ?? 0) - before;
      expect(lifetime).toBeGreaterThan(6 * 3600 - 60);
      expect(lifetime).toBeLessThanOrEqual(6 * 3600 + 5);
      // Someone who has not joined gets no token.
      const guest = await createUser(livekitApp, '손님');
      await call(livekitApp, guest, 'POST', '/api/workspaces/join', { inviteCode: ws.inviteCode });
      expectProblem(
        await call(livekitApp, guest, 'POST', `${path}/${channel.id}/join-conference`),
        403,
        ErrorCode.VIDEO_NOT_PARTICIPANT,
      );
    } finally {
      await livekitApp.close();
    }
  });
});

describe('LiveKit mode keeps the rules on the media server too', () => {
  let fake: FakeLivekit;
  let lkApp: TestApp;
  beforeAll(async () => {
    fake = await startFakeLivekit();
    lkApp = await createTestApp({
      LIVEKIT_URL: fake.url,
      LIVEKIT_API_KEY: fake.apiKey,
      LIVEKIT_API_SECRET: fake.apiSecret,
    });
  });
  afterAll(async () => {
    await lkApp?.close();
    await fake?.close();
  });

  it('grants publishing with the broadcast only, cuts off the removed, ends a deleted room', async () => {
    const host = await createUser(lkApp, '진행자');
    const guest = await createUser(lkApp, '참석자');
    const ws = dataOf<Workspace>(
      await call(lkApp, host, 'POST', '/api/workspaces', { name: '미디어 서버' }),
    );
    await call(lkApp, guest, 'POST', '/api/workspaces/join', { inviteCode: ws.inviteCode });
    const path = `/api/workspaces/${ws.id}/video-channels`;
    const channel = dataOf<VideoChannel>(
      await call(lkApp, host, 'POST', path, { name: '라이브 방' }),
    );
    const room = `ws${ws.id}-video${channel.id}`;
    const canPublishIn = async (user: TestUser) => {
      const conference = dataOf<Conference>(
        await call(lkApp, user, 'POST', `${path}/${channel.id}/join-conference`),
      );
      const { payload } = await jwtVerify(
        conference.token ?? '',
        new TextEncoder().encode(fake.apiSecret),
      );
      return (payload['video'] as { canPublish?: boolean }).canPublish;
    };
    // Both enter and connect their browsers to the SFU with the token they were given.
    for (const user of [host, guest]) {
      await call(lkApp, user, 'POST', `${path}/${channel.id}`);
      fake.connect(room, String(user.userId), {
        canPublish: (await canPublishIn(user)) === true,
        canSubscribe: true,
      });
    }
    expect(fake.permissionOf(room, String(host.userId))?.canPublish).toBe(false);

    const claim = (user: TestUser) => call(lkApp, user, 'POST', `${path}/${channel.id}/broadcast`);
    expect((await claim(host)).statusCode).toBe(200);
    expect(fake.permissionOf(room, String(host.userId))).toEqual({
      canPublish: true,
      canSubscribe: true,
    });
    expect(await canPublishIn(host)).toBe(true); // a reconnect keeps the right
    expectProblem(await claim(guest), 409, ErrorCode.VIDEO_BROADCASTER_BUSY);
    expect(fake.permissionOf(room, String(guest.userId))?.canPublish).toBe(false);

    // Giving the broadcast up withdraws the right on the SFU.
    await call(lkApp, host, 'DELETE', `${path}/${channel.id}/broadcast`);
    expect(fake.permissionOf(room, String(host.userId))?.canPublish).toBe(false);

    // When the SFU cannot grant it, the claim does not stand.
    fake.down = true;
    expectProblem(await claim(guest), 503, ErrorCode.VIDEO_MEDIA_UNAVAILABLE);
    fake.down = false;
    expect(
      dataOf<VideoChannel>(await call(lkApp, host, 'GET', `${path}/${channel.id}`)).broadcasterId,
    ).toBeNull();

    // Removing someone cuts them off the media and revokes the token they hold.
    const removed = await call(
      lkApp,
      host,
      'DELETE',
      `${path}/${channel.id}/video-members/${guest.userId}`,
    );
    expect(removed.statusCode).toBe(204);
    expect(fake.permissionOf(room, String(guest.userId))).toBeUndefined();
    const removal = fake.calls.find((c) => c.method === 'RemoveParticipant');
    expect(removal?.body).toMatchObject({ room, identity: String(guest.userId) });
    expect(Number(removal?.body['revokeTokenTs'])).toBeGreaterThan(0);

    // Whoever the grace-period sweep removes is cut off the media as well.
    await call(lkApp, guest, 'POST', `${path}/${channel.id}`);
    fake.connect(room, String(guest.userId), { canPublish: false, canSubscribe: true });
    const later = { ...lkApp.context, now: () => new Date(Date.now() + 31_000) };
    expect(await sweepAbsent(later)).toBe(2);
    expect(fake.rooms.get(room)?.size).toBe(0);

    // Deleting the channel ends the room on the SFU.
    expect((await call(lkApp, host, 'DELETE', `${path}/${channel.id}`)).statusCode).toBe(204);
    expect(fake.rooms.has(room)).toBe(false);
    // Every call carried a token signed with the secret and the grant it needs.
    expect(fake.refused).toBe(0);
  });
});

describe('one broadcaster at a time', () => {
  it('refuses a second broadcaster on the server; one of two simultaneous claims wins', async () => {
    const channel = await createChannel('방송 방');
    for (const person of [owner, bob, carol]) await join(channel.id, person);
    const claim = (user: TestUser) => call(app, user, 'POST', `${base()}/${channel.id}/broadcast`);
    const release = (user: TestUser) =>
      call(app, user, 'DELETE', `${base()}/${channel.id}/broadcast`);

    const [first, second] = await Promise.all([claim(bob), claim(carol)]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expectProblem(loser, 409, ErrorCode.VIDEO_BROADCASTER_BUSY);
    const winner = first.statusCode === 200 ? bob : carol;
    const other = winner === bob ? carol : bob;

    expect(dataOf(await claim(winner))).toEqual({ broadcasterId: winner.userId });
    expectProblem(await claim(owner), 409, ErrorCode.VIDEO_BROADCASTER_BUSY);
    // Someone else's release changes nothing.
    expect(dataOf(await release(other))).toEqual({ broadcasterId: winner.userId });
    expect(dataOf(await release(winner))).toEqual({ broadcasterId: null });
    expect(dataOf(await claim(owner))).toEqual({ broadcasterId: owner.userId });

    // Leaving gives the broadcast up.
    const ownerParticipant = (await participants(channel.id)).find(
      (p) => p.userId === owner.userId,
    );
    await call(
      app,
      owner,
      'DELETE',
      `${base()}/${channel.id}/participants/${ownerParticipant?.id}`,
    );
    expect(
      dataOf<VideoChannel>(await call(app, bob, 'GET', `${base()}/${channel.id}`)).broadcasterId,
    ).toBeNull();
    // Outside the meeting nobody may broadcast.
    expectProblem(await claim(owner), 403, ErrorCode.VIDEO_NOT_PARTICIPANT);
  });
});

describe('meeting live connection', () => {
  it('routes a signal only to the named peer', async () => {
    const channel = await createChannel('신호 방');
    for (const person of [owner, bob, carol]) await join(channel.id, person);
    const [ownerSocket, bobSocket, carolSocket] = await Promise.all([
      stomp(owner),
      stomp(bob),
      stomp(carol),
    ]);
    for (const client of [ownerSocket, bobSocket, carolSocket]) {
      await subscribe(client, D.signalQueue);
    }
    const offer = { type: 'offer', sdp: 'v=0 fake offer' };
    await sendJson(ownerSocket, D.publishSignal(channel.id), {
      to: bob.userId,
      kind: 'offer',
      data: offer,
    });
    await bobSocket.waitFor(() => messagesTo(bobSocket, D.signalQueue).length > 0);
    expect(messagesTo<SignalEvent>(bobSocket, D.signalQueue)).toEqual([
      { type: 'SIGNAL', roomId: channel.id, from: owner.userId, kind: 'offer', data: offer },
    ]);
    await sendJson(bobSocket, D.publishSignal(channel.id), {
      to: owner.userId,
      kind: 'answer',
      data: { type: 'answer', sdp: 'v=0 fake answer' },
    });
    await ownerSocket.waitFor(() => messagesTo(ownerSocket, D.signalQueue).length > 0);
    expect(messagesTo<SignalEvent>(ownerSocket, D.signalQueue)[0]).toMatchObject({
      from: bob.userId,
      kind: 'answer',
    });
    expect(messagesTo(carolSocket, D.signalQueue)).toEqual([]);

    // Someone outside the meeting can neither listen to it nor signal into it.
    const outsiderSocket = await stomp(outsider);
    await sendJson(outsiderSocket, D.publishSignal(channel.id), { to: bob.userId, kind: 'bye' });
    expect(errorOf(outsiderSocket)?.headers['message']).toBe('send refused');
    const snooper = await stomp(outsider);
    await subscribe(snooper, D.video(channel.id));
    expect(errorOf(snooper)?.headers['message']).toBe('access denied');
  });

  it('keeps the meeting chat: history on entry, lines to everyone, participants only', async () => {
    const channel = await createChannel('채팅 방');
    await join(channel.id, owner);
    await join(channel.id, bob);
    const ownerSocket = await stomp(owner);
    const bobSocket = await stomp(bob);
    await subscribe(ownerSocket, D.chat(channel.id));
    await subscribe(bobSocket, D.chat(channel.id));
    const chatOf = (client: StompTestClient) =>
      messagesTo<MeetingChatEvent>(client, D.chat(channel.id));
    expect(chatOf(ownerSocket)).toEqual([{ type: 'init', logs: [] }]);

    await sendJson(ownerSocket, D.publishChat(channel.id), { type: 'chat', message: '안녕하세요' });
    await sendJson(bobSocket, D.publishChat(channel.id), { type: 'chat', message: '반가워요' });
    for (const client of [ownerSocket, bobSocket]) {
      await client.waitFor(() => chatOf(client).filter((e) => e.type === 'chat').length === 2);
    }
    expect(chatOf(bobSocket).filter((e) => e.type === 'chat')).toMatchObject([
      { senderName: '방장', senderEmail: owner.email, message: '안녕하세요' },
      { senderName: '밥', senderEmail: bob.email, message: '반가워요' },
    ]);

    // `init` from one client is answered to that client alone, with the stored history.
    const before = chatOf(ownerSocket).length;
    await sendJson(bobSocket, D.publishChat(channel.id), { type: 'init' });
    await bobSocket.waitFor(() => chatOf(bobSocket).filter((e) => e.type === 'init').length === 2);
    const init = chatOf(bobSocket).filter((e) => e.type === 'init')[1];
    expect(init?.type === 'init' && init.logs.map((l) => l.message)).toEqual([
      '안녕하세요',
      '반가워요',
    ]);
    expect(chatOf(ownerSocket).length).toBe(before);

    // Carol is a workspace member but not in the meeting: she may not write into it.
    const carolSocket = await stomp(carol);
    await sendJson(carolSocket, D.publishChat(channel.id), { type: 'chat', message: '끼어들기' });
    expect(errorOf(carolSocket)?.headers['message']).toBe('send refused');
    // An empty line is refused.
    const blank = await stomp(bob);
    await sendJson(blank, D.publishChat(channel.id), { type: 'chat', message: '   ' });
    expect(errorOf(blank)?.body).toContain(VideoMessages.chatRequired);
  });

  it('a subscription to the meeting marks its participant as present', async () => {
    const channel = await createChannel('출석 방');
    await join(channel.id, bob);
    const bobSocket = await stomp(bob);
    // Joined long ago as far as the database knows…
    await app.context.database.db.execute(
      `update video_participants set last_seen_at = now() - interval '1 hour' where channel_id = ${channel.id}`,
    );
    await subscribe(bobSocket, D.video(channel.id));
    // …the subscription touches it, so a sweep now keeps Bob.
    const presence = new MeetingPresence(app.context);
    await presence.tick();
    await presence.stop();
    expect((await participants(channel.id)).map((p) => p.userId)).toEqual([bob.userId]);
  });
});
