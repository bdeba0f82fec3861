import { describe, expect, it } from 'vitest';
import {
  availableChoice,
  broadcastOwner,
  deviceConstraint,
  deviceLists,
  loadDeviceChoice,
  saveDeviceChoice,
} from './devices';

const device = (kind: MediaDeviceKind, deviceId: string, label = '') =>
  ({ kind, deviceId, label, groupId: 'g' }) as MediaDeviceInfo;

describe('deviceLists', () => {
  it('lists each kind with the system default first, without the browser default aliases', () => {
    const lists = deviceLists([
      device('videoinput', 'cam-1', 'FaceTime HD Camera'),
      device('audioinput', 'default', '기본값 - 내장 마이크'),
      device('audioinput', 'communications', '통신'),
      device('audioinput', 'mic-1', '내장 마이크'),
      device('audioinput', 'mic-2', 'USB 마이크'),
      device('audiooutput', 'spk-1', '스피커'),
    ]);
    expect(lists.camera).toEqual([
      { value: '', label: '기본 장치' },
      { value: 'cam-1', label: 'FaceTime HD Camera' },
    ]);
    expect(lists.microphone.map((option) => option.value)).toEqual(['', 'mic-1', 'mic-2']);
    expect(lists.speaker.map((option) => option.label)).toEqual(['기본 장치', '스피커']);
    expect(lists.labelsHidden).toBe(false);
  });

  it('names devices by kind and number before permission gives their labels', () => {
    const lists = deviceLists([device('videoinput', 'a'), device('videoinput', 'b')]);
    expect(lists.camera.map((option) => option.label)).toEqual([
      '기본 장치',
      '카메라 1',
      '카메라 2',
    ]);
    expect(lists.labelsHidden).toBe(true);
  });
});

describe('device choice', () => {
  it('asks for exactly the chosen device, or any', () => {
    expect(deviceConstraint('cam-1')).toEqual({ deviceId: { exact: 'cam-1' } });
    expect(deviceConstraint('')).toBe(true);
  });

  it('falls back to the default for an unplugged device', () => {
    const lists = deviceLists([device('videoinput', 'cam-1', 'A')]);
    expect(availableChoice({ camera: 'cam-9', microphone: 'mic-1', speaker: '' }, lists)).toEqual({
      camera: '',
      microphone: '',
      speaker: '',
    });
    expect(availableChoice({ camera: 'cam-1', microphone: '', speaker: '' }, lists).camera).toBe(
      'cam-1',
    );
  });

  it('is kept in the browser, and a broken entry reads as the defaults', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    saveDeviceChoice({ camera: 'c', microphone: 'm', speaker: 's' }, storage);
    expect(loadDeviceChoice(storage)).toEqual({ camera: 'c', microphone: 'm', speaker: 's' });
    store.set('teamup.video.devices', '{broken');
    expect(loadDeviceChoice(storage)).toEqual({ camera: '', microphone: '', speaker: '' });
  });
});

describe('broadcastOwner', () => {
  const ME = 7;
  it("tells this tab's broadcast from the same account's broadcast elsewhere", () => {
    expect(broadcastOwner(null, ME, false, false)).toBe('none');
    expect(broadcastOwner(9, ME, false, false)).toBe('other');
    expect(broadcastOwner(ME, ME, true, false)).toBe('here');
    // Same account, nothing sent from this tab: another tab or device broadcasts.
    expect(broadcastOwner(ME, ME, false, false)).toBe('elsewhere');
    // This tab is starting or stopping: the roster is a step behind, not another tab.
    expect(broadcastOwner(ME, ME, false, true)).toBe('here');
  });
});
