import type { VideoMode } from '@teamup/contracts/video';
import { videoKo } from '../../../i18n/ko/video';

const t = videoKo.devices;

export type DeviceKind = 'videoinput' | 'audioinput' | 'audiooutput';

/** The devices chosen in this browser; '' is the system default. */
export interface DeviceChoice {
  camera: string;
  microphone: string;
  speaker: string;
}

export const defaultDevices: DeviceChoice = { camera: '', microphone: '', speaker: '' };

export interface DeviceOption {
  value: string;
  label: string;
}

export interface DeviceLists {
  camera: DeviceOption[];
  microphone: DeviceOption[];
  speaker: DeviceOption[];
  /** Labels are empty until the page may use a camera or microphone. */
  labelsHidden: boolean;
}

const KIND_NAMES: Record<DeviceKind, string> = {
  videoinput: t.camera,
  audioinput: t.microphone,
  audiooutput: t.speaker,
};

/**
 * The devices of each kind as choices, the system default first. Chromium lists the default
 * again as 'default' (and 'communications'): those are the first choice already. A device
 * without a label (no permission yet) is called by its kind and number.
 */
export function deviceLists(devices: MediaDeviceInfo[]): DeviceLists {
  const listOf = (kind: DeviceKind): DeviceOption[] => {
    const found = devices.filter(
      (device) =>
        device.kind === kind &&
        device.deviceId !== '' &&
        device.deviceId !== 'default' &&
        device.deviceId !== 'communications',
    );
    return [
      { value: '', label: t.systemDefault },
      ...found.map((device, index) => ({
        value: device.deviceId,
        label: device.label || t.unnamed(KIND_NAMES[kind], index + 1),
      })),
    ];
  };
  return {
    camera: listOf('videoinput'),
    microphone: listOf('audioinput'),
    speaker: listOf('audiooutput'),
    labelsHidden: devices.some((device) => device.kind !== 'audiooutput' && !device.label),
  };
}

/** A getUserMedia constraint for a chosen device: exact when one is chosen, else any. */
export function deviceConstraint(deviceId: string): MediaTrackConstraints | boolean {
  return deviceId ? { deviceId: { exact: deviceId } } : true;
}

/**
 * A discussion's camera: every publisher's picture is encoded once per other participant in the
 * built-in mesh and shown as one tile of many, so a tile-sized picture at a calm frame rate is
 * what each browser can carry for four (a presentation keeps the camera's own size).
 */
export function galleryCamera(deviceId: string): MediaTrackConstraints {
  return {
    ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
    width: { ideal: 640 },
    height: { ideal: 360 },
    frameRate: { ideal: 15, max: 24 },
  };
}

/** The camera as a meeting of this mode captures it: gallery-sized in a discussion. */
export function cameraConstraint(
  mode: VideoMode,
  deviceId: string,
): MediaTrackConstraints | boolean {
  return mode === 'DISCUSSION' ? galleryCamera(deviceId) : deviceConstraint(deviceId);
}

/** Whether this browser can send a media element's sound to a chosen speaker. */
export function canChooseSpeaker(): boolean {
  return typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;
}

const STORAGE_KEY = 'teamup.video.devices';

/** The last devices chosen in this browser (device ids are per site and browser profile). */
export function loadDeviceChoice(storage: Pick<Storage, 'getItem'> = localStorage): DeviceChoice {
  try {
    const parsed = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as Partial<DeviceChoice>;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return {
      camera: text(parsed.camera),
      microphone: text(parsed.microphone),
      speaker: text(parsed.speaker),
    };
  } catch {
    return defaultDevices;
  }
}

export function saveDeviceChoice(
  choice: DeviceChoice,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(choice));
  } catch {
    // Private mode or a full storage: the choice lasts for this meeting only.
  }
}

/**
 * A chosen device that is gone (unplugged) falls back to the default, so a capture never asks
 * for a device that cannot be found.
 */
export function availableChoice(choice: DeviceChoice, lists: DeviceLists): DeviceChoice {
  const keep = (id: string, options: DeviceOption[]) =>
    options.some((option) => option.value === id) ? id : '';
  return {
    camera: keep(choice.camera, lists.camera),
    microphone: keep(choice.microphone, lists.microphone),
    speaker: keep(choice.speaker, lists.speaker),
  };
}

/** Who is on the stage as seen from this tab (spec 02: one broadcaster at a time). */
export type BroadcastOwner = 'none' | 'here' | 'elsewhere' | 'other';

/**
 * The broadcaster as this tab sees it. The server knows people, not tabs: the same account in
 * another tab or on another device is 'me' to the roster, while this tab sends nothing. While
 * this tab is starting or stopping a source, the roster may still be a step behind: that is not
 * 'elsewhere'.
 */
export function broadcastOwner(
  broadcasterId: number | null,
  myId: number,
  sendingHere: boolean,
  changingHere: boolean,
): BroadcastOwner {
  if (broadcasterId === null) return sendingHere ? 'here' : 'none';
  if (broadcasterId !== myId) return 'other';
  return sendingHere || changingHere ? 'here' : 'elsewhere';
}
