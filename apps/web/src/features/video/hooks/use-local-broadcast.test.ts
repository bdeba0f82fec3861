// @vitest-environment jsdom
// jsdom: a hook, rendered with renderHook.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { videoKo } from '../../../i18n/ko/video';
import { ApiError } from '../../../lib/api-error';
import type { meetingApi } from '../api/video-api';
import type { HandedTracks } from '../lib/local-media';
import type { MediaSession } from '../lib/media-session';
import { useLocalBroadcast } from './use-local-broadcast';

const alerts = videoKo.alerts;
const ME = 7;

/** A microphone track as the browser hands it out: live until stopped. */
function micTrack(label = 'mic') {
  const track = {
    kind: 'audio',
    label,
    readyState: 'live',
    stop: vi.fn(),
    addEventListener: vi.fn(),
    applyConstraints: vi.fn(() => Promise.resolve()),
  };
  track.stop.mockImplementation(() => {
    track.readyState = 'ended';
  });
  return track;
}

/** A camera stream as getUserMedia answers it: a video track and the microphone beside it. */
function cameraStream(video: ReturnType<typeof micTrack>, audio: ReturnType<typeof micTrack>) {
  return {
    getAudioTracks: () => [audio],
    getVideoTracks: () => [video],
    getTracks: () => [video, audio],
    addEventListener: vi.fn(),
  };
}

function setUp(
  options: {
    broadcaster?: number | null;
    publishFails?: boolean;
    mode?: 'PRESENTATION' | 'DISCUSSION';
  } = {},
) {
  const published: string[][] = [];
  const media: MediaSession = {
    publish: vi.fn((tracks: MediaStreamTrack[]) => {
      published.push(tracks.map((t) => t.label));
      return options.publishFails && tracks.length > 0
        ? Promise.reject(new Error('insufficient permissions'))
        : Promise.resolve();
    }),
    close: vi.fn(),
  };
  const api = {
    claimBroadcast: vi.fn(() => Promise.resolve({ broadcasterId: ME })),
    releaseBroadcast: vi.fn(() => Promise.resolve({ broadcasterId: null })),
    setMedia: vi.fn(() => Promise.resolve({})),
  } as unknown as ReturnType<typeof meetingApi>;
  const setAlert = vi.fn();
  const mic = micTrack();
  const getUserMedia = vi.fn(() =>
    Promise.resolve({
      getAudioTracks: () => [mic],
      getVideoTracks: (): Array<ReturnType<typeof micTrack>> => [],
    }),
  );
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia },
    configurable: true,
  });
  const devicesRef = { current: { camera: '', microphone: '', speaker: '' } };
  const hook = renderHook(() =>
    useLocalBroadcast({
      api,
      myId: ME,
      mediaRef: { current: media },
      broadcasterRef: { current: options.broadcaster ?? null },
      modeRef: { current: options.mode ?? 'PRESENTATION' },
      setAlert,
      devicesRef,
    }),
  );
  return { hook, api, setAlert, mic, getUserMedia, published, devicesRef };
}

