import { useCallback, useRef, useState, type RefObject } from 'react';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { MediaState, VideoMode } from '@teamup/contracts/video';
import { errorMessage } from '../../../lib/error-message';
import { videoKo } from '../../../i18n/ko/video';
import type { meetingApi } from '../api/video-api';
import {
  captureScreen,
  noLocalMedia,
  stopAll,
  stopHandedTracks,
  takeChosenTracks,
  tracksToPublish,
  type JoinChoice,
  type LocalMedia,
} from '../lib/local-media';
import { cameraConstraint, deviceConstraint, type DeviceChoice } from '../lib/devices';
import type { MediaSession } from '../lib/media-session';
import { useChangeQueue } from './use-change-queue';

const alerts = videoKo.alerts;

interface LocalBroadcastDeps {
  api: ReturnType<typeof meetingApi> | null;
  myId: number | null;
  /** The meeting's media session, once connected. */
  mediaRef: RefObject<MediaSession | null>;
  /** Who broadcasts, as the last roster said. */
  broadcasterRef: RefObject<number | null>;
  /** The channel's mode: one broadcaster (its claim and alerts), or everyone (a place each). */
  modeRef: RefObject<VideoMode>;
  setAlert: (text: string) => void;
  /** The camera and microphone chosen in the device picker ('' for the default). */
  devicesRef: RefObject<DeviceChoice>;
}

type Source = keyof MediaState;

/** What the server is told this browser sends (PUT .../media). */
const mediaStateOf = (media: LocalMedia): MediaState => ({
  camera: Boolean(media.camera),
  microphone: Boolean(media.mic),
  screen: Boolean(media.screen),
});
const nothingSent: MediaState = { camera: false, microphone: false, screen: false };
const sameState = (a: MediaState, b: MediaState) =>
  a.camera === b.camera && a.microphone === b.microphone && a.screen === b.screen;

/**
 * This browser's camera, screen and microphone in a meeting (spec 02 "Track toggles"): each
 * toggle captures or stops its source and sends what is on. Starting any of them first takes a
 * publisher's place: in presentation mode the one-broadcaster rule (refused here when someone else
 * sends, and by the server); in discussion mode one of the places the server counts (issue 47),
 * which is also told what is on, for the others' tiles.
 */
