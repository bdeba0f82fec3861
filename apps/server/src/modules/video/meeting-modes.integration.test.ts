/**
 * Meeting modes (issue 47): a channel runs as a presentation (one broadcaster at a time) or a
 * discussion (everyone publishes, up to the built-in mesh's limit, or without ours over LiveKit).
 * Who may choose the mode and when, what PUT .../media claims in each mode, and what the
 * participants event and the LiveKit token say about it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtVerify } from 'jose';
import { ErrorCode } from '@teamup/contracts/error-codes';
import {
  MeetingDestinations as D,
  VideoMessages,
  type Conference,
  type MediaState,
  type VideoChannel,
  type VideoChannelEvent,
  type VideoMode,
  type VideoParticipant,
} from '@teamup/contracts/video';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { startFakeLivekit, type FakeLivekit } from '../../../test/fake-livekit';
import {
  connectStomp,
  messagesTo,
  subscribe,
  type StompTestClient,
} from '../../../test/stomp-client';
import { createTestApp, listenLocally, type TestApp } from '../../../test/test-app';

const OFF: MediaState = { camera: false, microphone: false, screen: false };
const CAMERA: MediaState = { camera: true, microphone: true, screen: false };

type ParticipantsEvent = Extract<VideoChannelEvent, { type: 'GET_PARTICIPANTS_CONFIRMED' }>;

/** One app's workspace of video users, and the calls the tests make in it. */
function meetingsOf(app: TestApp, workspace: Workspace) {
  const base = `/api/workspaces/${workspace.id}/video-channels`;
  const channelUrl = (channelId: number) => `${base}/${channelId}`;
  return {
    base,
    channelUrl,
    create: (by: TestUser, name: string, mode?: VideoMode) =>
      call(app, by, 'POST', base, mode === undefined ? { name } : { name, mode }),
    read: async (channelId: number, by: TestUser) =>
      dataOf<VideoChannel>(await call(app, by, 'GET', channelUrl(channelId))),
    patch: (channelId: number, by: TestUser, body: unknown) =>
      call(app, by, 'PATCH', channelUrl(channelId), body),
    join: async (channelId: number, user: TestUser) => {
      const response = await call(app, user, 'POST', channelUrl(channelId));
      expect(response.statusCode, response.body).toBe(200);
      return dataOf<VideoParticipant>(response);
    },
    leave: async (channelId: number, participant: VideoParticipant, user: TestUser) => {
      const url = `${channelUrl(channelId)}/participants/${participant.id}`;
      expect((await call(app, user, 'DELETE', url)).statusCode).toBe(204);
    },
    media: (channelId: number, user: TestUser, media: unknown) =>
      call(app, user, 'PUT', `${channelUrl(channelId)}/media`, media),
    participants: async (channelId: number, by: TestUser) =>
      dataOf<VideoParticipant[]>(
        await call(app, by, 'GET', `${channelUrl(channelId)}/video-members`),
      ),
  };
}

const created = (response: Awaited<ReturnType<typeof call>>) => {
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<VideoChannel>(response);
};
const ok = <T>(response: Awaited<ReturnType<typeof call>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<T>(response);
};
const sends = (media: MediaState) => media.camera || media.microphone || media.screen;
const publishersIn = (list: VideoParticipant[]) =>
  list
    .filter((p) => sends(p.media))
    .map((p) => p.userId)
    .sort((a, b) => a - b);