describe('useLocalBroadcast', () => {
  beforeEach(() => vi.clearAllMocks());
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('claims, captures and sends the microphone; muting again gives the broadcast back', async () => {
    const { hook, api, published, mic } = setUp();
    await act(() => hook.result.current.toggleMute());
    expect(api.claimBroadcast).toHaveBeenCalledTimes(1);
    expect(published).toEqual([['mic']]);
    expect(hook.result.current.local.mic).toBe(mic);

    await act(() => hook.result.current.toggleMute());
    expect(mic.stop).toHaveBeenCalled();
    expect(published.at(-1)).toEqual([]);
    expect(api.releaseBroadcast).toHaveBeenCalledTimes(1);
    expect(hook.result.current.local.mic).toBeNull();
  });

  it('claims again for the first mic click after the camera went off, though the roster still names me', async () => {
    // The roster (broadcasterRef) is a step behind: it still says ME after the camera gave the
    // broadcast back, until the server's announcement arrives.
    const { hook, api, getUserMedia, published } = setUp({ broadcaster: ME });
    const cameraMic = micTrack('camera-mic');
    const video = micTrack('camera');
    getUserMedia.mockResolvedValueOnce(cameraStream(video, cameraMic));
    await act(() => hook.result.current.toggleCamera());
    await act(() => hook.result.current.toggleCamera());
    expect(api.releaseBroadcast).toHaveBeenCalledTimes(1);
    await act(() => hook.result.current.toggleMute());
    expect(api.claimBroadcast).toHaveBeenCalledTimes(2);
    expect(published.at(-1)).toEqual(['mic']);
  });

  it("runs a mic click made while the camera starts after it: it mutes the camera's microphone, nothing left live", async () => {
    const { hook, getUserMedia, mic, published } = setUp();
    const cameraMic = micTrack('camera-mic');
    const video = micTrack('camera');
    getUserMedia.mockResolvedValueOnce(cameraStream(video, cameraMic));
    await act(async () => {
      const camera = hook.result.current.toggleCamera();
      const mute = hook.result.current.toggleMute();
      await Promise.all([camera, mute]);
    });
    // One capture (the camera's), then the click muted its microphone.
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(cameraMic.stop).toHaveBeenCalled();
    expect(mic.stop).not.toHaveBeenCalled();
    expect(published).toEqual([['camera', 'camera-mic'], ['camera']]);
    expect(hook.result.current.local.mic).toBeNull();
    expect(hook.result.current.local.camera).not.toBeNull();
  });

  it('refuses without a capture while someone else broadcasts', async () => {
    const { hook, api, setAlert, getUserMedia } = setUp({ broadcaster: 99 });
    await act(() => hook.result.current.toggleMute());
    expect(setAlert).toHaveBeenCalledWith(alerts.someoneBroadcasting);
    expect(api.claimBroadcast).not.toHaveBeenCalled();
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('shows the broadcasting alert when the server refuses the claim', async () => {
    const { hook, api, setAlert, getUserMedia } = setUp();
    vi.mocked(api.claimBroadcast).mockRejectedValueOnce(
      new ApiError(409, ErrorCode.VIDEO_BROADCASTER_BUSY, 'busy'),
    );
    await act(() => hook.result.current.toggleMute());
    expect(setAlert).toHaveBeenCalledWith(alerts.someoneBroadcasting);
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('leaves nothing half on when sending fails: track stopped, claim given back, alert', async () => {
    const { hook, api, setAlert, mic, published } = setUp({ publishFails: true });
    await act(() => hook.result.current.toggleMute());
    expect(mic.stop).toHaveBeenCalled();
    expect(published).toEqual([['mic'], []]);
    expect(api.releaseBroadcast).toHaveBeenCalledTimes(1);
    expect(setAlert).toHaveBeenCalledWith(alerts.publishFailed);
    expect(hook.result.current.local).toEqual({ camera: null, mic: null, screen: null });
  });

  it('a refused device shows its alert and gives the claim back', async () => {
    const { hook, api, setAlert, getUserMedia } = setUp();
    getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    await act(() => hook.result.current.toggleMute());
    expect(setAlert).toHaveBeenCalledWith(alerts.deviceDenied);
    expect(api.releaseBroadcast).toHaveBeenCalledTimes(1);
  });

  it('captures from the chosen microphone, and is "changing" until the broadcast is settled', async () => {
    const { hook, getUserMedia, devicesRef } = setUp();
    devicesRef.current = { camera: '', microphone: 'usb-mic', speaker: '' };
    let pending: Promise<void> = Promise.resolve();
    act(() => {
      pending = hook.result.current.toggleMute();
    });
    expect(hook.result.current.changing).toBe(true);
    await act(() => pending);
    expect(getUserMedia).toHaveBeenCalledWith({ audio: { deviceId: { exact: 'usb-mic' } } });
    expect(hook.result.current.changing).toBe(false);
  });

  it('tells the console where a change hangs, and nothing once changes end in time', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { hook, getUserMedia } = setUp();
      let answer: (stream: unknown) => void = () => undefined;
      getUserMedia.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)) as never);
      let first: Promise<void> = Promise.resolve();
      act(() => {
        first = hook.result.current.toggleMute();
      });
      await act(() => vi.advanceTimersByTimeAsync(9_000));
      expect(warn).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(1_500));
      expect(warn).toHaveBeenCalledWith(
        'meeting: the microphone not done after 10 s, at capture (microphone)',
      );
      // The capture answers at last: the change ends and the warning timer of the next is its own.
      answer({ getAudioTracks: () => [micTrack('late')], getVideoTracks: () => [] });
      await act(() => first);
      expect(hook.result.current.changing).toBe(false);
      await act(() => hook.result.current.toggleMute());
      await act(() => vi.advanceTimersByTimeAsync(20_000));
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
      vi.useRealTimers();
    }
  });

  it('switches a live microphone to another device without claiming again', async () => {
    const { hook, api, getUserMedia, devicesRef, mic, published } = setUp();
    await act(() => hook.result.current.toggleMute());
    const other = micTrack('usb');
    getUserMedia.mockResolvedValueOnce({ getAudioTracks: () => [other], getVideoTracks: () => [] });
    const previous = devicesRef.current;
    devicesRef.current = { ...previous, microphone: 'usb-mic' };
    await act(() => hook.result.current.switchDevices(previous));
    expect(getUserMedia).toHaveBeenLastCalledWith({
      video: false,
      audio: { deviceId: { exact: 'usb-mic' } },
    });
    expect(mic.stop).toHaveBeenCalled();
    expect(published.at(-1)).toEqual(['usb']);
    expect(hook.result.current.local.mic).toBe(other);
    expect(api.claimBroadcast).toHaveBeenCalledTimes(1);
  });

  it('does not capture when the changed device is not in use, and says so when a switch fails', async () => {
    const { hook, getUserMedia, devicesRef, setAlert } = setUp();
    const previous = devicesRef.current;
    devicesRef.current = { ...previous, camera: 'cam-2' };
    await act(() => hook.result.current.switchDevices(previous));
    expect(getUserMedia).not.toHaveBeenCalled();

    await act(() => hook.result.current.toggleMute());
    getUserMedia.mockRejectedValueOnce(new DOMException('gone', 'NotFoundError'));
    const before = devicesRef.current;
    devicesRef.current = { ...before, microphone: 'gone' };
    await act(() => hook.result.current.switchDevices(before));
    expect(setAlert).toHaveBeenCalledWith(videoKo.devices.switchFailed);
    expect(hook.result.current.local.mic).not.toBeNull();
  });

  describe('in discussion mode', () => {
    it('takes a place with what it turns on, reports each change, and frees the place at the end', async () => {
      const { hook, api, published, getUserMedia } = setUp({ mode: 'DISCUSSION', broadcaster: 99 });
      const cameraMic = micTrack('camera-mic');
      const video = micTrack('camera');
      getUserMedia.mockResolvedValueOnce(cameraStream(video, cameraMic));
      // Someone else publishing is no reason to refuse here: everyone may.
      await act(() => hook.result.current.toggleCamera());
      expect(api.claimBroadcast).not.toHaveBeenCalled();
      expect(api.setMedia).toHaveBeenNthCalledWith(1, {
        camera: true,
        microphone: false,
        screen: false,
      });
      expect(api.setMedia).toHaveBeenNthCalledWith(2, {
        camera: true,
        microphone: true,
        screen: false,
      });
      expect(published).toEqual([['camera', 'camera-mic']]);

      await act(() => hook.result.current.toggleMute());
      expect(api.setMedia).toHaveBeenLastCalledWith({
        camera: true,
        microphone: false,
        screen: false,
      });
      await act(() => hook.result.current.toggleCamera());
      expect(api.setMedia).toHaveBeenLastCalledWith({
        camera: false,
        microphone: false,
        screen: false,
      });
      expect(api.releaseBroadcast).not.toHaveBeenCalled();
    });

    describe('joining with what the pre-join screen handed over', () => {
      /** The page's stream of the tracks it sends (jsdom has no MediaStream). */
      class StubStream {
        constructor(private readonly tracks: Array<ReturnType<typeof micTrack>>) {}
        getTracks = () => this.tracks;
        getVideoTracks = () => this.tracks.filter((track) => track.kind === 'video');
        getAudioTracks = () => this.tracks.filter((track) => track.kind === 'audio');
        addEventListener = vi.fn();
      }
      beforeEach(() => vi.stubGlobal('MediaStream', StubStream));
      afterEach(() => vi.unstubAllGlobals());
      const videoTrack = (label = 'preview') => ({ ...micTrack(label), kind: 'video' });
      const handed = () => {
        const camera = Object.assign(micTrack('preview'), { kind: 'video' });
        return { camera, microphone: micTrack('preview-mic') };
      };

      it('sends the live tracks at once, shaped for the gallery, telling the server once', async () => {
        const { hook, api, published, getUserMedia } = setUp({ mode: 'DISCUSSION' });
        const tracks = handed();
        await act(() =>
          hook.result.current.joinWith({
            camera: true,
            microphone: true,
            tracks: tracks as unknown as HandedTracks,
          }),
        );
        expect(getUserMedia).not.toHaveBeenCalled();
        expect(tracks.camera.applyConstraints).toHaveBeenCalledWith(
          expect.objectContaining({ width: { ideal: 640 }, height: { ideal: 360 } }),
        );
        expect(api.setMedia).toHaveBeenCalledTimes(1);
        expect(api.setMedia).toHaveBeenCalledWith({
          camera: true,
          microphone: true,
          screen: false,
        });
        expect(published).toEqual([['preview', 'preview-mic']]);
        expect(hook.result.current.local.mic).toBe(tracks.microphone);
        expect(tracks.camera.stop).not.toHaveBeenCalled();
      });

      it('captures again only what ended before the meeting was ready', async () => {
        const { hook, published, getUserMedia } = setUp({ mode: 'DISCUSSION' });
        const tracks = handed();
        tracks.camera.stop();
        const fresh = videoTrack('camera');
        getUserMedia.mockResolvedValueOnce(cameraStream(fresh, micTrack('unused')));
        await act(() =>
          hook.result.current.joinWith({
            camera: true,
            microphone: true,
            tracks: tracks as unknown as HandedTracks,
          }),
        );
        expect(getUserMedia).toHaveBeenCalledTimes(1);
        const asked = (getUserMedia.mock.calls as unknown as MediaStreamConstraints[][])[0]?.[0];
        expect(asked?.audio).toBe(false);
        expect(asked?.video).toMatchObject({ width: { ideal: 640 } });
        expect(published).toEqual([['camera', 'preview-mic']]);
      });

      it('stops the handed tracks when the place is refused, and captures nothing', async () => {
        const { hook, api, setAlert, getUserMedia, published } = setUp({ mode: 'DISCUSSION' });
        vi.mocked(api.setMedia).mockRejectedValueOnce(
          new ApiError(409, ErrorCode.VIDEO_PUBLISHERS_FULL, '최대 4명까지 … LiveKit'),
        );
        const tracks = handed();
        await act(() =>
          hook.result.current.joinWith({
            camera: true,
            microphone: false,
            tracks: { camera: tracks.camera, microphone: null } as unknown as HandedTracks,
          }),
        );
        expect(setAlert).toHaveBeenCalledWith('최대 4명까지 … LiveKit');
        expect(getUserMedia).not.toHaveBeenCalled();
        expect(published).toEqual([]);
        expect(tracks.camera.stop).toHaveBeenCalled();
      });

      it('takes no place and keeps nothing when both were chosen off', async () => {
        const { hook, api, published } = setUp({ mode: 'DISCUSSION' });
        const tracks = handed();
        await act(() =>
          hook.result.current.joinWith({
            camera: false,
            microphone: false,
            tracks: tracks as unknown as HandedTracks,
          }),
        );
        expect(api.setMedia).not.toHaveBeenCalled();
        expect(published).toEqual([]);
        expect(tracks.camera.stop).toHaveBeenCalled();
        expect(tracks.microphone.stop).toHaveBeenCalled();
      });
    });

    it("shows the server's words when every place is taken, and captures nothing", async () => {
      const { hook, api, setAlert, getUserMedia } = setUp({ mode: 'DISCUSSION' });
      vi.mocked(api.setMedia).mockRejectedValueOnce(
        new ApiError(409, ErrorCode.VIDEO_PUBLISHERS_FULL, '최대 4명까지 … LiveKit'),
      );
      await act(() => hook.result.current.toggleMute());
      expect(setAlert).toHaveBeenCalledWith('최대 4명까지 … LiveKit');
      expect(getUserMedia).not.toHaveBeenCalled();
    });
  });
});
