import { Limits } from '@teamup/contracts/limits';
import type { VideoMode } from '@teamup/contracts/video';
import { cameraConstraint, deviceConstraint, galleryCamera, type DeviceChoice } from './devices';

/** What this person has captured: camera (video + its microphone), microphone, screen. */
export interface LocalMedia {
  camera: MediaStream | null;
  mic: MediaStreamTrack | null;
  screen: MediaStream | null;
}

export const noLocalMedia: LocalMedia = { camera: null, mic: null, screen: null };

/** The tracks to send: the screen's video over the camera's, the microphone, the screen's sound. */
export function tracksToPublish(media: LocalMedia): MediaStreamTrack[] {
  const live = (track: MediaStreamTrack | null | undefined): track is MediaStreamTrack =>
    Boolean(track && track.readyState === 'live');
  const video = media.screen?.getVideoTracks()[0] ?? media.camera?.getVideoTracks()[0];
  const screenAudio = media.screen?.getAudioTracks()[0];
  return [video, media.mic, screenAudio].filter(live);
}

export function stopAll(media: LocalMedia): void {
  for (const stream of [media.camera, media.screen]) {
    stream?.getTracks().forEach((track) => track.stop());
  }
  media.mic?.stop();
}

/** Screen capture of spec 02 section 9: 1280x720 at 15 fps, with sound where the browser can. */
export function captureScreen(): Promise<MediaStream> {
  return navigator.mediaDevices.getDisplayMedia({
    video: {
      width: Limits.screenCaptureWidth,
      height: Limits.screenCaptureHeight,
      frameRate: Limits.screenCaptureFps,
    },
    audio: true,
  });
}

/** What to turn on right after joining. */
export interface JoinChoice {
  camera: boolean;
  microphone: boolean;
  /**
   * Copies of the check's live tracks for what is turned on, handed to the meeting so it sends at
   * once instead of asking the devices again (seconds on a busy laptop); the meeting owns them.
   */
  tracks?: HandedTracks;
}

export interface HandedTracks {
  camera: MediaStreamTrack | null;
  microphone: MediaStreamTrack | null;
}

/** A live copy of a stream's first track of a kind: it outlives the check that stops its own. */
export function handOver(
  stream: MediaStream | null,
  kind: 'video' | 'audio',
): MediaStreamTrack | null {
  const track = kind === 'video' ? stream?.getVideoTracks()[0] : stream?.getAudioTracks()[0];
  return track?.readyState === 'live' ? track.clone() : null;
}

/** Stops handed tracks the meeting did not take (a join that failed, a page left). */
export function stopHandedTracks(tracks: HandedTracks | undefined): void {
  tracks?.camera?.stop();
  tracks?.microphone?.stop();
}

/**
 * The tracks a join turns on: those the pre-join screen handed over while still live (its camera
 * shaped for a gallery in a discussion, on the device it was captured from), the rest captured
 * again from the chosen devices.
 */
export async function takeChosenTracks(
  choice: JoinChoice,
  mode: VideoMode,
  devices: DeviceChoice,
): Promise<{ video: MediaStreamTrack | null; mic: MediaStreamTrack | null }> {
  const live = (track: MediaStreamTrack | null | undefined) =>
    track?.readyState === 'live' ? track : null;
  let video = choice.camera ? live(choice.tracks?.camera) : null;
  let mic = choice.microphone ? live(choice.tracks?.microphone) : null;
  if ((choice.camera && !video) || (choice.microphone && !mic)) {
    const stream = await navigator.mediaDevices.getUserMedia({
      video: choice.camera && !video ? cameraConstraint(mode, devices.camera) : false,
      audio: choice.microphone && !mic ? deviceConstraint(devices.microphone) : false,
    });
    video ??= stream.getVideoTracks()[0] ?? null;
    mic ??= stream.getAudioTracks()[0] ?? null;
  } else if (video && mode === 'DISCUSSION') {
    // Only the size and rate: the device is the one the check captured.
    await video.applyConstraints(galleryCamera('')).catch(() => undefined);
  }
  return { video, mic };
}