/** A workspace of its owner and `count` members, all joined. */
async function workspaceWith(app: TestApp, label: string, count: number) {
  const owner = await createUser(app, `${label} 소유자`);
  const workspace = dataOf<Workspace>(
    await call(app, owner, 'POST', '/api/workspaces', { name: `${label} 회의` }),
  );
  const members: TestUser[] = [];
  for (let i = 1; i <= count; i += 1) {
    const member = await createUser(app, `${label}${i}`);
    await call(app, member, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
    members.push(member);
  }
  return { owner, workspace, members };
}

describe('meeting modes on the built-in mesh', () => {
  let app: TestApp;
  let wsUrl: string;
  let owner: TestUser;
  let admin: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let erin: TestUser;
  let outsider: TestUser;
  let m: ReturnType<typeof meetingsOf>;
  const sockets: StompTestClient[] = [];

  beforeAll(async () => {
    app = await createTestApp();
    wsUrl = `${(await listenLocally(app)).replace('http', 'ws')}/ws`;
    const world = await workspaceWith(app, '메시', 5);
    owner = world.owner;
    [admin, bob, carol, dave, erin] = world.members as [
      TestUser,
      TestUser,
      TestUser,
      TestUser,
      TestUser,
    ];
    outsider = await createUser(app, '외부인');
    const promoted = await call(
      app,
      owner,
      'PUT',
      `/api/workspaces/${world.workspace.id}/members/${admin.userId}/role`,
      { role: 'ADMIN' },
    );
    expect(promoted.statusCode, promoted.body).toBe(200);
    m = meetingsOf(app, world.workspace);
  });
  afterAll(async () => {
    for (const client of sockets) client.socket.close();
    await app?.close();
  });

  it('a channel is a presentation for one unless created as a discussion for four', async () => {
    const plain = created(await m.create(bob, '기본 방'));
    expect(plain).toMatchObject({ mode: 'PRESENTATION', publisherLimit: 1, broadcasterId: null });
    const discussion = created(await m.create(bob, '토론 방', 'DISCUSSION'));
    expect(discussion).toMatchObject({ mode: 'DISCUSSION', publisherLimit: 4 });
    const presentation = created(await m.create(bob, '발표 방', 'PRESENTATION'));
    expect(presentation).toMatchObject({ mode: 'PRESENTATION', publisherLimit: 1 });

    const list = ok<VideoChannel[]>(await call(app, carol, 'GET', m.base));
    const listed = (id: number) => list.find((c) => c.id === id);
    expect(listed(plain.id)).toMatchObject({ mode: 'PRESENTATION', publisherLimit: 1 });
    expect(listed(discussion.id)).toMatchObject({ mode: 'DISCUSSION', publisherLimit: 4 });
    expect(await m.read(discussion.id, carol)).toMatchObject({
      mode: 'DISCUSSION',
      publisherLimit: 4,
    });
    expect(await m.read(plain.id, carol)).toMatchObject({
      mode: 'PRESENTATION',
      publisherLimit: 1,
    });

    // A mode that is not one of the two is refused, in Korean.
    const wrong = await m.create(bob, '이상한 방', 'MEETING' as VideoMode);
    expectProblem(wrong, 400, ErrorCode.VALIDATION_FAILED);
    expect(JSON.stringify(wrong.json())).toContain(VideoMessages.modeInvalid);
  });

  it('the creator, the owner or an admin changes the mode; another member may not', async () => {
    const channel = created(await m.create(bob, '바꿀 방'));
    const refused = expectProblem(
      await m.patch(channel.id, carol, { mode: 'DISCUSSION' }),
      403,
      ErrorCode.VIDEO_MODE_FORBIDDEN,
    );
    expect(refused.detail).toBe(VideoMessages.modeForbidden);
    // Refused before the body is read (decision 0036): a wrong body tells Carol nothing more.
    expectProblem(
      await m.patch(channel.id, carol, { mode: 'NOPE' }),
      403,
      ErrorCode.VIDEO_MODE_FORBIDDEN,
    );
    expectProblem(
      await m.patch(channel.id, outsider, { mode: 'DISCUSSION' }),
      403,
      ErrorCode.WORKSPACE_FORBIDDEN,
    );
    expect((await m.read(channel.id, carol)).mode).toBe('PRESENTATION');

    expect(ok<VideoChannel>(await m.patch(channel.id, bob, { mode: 'DISCUSSION' }))).toMatchObject({
      id: channel.id,
      mode: 'DISCUSSION',
      publisherLimit: 4,
    });
    expect((await m.read(channel.id, carol)).mode).toBe('DISCUSSION');
    expect(
      ok<VideoChannel>(await m.patch(channel.id, admin, { mode: 'PRESENTATION' })),
    ).toMatchObject({ mode: 'PRESENTATION', publisherLimit: 1 });
    expect(
      ok<VideoChannel>(await m.patch(channel.id, owner, { mode: 'DISCUSSION' })),
    ).toMatchObject({ mode: 'DISCUSSION', publisherLimit: 4 });
    const list = ok<VideoChannel[]>(await call(app, dave, 'GET', m.base));
    expect(list.find((c) => c.id === channel.id)?.mode).toBe('DISCUSSION');

    // The creator's invalid mode is answered with the Korean message.
    for (const body of [{ mode: 'MEETING' }, { mode: 'discussion' }, {}]) {
      const invalid = await m.patch(channel.id, bob, body);
      expectProblem(invalid, 400, ErrorCode.VALIDATION_FAILED);
      expect(JSON.stringify(invalid.json())).toContain(VideoMessages.modeInvalid);
    }
    expect((await m.read(channel.id, bob)).mode).toBe('DISCUSSION');
  });

  it('the mode cannot change while anyone is in the meeting, and can once they left', async () => {
    const channel = created(await m.create(bob, '잠긴 방'));
    const carolInside = await m.join(channel.id, carol);
    const locked = expectProblem(
      await m.patch(channel.id, bob, { mode: 'DISCUSSION' }),
      409,
      ErrorCode.VIDEO_MODE_LOCKED,
    );
    expect(locked.detail).toBe(VideoMessages.modeLocked);
    expectProblem(
      await m.patch(channel.id, owner, { mode: 'DISCUSSION' }),
      409,
      ErrorCode.VIDEO_MODE_LOCKED,
    );
    expect((await m.read(channel.id, bob)).mode).toBe('PRESENTATION');
    // Asking for the mode it already has changes nothing and is no conflict.
    expect(ok<VideoChannel>(await m.patch(channel.id, bob, { mode: 'PRESENTATION' })).mode).toBe(
      'PRESENTATION',
    );

    await m.leave(channel.id, carolInside, carol);
    expect(ok<VideoChannel>(await m.patch(channel.id, bob, { mode: 'DISCUSSION' })).mode).toBe(
      'DISCUSSION',
    );
    // The creator inside is someone in the meeting too.
    const bobInside = await m.join(channel.id, bob);
    expectProblem(
      await m.patch(channel.id, bob, { mode: 'PRESENTATION' }),
      409,
      ErrorCode.VIDEO_MODE_LOCKED,
    );
    await m.leave(channel.id, bobInside, bob);
    expect(ok<VideoChannel>(await m.patch(channel.id, bob, { mode: 'PRESENTATION' })).mode).toBe(
      'PRESENTATION',
    );
  });

  it('a discussion lets four publish; the fifth watches until a place is freed', async () => {
    const channel = created(await m.create(bob, '네 명 방', 'DISCUSSION'));
    const people = [owner, admin, bob, carol, dave];
    const inside = new Map<number, VideoParticipant>();
    for (const person of people) inside.set(person.userId, await m.join(channel.id, person));
    const [first, second, third, fourth, fifth] = people as [
      TestUser,
      TestUser,
      TestUser,
      TestUser,
      TestUser,
    ];

    for (const publisher of [first, second, third, fourth]) {
      const answer = ok<VideoParticipant>(await m.media(channel.id, publisher, CAMERA));
      expect(answer).toMatchObject({ userId: publisher.userId, media: CAMERA });
    }
    const full = expectProblem(
      await m.media(channel.id, fifth, { camera: false, microphone: true, screen: false }),
      409,
      ErrorCode.VIDEO_PUBLISHERS_FULL,
    );
    expect(full.detail).toBe(VideoMessages.publishersFull);
    expect(full.detail).toContain('LiveKit');

    // The fifth stays in the meeting, as a viewer; nobody holds the presentation's broadcast.
    let list = await m.participants(channel.id, fifth);
    expect(list.map((p) => p.userId)).toContain(fifth.userId);
    expect(list.find((p) => p.userId === fifth.userId)?.media).toEqual(OFF);
    expect(publishersIn(list)).toEqual(
      [first, second, third, fourth].map((p) => p.userId).sort((a, b) => a - b),
    );
    expect((await m.read(channel.id, fifth)).broadcasterId).toBeNull();
    // Turning nothing on is no claim and always allowed; a publisher changes what it sends freely.
    expect(ok<VideoParticipant>(await m.media(channel.id, fifth, OFF)).media).toEqual(OFF);
    const screen = { camera: true, microphone: true, screen: true };
    expect(ok<VideoParticipant>(await m.media(channel.id, first, screen)).media).toEqual(screen);

    // One publisher turns everything off: the fifth now gets the place.
    expect(ok<VideoParticipant>(await m.media(channel.id, second, OFF)).media).toEqual(OFF);
    expect(ok<VideoParticipant>(await m.media(channel.id, fifth, CAMERA)).media).toEqual(CAMERA);
    expectProblem(await m.media(channel.id, second, CAMERA), 409, ErrorCode.VIDEO_PUBLISHERS_FULL);

    // A publisher leaving the meeting frees the place too.
    const thirdInside = inside.get(third.userId);
    if (!thirdInside) throw new Error('third never joined');
    await m.leave(channel.id, thirdInside, third);
    expect(ok<VideoParticipant>(await m.media(channel.id, second, CAMERA)).media).toEqual(CAMERA);
    list = await m.participants(channel.id, owner);
    expect(publishersIn(list)).toEqual(
      [first, second, fourth, fifth].map((p) => p.userId).sort((a, b) => a - b),
    );
    // …and coming back, the one who left is a viewer with nothing on.
    expect((await m.join(channel.id, third)).media).toEqual(OFF);
    expectProblem(await m.media(channel.id, third, CAMERA), 409, ErrorCode.VIDEO_PUBLISHERS_FULL);
  });

  it('of two simultaneous claims for the last place exactly one wins', async () => {
    const channel = created(await m.create(bob, '경쟁 방', 'DISCUSSION'));
    const people = [owner, admin, bob, carol, dave];
    for (const person of people) await m.join(channel.id, person);
    for (const publisher of people.slice(0, 3)) {
      ok<VideoParticipant>(await m.media(channel.id, publisher, CAMERA));
    }
    const contenders = people.slice(3) as [TestUser, TestUser];
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(contenders.map((c) => m.media(channel.id, c, CAMERA)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const loser = answers.findIndex((a) => a.statusCode === 409);
      const refusal = answers[loser];
      if (!refusal) throw new Error('no claim was refused');
      expectProblem(refusal, 409, ErrorCode.VIDEO_PUBLISHERS_FULL);
      const list = await m.participants(channel.id, owner);
      expect(publishersIn(list)).toHaveLength(4);
      expect(list.find((p) => p.userId === contenders[loser]?.userId)?.media).toEqual(OFF);
      // The winner gives the place back for the next round.
      const winner = contenders[1 - loser];
      if (!winner) throw new Error('no winner');
      ok<VideoParticipant>(await m.media(channel.id, winner, OFF));
    }
  });

  it('the participants event tells the mode, who publishes and what each sends', async () => {
    const stomp = async (user: TestUser, channelId: number) => {
      const client = await connectStomp(wsUrl, user);
      sockets.push(client);
      await subscribe(client, D.video(channelId));
      expect(client.frames.some((f) => f.command === 'ERROR')).toBe(false);
      return client;
    };
    const lastEvent = async (
      client: StompTestClient,
      channelId: number,
      done: (event: ParticipantsEvent) => boolean,
    ) => {
      const events = () =>
        messagesTo<VideoChannelEvent>(client, D.video(channelId)).filter(
          (e): e is ParticipantsEvent => e.type === 'GET_PARTICIPANTS_CONFIRMED',
        );
      await client.waitFor(() => events().some(done));
      const found = events().filter(done).at(-1);
      if (!found) throw new Error('no such event');
      return found;
    };

    const discussion = created(await m.create(bob, '소식 방', 'DISCUSSION'));
    await m.join(discussion.id, carol);
    await m.join(discussion.id, dave);
    const carolSocket = await stomp(carol, discussion.id);

    ok<VideoParticipant>(await m.media(discussion.id, dave, { ...OFF, screen: true }));
    let event = await lastEvent(
      carolSocket,
      discussion.id,
      (e) => e.publisherIds.length === 1 && e.publisherIds[0] === dave.userId,
    );
    expect(event.mode).toBe('DISCUSSION');
    expect(event.broadcasterId).toBeNull();
    expect(event.participants.find((p) => p.userId === dave.userId)?.media).toEqual({
      ...OFF,
      screen: true,
    });
    expect(event.participants.find((p) => p.userId === carol.userId)?.media).toEqual(OFF);

    ok<VideoParticipant>(await m.media(discussion.id, carol, CAMERA));
    event = await lastEvent(carolSocket, discussion.id, (e) => e.publisherIds.length === 2);
    expect([...event.publisherIds].sort((a, b) => a - b)).toEqual(
      [carol.userId, dave.userId].sort((a, b) => a - b),
    );
    expect(event.participants.find((p) => p.userId === carol.userId)?.media).toEqual(CAMERA);

    ok<VideoParticipant>(await m.media(discussion.id, dave, OFF));
    event = await lastEvent(
      carolSocket,
      discussion.id,
      (e) => e.publisherIds.length === 1 && e.publisherIds[0] === carol.userId,
    );
    expect(event.participants.find((p) => p.userId === dave.userId)?.media).toEqual(OFF);
    // The participants call reports the same.
    const list = await m.participants(discussion.id, bob);
    expect(list.find((p) => p.userId === carol.userId)?.media).toEqual(CAMERA);
    expect(list.find((p) => p.userId === dave.userId)?.media).toEqual(OFF);

    // A presentation's publisher is its broadcaster.
    const presentation = created(await m.create(bob, '소식 발표 방'));
    await m.join(presentation.id, carol);
    await m.join(presentation.id, erin);
    const erinSocket = await stomp(erin, presentation.id);
    const announced = () =>
      messagesTo<VideoChannelEvent>(erinSocket, D.video(presentation.id)).filter(
        (e) => e.type === 'GET_PARTICIPANTS_CONFIRMED',
      ).length;
    const before = announced();
    ok<VideoParticipant>(await m.media(presentation.id, carol, CAMERA));
    event = await lastEvent(erinSocket, presentation.id, (e) => e.publisherIds.length === 1);
    // One change, told once (it went out twice: the broadcast claim's and the media's).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(announced() - before).toBe(1);
    expect(event).toMatchObject({
      mode: 'PRESENTATION',
      broadcasterId: carol.userId,
      publisherIds: [carol.userId],
    });
    ok<VideoParticipant>(await m.media(presentation.id, carol, OFF));
    event = await lastEvent(
      erinSocket,
      presentation.id,
      (e) => e.publisherIds.length === 0 && e.broadcasterId === null,
    );
    expect(event.mode).toBe('PRESENTATION');
  });

  it('in a presentation, media on claims the one broadcast and all off releases it', async () => {
    const channel = created(await m.create(carol, '발표 그대로'));
    for (const person of [bob, carol, dave]) await m.join(channel.id, person);

    const claimed = ok<VideoParticipant>(await m.media(channel.id, bob, CAMERA));
    expect(claimed).toMatchObject({ userId: bob.userId, media: CAMERA });
    expect((await m.read(channel.id, carol)).broadcasterId).toBe(bob.userId);

    for (const media of [CAMERA, { ...OFF, screen: true }, { ...OFF, microphone: true }]) {
      expectProblem(await m.media(channel.id, carol, media), 409, ErrorCode.VIDEO_BROADCASTER_BUSY);
    }
    expect(
      (await m.participants(channel.id, carol)).find((p) => p.userId === carol.userId)?.media,
    ).toEqual(OFF);
    // Someone else's "all off" does not take the broadcast from Bob.
    ok<VideoParticipant>(await m.media(channel.id, dave, OFF));
    expect((await m.read(channel.id, carol)).broadcasterId).toBe(bob.userId);
    // The broadcaster changing what it sends keeps the broadcast.
    ok<VideoParticipant>(await m.media(channel.id, bob, { ...OFF, screen: true }));
    expect((await m.read(channel.id, carol)).broadcasterId).toBe(bob.userId);

    expect(ok<VideoParticipant>(await m.media(channel.id, bob, OFF)).media).toEqual(OFF);
    expect((await m.read(channel.id, carol)).broadcasterId).toBeNull();
    ok<VideoParticipant>(await m.media(channel.id, carol, { ...OFF, screen: true }));
    expect((await m.read(channel.id, bob)).broadcasterId).toBe(carol.userId);
    expectProblem(await m.media(channel.id, bob, CAMERA), 409, ErrorCode.VIDEO_BROADCASTER_BUSY);
  });

  it('the old broadcast calls: giving it back clears what was said; a discussion has none', async () => {
    const presentation = created(await m.create(carol, '옛 방송 호출'));
    await m.join(presentation.id, bob);
    ok<VideoParticipant>(await m.media(presentation.id, bob, CAMERA));
    const released = await call(app, bob, 'DELETE', `${m.channelUrl(presentation.id)}/broadcast`);
    expect(released.statusCode, released.body).toBe(200);
    expect((await m.participants(presentation.id, bob)).map((p) => p.media)).toEqual([OFF]);

    const discussion = created(await m.create(carol, '방송 없는 회의', 'DISCUSSION'));
    await m.join(discussion.id, bob);
    const refused = expectProblem(
      await call(app, bob, 'POST', `${m.channelUrl(discussion.id)}/broadcast`),
      409,
      ErrorCode.VIDEO_NOT_PRESENTATION,
    );
    expect(refused.detail).toBe(VideoMessages.broadcastInDiscussion);
    expect((await m.read(discussion.id, bob)).broadcasterId).toBeNull();
  });

  it('only participants say what they send', async () => {
    const channel = created(await m.create(bob, '참가자만', 'DISCUSSION'));
    await m.join(channel.id, bob);
    const refused = expectProblem(
      await m.media(channel.id, carol, CAMERA),
      403,
      ErrorCode.VIDEO_NOT_PARTICIPANT,
    );
    expect(refused.detail).toBe(VideoMessages.notParticipant);
    // Refused before the body is read (decision 0036).
    expectProblem(
      await m.media(channel.id, carol, { camera: 'yes' }),
      403,
      ErrorCode.VIDEO_NOT_PARTICIPANT,
    );
    expectProblem(await m.media(channel.id, outsider, CAMERA), 403, ErrorCode.WORKSPACE_FORBIDDEN);
    expectProblem(await m.media(channel.id, carol, OFF), 403, ErrorCode.VIDEO_NOT_PARTICIPANT);
    // A participant's malformed state is a 400, and nothing is recorded.
    for (const body of [{ camera: 'yes', microphone: false, screen: false }, { camera: true }]) {
      expectProblem(await m.media(channel.id, bob, body), 400, ErrorCode.VALIDATION_FAILED);
    }
    expect((await m.participants(channel.id, bob)).map((p) => p.media)).toEqual([OFF]);
    // Nor may anyone claim in a channel of another workspace through this one.
    expectProblem(
      await call(app, bob, 'PUT', `${m.base}/999999/media`, CAMERA),
      404,
      ErrorCode.VIDEO_CHANNEL_NOT_FOUND,
    );
  });
});

describe('meeting modes over LiveKit', () => {
  let fake: FakeLivekit;
  let app: TestApp;
  let owner: TestUser;
  let members: TestUser[];
  let workspace: Workspace;
  let m: ReturnType<typeof meetingsOf>;

  beforeAll(async () => {
    fake = await startFakeLivekit();
    app = await createTestApp({
      LIVEKIT_URL: fake.url,
      LIVEKIT_API_KEY: fake.apiKey,
      LIVEKIT_API_SECRET: fake.apiSecret,
    });
    ({ owner, workspace, members } = await workspaceWith(app, '미디어', 5));
    m = meetingsOf(app, workspace);
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  /** The `video` grant of the token join-conference gives `user` for the channel. */
  const grantOf = async (channelId: number, user: TestUser) => {
    const conference = ok<Conference>(
      await call(app, user, 'POST', `${m.channelUrl(channelId)}/join-conference`),
    );
    expect(conference.mode).toBe('livekit');
    const { payload } = await jwtVerify(
      conference.token ?? '',
      new TextEncoder().encode(fake.apiSecret),
      { issuer: fake.apiKey },
    );
    expect(payload.sub).toBe(String(user.userId));
    return payload['video'] as { room?: string; canPublish?: boolean; canSubscribe?: boolean };
  };

  it('a presentation grants publishing with the broadcast only', async () => {
    const channel = created(await m.create(owner, '라이브 발표'));
    expect(channel).toMatchObject({ mode: 'PRESENTATION', publisherLimit: 1 });
    const room = `ws${workspace.id}-video${channel.id}`;
    const [host, guest] = [owner, members[0] as TestUser];
    for (const user of [host, guest]) {
      await m.join(channel.id, user);
      const grant = await grantOf(channel.id, user);
      expect(grant).toMatchObject({ room, canPublish: false, canSubscribe: true });
      fake.connect(room, String(user.userId), { canPublish: false, canSubscribe: true });
    }
    // Media on claims the broadcast, which the SFU grants; nobody else may publish.
    ok<VideoParticipant>(await m.media(channel.id, host, CAMERA));
    expect(fake.permissionOf(room, String(host.userId))?.canPublish).toBe(true);
    expect((await grantOf(channel.id, host)).canPublish).toBe(true);
    expect((await grantOf(channel.id, guest)).canPublish).toBe(false);
    expectProblem(await m.media(channel.id, guest, CAMERA), 409, ErrorCode.VIDEO_BROADCASTER_BUSY);
    expect(fake.permissionOf(room, String(guest.userId))?.canPublish).toBe(false);
    // All off gives it up on the SFU too.
    ok<VideoParticipant>(await m.media(channel.id, host, OFF));
    expect(fake.permissionOf(room, String(host.userId))?.canPublish).toBe(false);
    expect((await grantOf(channel.id, host)).canPublish).toBe(false);
    expect(fake.refused).toBe(0);
  });

  it('a discussion grants publishing to every participant, with no limit of ours', async () => {
    const channel = created(await m.create(owner, '라이브 토론', 'DISCUSSION'));
    expect(channel).toMatchObject({ mode: 'DISCUSSION', publisherLimit: null });
    expect((await m.read(channel.id, owner)).publisherLimit).toBeNull();
    const listed = ok<VideoChannel[]>(await call(app, owner, 'GET', m.base));
    expect(listed.find((c) => c.id === channel.id)?.publisherLimit).toBeNull();

    const everyone = [owner, ...members];
    expect(everyone).toHaveLength(6);
    for (const user of everyone) await m.join(channel.id, user);
    for (const user of everyone) {
      expect(await grantOf(channel.id, user)).toMatchObject({
        room: `ws${workspace.id}-video${channel.id}`,
        canPublish: true,
        canSubscribe: true,
      });
    }
    for (const user of everyone) {
      const answer = await m.media(channel.id, user, CAMERA);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const list = await m.participants(channel.id, owner);
    expect(publishersIn(list)).toHaveLength(6);
    expect((await m.read(channel.id, owner)).broadcasterId).toBeNull();

    expectProblem(
      await m.patch(channel.id, owner, { mode: 'PRESENTATION' }),
      409,
      ErrorCode.VIDEO_MODE_LOCKED,
    );
    expect(fake.refused).toBe(0);
  });

  it('a discussion changed to a presentation before anyone joins grants as a presentation', async () => {
    const channel = created(await m.create(owner, '바뀐 토론', 'DISCUSSION'));
    const patched = ok<VideoChannel>(await m.patch(channel.id, owner, { mode: 'PRESENTATION' }));
    expect(patched).toMatchObject({ mode: 'PRESENTATION', publisherLimit: 1 });
    const guest = members[1] as TestUser;
    await m.join(channel.id, guest);
    expect((await grantOf(channel.id, guest)).canPublish).toBe(false);
  });
});
