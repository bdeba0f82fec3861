import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { MediaState, VideoParticipant } from '@teamup/contracts/video';
import { installBrowserShims } from '../../../test/render';
import type { LocalMedia } from '../lib/local-media';
import { DiscussionStage, stageTiles } from './discussion-stage';

installBrowserShims();

const ME = 1;

const participant = (
  userId: number,
  name: string,
  media: Partial<MediaState> = {},
  image: string | null = null,
): VideoParticipant => ({
  id: userId + 100,
  userId,
  name,
  email: `${userId}@example.com`,
  profileImageUrl: image,
  joinedAt: '2026-11-24T10:00:00.000Z',
  media: { camera: false, microphone: false, screen: false, ...media },
});

let trackIds = 0;
/** A MediaStreamTrack as far as the stage reads it (jsdom has none). */
const fakeTrack = (
  kind: 'audio' | 'video',
  readyState: MediaStreamTrackState = 'live',
): MediaStreamTrack =>
  ({ kind, readyState, id: `${kind}-${++trackIds}`, stop: vi.fn() }) as unknown as MediaStreamTrack;

/** A MediaStream holding the given tracks: what the tiles, the <video> and the meter read. */
const fakeStream = (...tracks: MediaStreamTrack[]): MediaStream =>
  ({
    id: `stream-${++trackIds}`,
    getTracks: () => tracks,
    getVideoTracks: () => tracks.filter((track) => track.kind === 'video'),
    getAudioTracks: () => tracks.filter((track) => track.kind === 'audio'),
  }) as unknown as MediaStream;