export function useLocalBroadcast({
  api,
  myId,
  mediaRef,
  broadcasterRef,
  modeRef,
  setAlert,
  devicesRef,
}: LocalBroadcastDeps) {
  const [local, setLocal] = useState<LocalMedia>(noLocalMedia);
  const localRef = useRef<LocalMedia>(noLocalMedia);
  const { changing, whileChanging, atStep } = useChangeQueue();
  /**
   * Whether this tab holds the broadcast by its own claim. The roster says who broadcasts only
   * after the server announces it: right after giving the broadcast back it still names me, and a
   * source started then must claim again rather than trust it.
   */
  const claimed = useRef(false);
  /** What the server was last told this browser sends (discussion), to tell it only changes. */
  const told = useRef<MediaState>(nothingSent);
  const tell = useCallback(
    async (state: MediaState) => {
      if (!api) return;
      await api.setMedia(state);
      told.current = state;
    },
    [api],
  );
  const release = useCallback(async () => {
    claimed.current = false;
    if (modeRef.current === 'DISCUSSION') await tell(nothingSent).catch(() => undefined);
    else await api?.releaseBroadcast().catch(() => undefined);
  }, [api, modeRef, tell]);

  /** Sends the current local tracks; gives the broadcast up when nothing is left to send. */
  const republish = useCallback(
    async (next: LocalMedia) => {
      localRef.current = next;
      setLocal(next);
      const tracks = tracksToPublish(next);
      atStep(`send (${tracks.map((track) => track.kind).join(', ') || 'nothing'})`);
      try {
        await mediaRef.current?.publish(tracks);
      } catch {
        // Nothing left half on: what could not be sent is stopped and the broadcast given up.
        stopAll(next);
        localRef.current = noLocalMedia;
        setLocal(noLocalMedia);
        setAlert(alerts.publishFailed);
        await mediaRef.current?.publish([]).catch(() => undefined);
        await release();
        return;
      }
      if (tracks.length === 0) await release();
      else if (modeRef.current === 'DISCUSSION') {
        const state = mediaStateOf(next);
        if (!sameState(state, told.current)) await tell(state).catch(() => undefined);
      }
    },
    [mediaRef, modeRef, release, setAlert, tell, atStep],
  );

  const mayBroadcast = useCallback(
    async (source: Source, intended?: MediaState): Promise<boolean> => {
      const discussion = modeRef.current === 'DISCUSSION';
      const current = broadcasterRef.current;
      if (!discussion && current !== null && current !== myId) {
        setAlert(alerts.someoneBroadcasting);
        return false;
      }
      if (claimed.current || !api) return true;
      try {
        if (discussion)
          await tell(intended ?? { ...mediaStateOf(localRef.current), [source]: true });
        else await api.claimBroadcast();
        claimed.current = true;
        return true;
      } catch (error) {
        // A full discussion says so in the server's words (they name the way to larger meetings).
        setAlert(
          errorMessage(error, {
            byCode: { [ErrorCode.VIDEO_BROADCASTER_BUSY]: alerts.someoneBroadcasting },
          }),
        );
        return false;
      }
    },
    [api, myId, broadcasterRef, modeRef, setAlert, tell],
  );

  /**
   * Starts a source: claim, capture, send. A capture that fails shows `failedAlert` and gives the
   * claim back when nothing else is being sent.
   */
  const startSource = useCallback(
    async (
      source: Source,
      capture: (now: LocalMedia) => Promise<Partial<LocalMedia>>,
      failedAlert: string,
      intended?: MediaState,
    ) => {
      atStep(`claim (${source})`);
      if (!(await mayBroadcast(source, intended))) return;
      try {
        atStep(`capture (${source})`);
        const added = await capture(localRef.current);
        await republish({ ...localRef.current, ...added });
      } catch (error) {
        console.warn(`meeting: ${source} could not start`, error);
        setAlert(failedAlert);
        if (tracksToPublish(localRef.current).length === 0) await release();
      }
    },
    [mayBroadcast, republish, release, setAlert, atStep],
  );

  /** When a capture ends by itself (device gone, browser bar), say so and send what is left. */
  const onEnded = useCallback(
    (stream: MediaStream, key: 'camera' | 'screen', endedAlert: string) => {
      stream.getVideoTracks()[0]?.addEventListener('ended', () => {
        const now = localRef.current;
        if (now[key] !== stream) return;
        setAlert(endedAlert);
        void republish({ ...now, [key]: null });
      });
    },
    [republish, setAlert],
  );

  const toggleCamera = useCallback(
    () =>
      whileChanging('the camera', async () => {
        const media = localRef.current;
        if (media.camera) {
          media.camera.getTracks().forEach((track) => track.stop());
          media.mic?.stop();
          await republish({ ...media, camera: null, mic: null });
          return;
        }
        await startSource(
          'camera',
          async (now) => {
            const chosen = devicesRef.current.camera;
            const camera = await navigator.mediaDevices.getUserMedia({
              video: cameraConstraint(modeRef.current, chosen),
              audio: deviceConstraint(devicesRef.current.microphone),
            });
            onEnded(camera, 'camera', alerts.notSharingCamera);
            now.mic?.stop();
            return { camera, mic: camera.getAudioTracks()[0] ?? null };
          },
          alerts.deviceDenied,
        );
      }),
    [republish, startSource, onEnded, whileChanging, devicesRef, modeRef],
  );

  const toggleScreen = useCallback(
    () =>
      whileChanging('the screen share', async () => {
        const media = localRef.current;
        if (media.screen) {
          media.screen.getTracks().forEach((track) => track.stop());
          await republish({ ...media, screen: null });
          return;
        }
        await startSource(
          'screen',
          async () => {
            const screen = await captureScreen();
            onEnded(screen, 'screen', alerts.notSharingScreen);
            return { screen };
          },
          alerts.screenDenied,
        );
      }),
    [republish, startSource, onEnded, whileChanging],
  );

  const toggleMute = useCallback(
    () =>
      whileChanging('the microphone', async () => {
        const media = localRef.current;
        if (media.mic) {
          media.mic.stop();
          await republish({ ...media, mic: null });
          return;
        }
        await startSource(
          'microphone',
          async () => {
            const stream = await navigator.mediaDevices.getUserMedia({
              audio: deviceConstraint(devicesRef.current.microphone),
            });
            return { mic: stream.getAudioTracks()[0] ?? null };
          },
          alerts.deviceDenied,
        );
      }),
    [republish, startSource, whileChanging, devicesRef],
  );

  /**
   * Turns on what the pre-join screen chose, once in. Its live tracks are taken as they are (the
   * picture shaped for a gallery in a discussion), so the others see and hear this person as soon
   * as the place is taken; a track that is gone by then is captured again. The place is claimed
   * with everything that will be on, so the server is told once.
   */
  const joinWith = useCallback(
    (choice: JoinChoice) =>
      whileChanging('joining with the chosen devices', async () => {
        const handed = choice.tracks;
        const source: Source | null = choice.camera
          ? 'camera'
          : choice.microphone
            ? 'microphone'
            : null;
        if (source === null) {
          stopHandedTracks(handed);
          return;
        }
        await startSource(
          source,
          async () => {
            const { video, mic } = await takeChosenTracks(
              choice,
              modeRef.current,
              devicesRef.current,
            );
            if (!video) return { mic };
            const camera = new MediaStream(mic ? [video, mic] : [video]);
            onEnded(camera, 'camera', alerts.notSharingCamera);
            return { camera, mic };
          },
          alerts.deviceDenied,
          { camera: choice.camera, microphone: choice.microphone, screen: false },
        ).finally(() => {
          // Whatever was handed and not taken (a refused place, a failed capture) stops.
          const taken = tracksToPublish(localRef.current);
          for (const track of [handed?.camera, handed?.microphone]) {
            if (track && !taken.includes(track)) track.stop();
          }
        });
      }),
    [startSource, onEnded, whileChanging, devicesRef, modeRef],
  );

  /**
   * Another camera or microphone was chosen: what is on now is captured again from it and sent
   * in place of the old tracks (the broadcast is already ours, nothing is claimed). What is off
   * stays off; a failed capture keeps the old device and says so.
   */
  const switchDevices = useCallback(
    (previous: DeviceChoice) =>
      whileChanging('the device switch', async () => {
        const media = localRef.current;
        const chosen = devicesRef.current;
        const cameraChanged = Boolean(media.camera) && chosen.camera !== previous.camera;
        const micChanged = Boolean(media.mic) && chosen.microphone !== previous.microphone;
        if (!cameraChanged && !micChanged) return;
        try {
          const stream = await navigator.mediaDevices.getUserMedia({
            video: cameraChanged ? cameraConstraint(modeRef.current, chosen.camera) : false,
            audio: micChanged ? deviceConstraint(chosen.microphone) : false,
          });
          const next = { ...localRef.current };
          if (cameraChanged) {
            next.camera?.getVideoTracks().forEach((track) => track.stop());
            const camera = new MediaStream(stream.getVideoTracks());
            onEnded(camera, 'camera', alerts.notSharingCamera);
            next.camera = camera;
          }
          if (micChanged) {
            next.mic?.stop();
            next.mic = stream.getAudioTracks()[0] ?? null;
            // The camera's stream keeps the microphone it plays (its sound stays off: muted).
            if (next.camera && next.mic) {
              next.camera.getAudioTracks().forEach((track) => next.camera?.removeTrack(track));
              next.camera.addTrack(next.mic);
            }
          }
          await republish(next);
        } catch {
          setAlert(videoKo.devices.switchFailed);
        }
      }),
    [republish, onEnded, setAlert, whileChanging, devicesRef, modeRef],
  );

  /** What this browser sends now (for a media session that starts after it was turned on). */
  const sentTracks = useCallback(() => tracksToPublish(localRef.current), []);

  /** Leaving the meeting: every local track stops. */
  const stopLocal = useCallback(() => {
    stopAll(localRef.current);
    localRef.current = noLocalMedia;
    claimed.current = false;
    told.current = nothingSent;
  }, []);

  return {
    local,
    changing,
    toggleCamera,
    toggleScreen,
    toggleMute,
    switchDevices,
    joinWith,
    sentTracks,
    stopLocal,
  };
}
