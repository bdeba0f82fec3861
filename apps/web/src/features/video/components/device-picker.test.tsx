import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { installBrowserShims } from '../../../test/render';
import { DevicePicker } from './device-picker';

installBrowserShims();
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

const device = (kind: MediaDeviceKind, deviceId: string, label: string) =>
  ({ kind, deviceId, label, groupId: 'g' }) as MediaDeviceInfo;

function setUp() {
  const enumerateDevices = vi.fn(() =>
    Promise.resolve([
      device('videoinput', 'cam-1', '내장 카메라'),
      device('videoinput', 'cam-2', 'USB 카메라'),
      device('audioinput', 'mic-1', '내장 마이크'),
      device('audiooutput', 'spk-1', '헤드폰'),
    ]),
  );
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { enumerateDevices, addEventListener: vi.fn(), removeEventListener: vi.fn() },
    configurable: true,
  });
  const onChange = vi.fn();
  render(
    <MantineProvider>
      <DevicePicker value={{ camera: '', microphone: '', speaker: '' }} onChange={onChange} />
    </MantineProvider>,
  );
  return { enumerateDevices, onChange };
}

describe('DevicePicker', () => {
  it('lists the cameras, microphones and speakers when opened and reports a choice', async () => {
    const { enumerateDevices, onChange } = setUp();
    expect(enumerateDevices).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '장치 설정' }));
    const camera = await screen.findByTestId<HTMLInputElement>('meeting-device-camera');
    expect(enumerateDevices).toHaveBeenCalledTimes(1);
    expect(camera.value).toBe('기본 장치');
    fireEvent.click(camera);
    fireEvent.click(await screen.findByRole('option', { name: 'USB 카메라', hidden: true }));
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith({ camera: 'cam-2', microphone: '', speaker: '' }),
    );
  });

  it('turns the speaker choice off, saying why, where the browser cannot choose one', async () => {
    const sink = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'setSinkId');
    Reflect.deleteProperty(HTMLMediaElement.prototype, 'setSinkId');
    setUp();
    fireEvent.click(screen.getByRole('button', { name: '장치 설정' }));
    const speaker = await screen.findByTestId<HTMLInputElement>('meeting-device-speaker');
    expect(speaker.disabled).toBe(true);
    expect(
      screen.getByText('이 브라우저에서는 스피커를 고를 수 없습니다. 시스템 설정을 이용해주세요.'),
    ).toBeTruthy();
    if (sink) Object.defineProperty(HTMLMediaElement.prototype, 'setSinkId', sink);
  });
});