const noLocal: LocalMedia = { camera: null, mic: null, screen: null };

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  // The stage wraps one's own microphone in a stream to meter it.
  vi.stubGlobal(
    'MediaStream',
    class {
      private readonly tracks: MediaStreamTrack[];
      constructor(tracks: MediaStreamTrack[] = []) {
        this.tracks = tracks;
      }
      getTracks() {
        return this.tracks;
      }
      getAudioTracks() {
        return this.tracks.filter((track) => track.kind === 'audio');
      }
      getVideoTracks() {
        return this.tracks.filter((track) => track.kind === 'video');
      }
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('stageTiles', () => {
  it('puts oneself first, from what this tab captures', () => {
    const camera = fakeStream(fakeTrack('video'));
    const mic = fakeTrack('audio');
    const tiles = stageTiles(
      [participant(2, '상대'), participant(ME, '나'), participant(3, '셋째')],
      ME,
      { camera, mic, screen: null },
      new Map(),
    );
    expect(tiles.map((tile) => tile.userId)).toEqual([ME, 2, 3]);
    expect(tiles[0]).toMatchObject({
      self: true,
      name: '나',
      stream: camera,
      videoOn: true,
      micOn: true,
      screen: false,
    });
    expect(tiles.slice(1).every((tile) => !tile.self)).toBe(true);
  });

  it("shows one's own screen over the camera, and nothing on without local media", () => {
    const camera = fakeStream(fakeTrack('video'));
    const screenShare = fakeStream(fakeTrack('video'));
    const [sharing] = stageTiles(
      [participant(ME, '나')],
      ME,
      { camera, mic: null, screen: screenShare },
      new Map(),
    );
    expect(sharing).toMatchObject({
      stream: screenShare,
      videoOn: true,
      screen: true,
      micOn: false,
    });
    const [idle] = stageTiles([participant(ME, '나')], ME, noLocal, new Map());
    expect(idle).toMatchObject({ stream: null, videoOn: false, screen: false, micOn: false });
  });

  it('counts a remote camera as on only once its stream has a live picture', () => {
    const ended = fakeStream(fakeTrack('video', 'ended'), fakeTrack('audio'));
    const soundOnly = fakeStream(fakeTrack('audio'));
    const live = fakeStream(fakeTrack('video'));
    const tiles = stageTiles(
      [
        participant(ME, '나'),
        participant(2, '끝남', { camera: true, microphone: true }),
        participant(3, '소리만', { camera: true }),
        participant(4, '안보냄', { camera: true }),
        participant(5, '켜짐', { camera: true }),
        participant(6, '꺼둠', { camera: false }),
      ],
      ME,
      noLocal,
      new Map([
        [2, ended],
        [3, soundOnly],
        [5, live],
        [6, fakeStream(fakeTrack('video'))],
      ]),
    );
    const byId = new Map(tiles.map((tile) => [tile.userId, tile]));
    expect(byId.get(2)).toMatchObject({ videoOn: false, micOn: true, stream: ended });
    expect(byId.get(3)).toMatchObject({ videoOn: false, micOn: false, stream: soundOnly });
    expect(byId.get(4)).toMatchObject({ videoOn: false, stream: null });
    expect(byId.get(5)).toMatchObject({ videoOn: true, screen: false, stream: live });
    // A picture arriving from someone who says the camera is off is not shown.
    expect(byId.get(6)?.videoOn).toBe(false);
  });

  it("marks a remote screen share and takes the microphone from the participant's media", () => {
    const tiles = stageTiles(
      [
        participant(ME, '나'),
        participant(2, '공유', { screen: true, microphone: false }),
        participant(3, '말함', { microphone: true }),
        participant(4, '아직', { screen: true }),
      ],
      ME,
      noLocal,
      new Map([
        [2, fakeStream(fakeTrack('video'))],
        [3, fakeStream(fakeTrack('audio'))],
      ]),
    );
    expect(
      tiles.map(({ userId, videoOn, micOn, screen }) => ({ userId, videoOn, micOn, screen })),
    ).toEqual([
      { userId: ME, videoOn: false, micOn: false, screen: false },
      { userId: 2, videoOn: true, micOn: false, screen: true },
      { userId: 3, videoOn: false, micOn: true, screen: false },
      // Said to share, but no picture yet: neither shown nor featured.
      { userId: 4, videoOn: false, micOn: false, screen: false },
    ]);
  });
});

describe('DiscussionStage', () => {
  function renderStage({
    participants,
    local = noLocal,
    peerStreams = new Map<number, MediaStream>(),
    publisherLimit = null,
  }: {
    participants: VideoParticipant[];
    local?: LocalMedia;
    peerStreams?: Map<number, MediaStream>;
    publisherLimit?: number | null;
  }) {
    render(
      <MantineProvider>
        <DiscussionStage
          participants={participants}
          myId={ME}
          local={local}
          peerStreams={peerStreams}
          sinkId=""
          publisherLimit={publisherLimit}
        />
      </MantineProvider>,
    );
    return screen.getByTestId('meeting-discussion');
  }

  const tileOf = (userId: number) => {
    const tile = screen
      .getAllByTestId('meeting-tile')
      .find((element) => element.dataset.userId === String(userId));
    if (!tile) throw new Error(`no tile for ${userId}`);
    return tile;
  };

  it('shows a tile per participant, oneself first, with what each sends', () => {
    const camera = fakeStream(fakeTrack('video'));
    const remote = fakeStream(fakeTrack('video'), fakeTrack('audio'));
    const stage = renderStage({
      participants: [
        participant(2, '이서연', { camera: true, microphone: true }),
        participant(ME, '김민지', { camera: true }),
        participant(3, '박지훈', {}, '/files/p3.png'),
      ],
      local: { camera, mic: null, screen: null },
      peerStreams: new Map([[2, remote]]),
    });
    expect(stage.dataset.layout).toBe('grid');
    const tiles = screen.getAllByTestId('meeting-tile');
    expect(
      tiles.map((tile) => ({
        id: tile.dataset.userId,
        self: tile.dataset.self,
        camera: tile.dataset.camera,
        mic: tile.dataset.mic,
        speaking: tile.dataset.speaking,
      })),
    ).toEqual([
      { id: '1', self: 'true', camera: 'true', mic: 'false', speaking: 'false' },
      { id: '2', self: 'false', camera: 'true', mic: 'true', speaking: 'false' },
      { id: '3', self: 'false', camera: 'false', mic: 'false', speaking: 'false' },
    ]);
    expect(tiles[0]?.getAttribute('aria-label')).toBe('내 영상');
    expect(tiles[0]?.textContent).toContain('김민지 (나)');
    expect(tiles[1]?.getAttribute('aria-label')).toBe('이서연 님의 영상');

    // Oneself: muted and mirrored; the other: their stream playing.
    const own = within(tileOf(ME)).getByTestId<HTMLVideoElement>('meeting-tile-video');
    expect(own.srcObject).toBe(camera);
    expect(own.muted).toBe(true);
    expect(own.style.transform).toBe('scaleX(-1)');
    const theirs = within(tileOf(2)).getByTestId<HTMLVideoElement>('meeting-tile-video');
    expect(theirs.srcObject).toBe(remote);
    expect(theirs.muted).toBe(false);
    expect(theirs.getAttribute('aria-label')).toBe('이서연 님의 영상');
  });

  it('shows the avatar instead of a picture when the camera is off, and the mute icon', () => {
    const soundOnly = fakeStream(fakeTrack('audio'));
    renderStage({
      participants: [
        participant(ME, '김민지'),
        participant(2, '이서연', { microphone: true }),
        participant(3, '박지훈', { camera: true }, '/files/p3.png'),
      ],
      peerStreams: new Map([[2, soundOnly]]),
    });
    // Oneself with nothing captured: no video at all, the initial on the avatar.
    const own = tileOf(ME);
    expect(within(own).queryByTestId('meeting-tile-video')).toBeNull();
    expect(within(own).getByRole('img', { name: '카메라 꺼짐' }).textContent).toBe('김');
    expect(within(own).getByRole('img', { name: '마이크 꺼짐' })).toBeTruthy();

    // A remote with sound only: its <video> plays the sound but is hidden, the avatar shows.
    const heard = tileOf(2);
    const video = within(heard).getByTestId<HTMLVideoElement>('meeting-tile-video');
    expect(video.srcObject).toBe(soundOnly);
    expect(video.parentElement?.parentElement?.style.visibility).toBe('hidden');
    expect(within(heard).getByRole('img', { name: '카메라 꺼짐' }).textContent).toBe('이');
    expect(within(heard).queryByRole('img', { name: '마이크 꺼짐' })).toBeNull();

    // A camera said on with no stream yet: the profile image, muted.
    const waiting = tileOf(3);
    expect(within(waiting).queryByTestId('meeting-tile-video')).toBeNull();
    const avatar = within(waiting).getByRole('img', { name: '카메라 꺼짐' });
    expect(avatar.querySelector('img')?.getAttribute('src')).toBe('/files/p3.png');
    expect(within(waiting).getByRole('img', { name: '마이크 꺼짐' })).toBeTruthy();
  });

  it('counts the publishers against the limit, and shows no count without one', () => {
    renderStage({
      participants: [
        participant(ME, '김민지', { microphone: true }),
        participant(2, '이서연', { camera: true, microphone: true }),
        participant(3, '박지훈'),
      ],
      publisherLimit: 4,
    });
    expect(screen.getByTestId('meeting-publishers').textContent).toBe('카메라·마이크 2/4명');
    expect(screen.queryByTestId('meeting-alone')).toBeNull();
    cleanup();
    renderStage({ participants: [participant(ME, '김민지'), participant(2, '이서연')] });
    expect(screen.queryByTestId('meeting-publishers')).toBeNull();
  });

  it('says so when one is alone in the meeting', () => {
    renderStage({ participants: [participant(ME, '김민지')], publisherLimit: 4 });
    expect(screen.getAllByTestId('meeting-tile')).toHaveLength(1);
    expect(screen.getByTestId('meeting-alone').textContent).toBe(
      '아직 다른 참가자가 없습니다. 회의실 링크를 공유해 보세요.',
    );
    expect(screen.getByTestId('meeting-publishers').textContent).toBe('카메라·마이크 0/4명');
  });

  it('features a shared screen large, with the others in a strip', () => {
    const shared = fakeStream(fakeTrack('video'));
    const stage = renderStage({
      participants: [
        participant(ME, '김민지'),
        participant(2, '이서연', { camera: true }),
        participant(3, '박지훈', { screen: true }),
      ],
      peerStreams: new Map([
        [2, fakeStream(fakeTrack('video'))],
        [3, shared],
      ]),
    });
    expect(stage.dataset.layout).toBe('featured');
    const strip = screen.getByTestId('meeting-strip');
    expect(
      within(strip)
        .getAllByTestId('meeting-tile')
        .map((tile) => tile.dataset.userId),
    ).toEqual(['1', '2']);
    const featured = tileOf(3);
    expect(strip.contains(featured)).toBe(false);
    const video = within(featured).getByTestId<HTMLVideoElement>('meeting-tile-video');
    expect(video.srcObject).toBe(shared);
    expect(video.getAttribute('aria-label')).toBe('박지훈 님의 화면 공유');
    expect(video.style.objectFit).toBe('contain');
  });

  it('features a remote speaker when 발표자 보기 is chosen, and back to the gallery', () => {
    const stage = renderStage({
      participants: [
        participant(ME, '김민지'),
        participant(2, '이서연'),
        participant(3, '박지훈', { camera: true }),
      ],
      peerStreams: new Map([[3, fakeStream(fakeTrack('video'))]]),
    });
    expect(stage.dataset.layout).toBe('grid');
    expect(screen.queryByTestId('meeting-strip')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: '발표자 보기' }));
    expect(stage.dataset.layout).toBe('featured');
    const strip = screen.getByTestId('meeting-strip');
    // Nobody has spoken yet: the first remote with a picture is featured.
    expect(
      within(strip)
        .getAllByTestId('meeting-tile')
        .map((tile) => tile.dataset.userId),
    ).toEqual(['1', '2']);
    expect(strip.contains(tileOf(3))).toBe(false);

    fireEvent.click(screen.getByRole('radio', { name: '갤러리' }));
    expect(stage.dataset.layout).toBe('grid');
    expect(screen.queryByTestId('meeting-strip')).toBeNull();
  });
});
