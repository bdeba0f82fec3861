import { describe, expect, it } from 'vitest';
import { nameFromMetadata } from './livekit-media';
import { tracksToPublish, type LocalMedia } from './local-media';

/** Just what tracksToPublish reads of a track and a stream. */
function track(kind: 'audio' | 'video', label: string, readyState = 'live') {
  return { kind, label, readyState } as unknown as MediaStreamTrack;
}
function stream(...tracks: MediaStreamTrack[]) {
  return {
    getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
    getAudioTracks: () => tracks.filter((t) => t.kind === 'audio'),
  } as unknown as MediaStream;
}
const labels = (media: LocalMedia) => tracksToPublish(media).map((t) => t.label);

describe('tracksToPublish', () => {
  const cameraVideo = track('video', 'camera');
  const mic = track('audio', 'mic');
  const screenVideo = track('video', 'screen');
  const screenAudio = track('audio', 'tab sound');

  it('sends nothing when nothing is on', () => {
    expect(labels({ camera: null, mic: null, screen: null })).toEqual([]);
  });

  it('sends the camera and microphone; the screen replaces the camera picture', () => {
    expect(labels({ camera: stream(cameraVideo, mic), mic, screen: null })).toEqual([
      'camera',
      'mic',
    ]);
    expect(
      labels({ camera: stream(cameraVideo, mic), mic, screen: stream(screenVideo, screenAudio) }),
    ).toEqual(['screen', 'mic', 'tab sound']);
  });

  it('sends the microphone alone when muted is off and the camera is off', () => {
    expect(labels({ camera: null, mic, screen: null })).toEqual(['mic']);
  });

  it('leaves out ended tracks', () => {
    expect(
      labels({ camera: stream(track('video', 'gone', 'ended')), mic: null, screen: null }),
    ).toEqual([]);
  });
});

describe('nameFromMetadata', () => {
  it('reads userName from the JSON metadata, else null', () => {
    expect(nameFromMetadata('{"userName":"김민지","userId":3}')).toBe('김민지');
    expect(nameFromMetadata('{"userId":3}')).toBeNull();
    expect(nameFromMetadata('not json')).toBeNull();
    expect(nameFromMetadata(undefined)).toBeNull();
  });
});
