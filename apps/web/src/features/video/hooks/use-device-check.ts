import { useEffect, useState } from 'react';
import { AudioMeter, HEARD_LEVEL } from '../lib/audio-meter';
import { deviceConstraint, type DeviceChoice } from '../lib/devices';

export type DeviceState = 'checking' | 'ok' | 'unavailable';

export interface DeviceCheck {
  /** The camera's picture, to preview; null until captured or when there is no camera. */
  preview: MediaStream | null;
  /** The microphone's capture (metered here); null until captured or when there is none. */
  sound: MediaStream | null;
  camera: DeviceState;
  microphone: DeviceState;
  /** The microphone's loudest recent sample, 0 (silence) to 1. */
  level: number;
  /** Whether the microphone has heard anything since this device was chosen. */
  heard: boolean;
}

export { HEARD_LEVEL };

const checking: DeviceCheck = {
  preview: null,
  sound: null,
  camera: 'checking',
  microphone: 'checking',
  level: 0,
  heard: false,
};

/** Captures one source, answering null when the browser refuses it or there is none. */
async function capture(constraints: MediaStreamConstraints): Promise<MediaStream | null> {
  try {
    return await navigator.mediaDevices.getUserMedia(constraints);
  } catch {
    return null;
  }
}

/**
 * The peak of the microphone's sound, read a few times a second, so a person sees their voice
 * move the meter. Answers the function that stops reading.
 */
function meter(stream: MediaStream, onLevel: (level: number) => void): () => void {
  const audio = new AudioMeter();
  audio.watch('mic', stream);
  const timer = setInterval(() => onLevel(audio.peak('mic')), 100);
  return () => {
    clearInterval(timer);
    audio.close();
  };
}

/**
 * The check before joining a meeting: the chosen camera and microphone, each captured on its own
 * (so one refused or missing does not hide the other), the camera shown and the microphone
 * metered. Everything captured stops when the check ends or the choice changes.
 */
export function useDeviceCheck(devices: DeviceChoice): DeviceCheck {
  const { camera, microphone } = devices;
  // What was found is kept with the choice it was found for: a new choice starts as 'checking'.
  const choice = `${camera}\n${microphone}`;
  const [found, setFound] = useState<DeviceCheck & { choice: string }>({
    ...checking,
    choice,
  });
  const supported =
    typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

  useEffect(() => {
    if (!supported) return undefined;
    let ended = false;
    const captured: MediaStream[] = [];
    let stopMeter = () => undefined as void;
    const keep = (stream: MediaStream | null) => {
      if (stream && ended) stream.getTracks().forEach((track) => track.stop());
      else if (stream) captured.push(stream);
      return ended ? null : stream;
    };
    const update = (change: (now: DeviceCheck) => Partial<DeviceCheck>) =>
      setFound((now) => {
        const base = now.choice === choice ? now : { ...checking, choice };
        return { ...base, ...change(base) };
      });
    // One after the other: Chromium asks for both permissions at once when both are pending.
    void (async () => {
      const video = keep(await capture({ video: deviceConstraint(camera) }));
      if (ended) return;
      update(() => ({ preview: video, camera: video ? 'ok' : 'unavailable' }));
      const audio = keep(await capture({ audio: deviceConstraint(microphone) }));
      if (ended) return;
      update(() => ({ sound: audio, microphone: audio ? 'ok' : 'unavailable' }));
      if (audio) {
        stopMeter = meter(audio, (level) =>
          update((now) => ({ level, heard: now.heard || level >= HEARD_LEVEL })),
        );
      }
    })();
    return () => {
      ended = true;
      stopMeter();
      for (const stream of captured) stream.getTracks().forEach((track) => track.stop());
    };
  }, [supported, choice, camera, microphone]);

  if (!supported) return { ...checking, camera: 'unavailable', microphone: 'unavailable' };
  return found.choice === choice ? found : checking;
}
