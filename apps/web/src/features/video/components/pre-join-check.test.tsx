import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { VideoMode } from '@teamup/contracts/video';
import { installBrowserShims } from '../../../test/render';
import type { JoinChoice } from '../lib/local-media';
import { PreJoinCheck } from './pre-join-check';

installBrowserShims();

/** A captured stream as the check reads it: its tracks, each stoppable and copied by clone(). */
const fakeStream = (kind: 'audio' | 'video'): MediaStream => {
  const track = {
    kind,
    id: `${kind}-1`,
    readyState: 'live',
    stop: vi.fn(),
    clone: () => ({ kind, id: `${kind}-copy`, readyState: 'live', stop: vi.fn() }),
  };
  return {
    id: `${kind}-stream`,
    getTracks: () => [track],
    getVideoTracks: () => (kind === 'video' ? [track] : []),
    getAudioTracks: () => (kind === 'audio' ? [track] : []),
  } as unknown as MediaStream;
};

/** The browser's capture: each kind found or refused. */
function stubDevices({ camera = true, microphone = true } = {}) {
  const video = fakeStream('video');
  const getUserMedia = vi.fn((constraints: MediaStreamConstraints) => {
    if (constraints.video) {
      return camera ? Promise.resolve(video) : Promise.reject(new Error('NotAllowedError'));
    }
    return microphone
      ? Promise.resolve(fakeStream('audio'))
      : Promise.reject(new Error('NotFoundError'));
  });
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia, addEventListener: vi.fn(), removeEventListener: vi.fn() },
    configurable: true,
  });
  return { getUserMedia, video };
}

function renderCheck(mode: VideoMode | undefined) {
  const onJoin = vi.fn<(choice: JoinChoice) => void>();
  const onCancel = vi.fn();
  render(
    <MantineProvider>
      <PreJoinCheck roomName="조별 토론" mode={mode} onJoin={onJoin} onCancel={onCancel} />
    </MantineProvider>,
  );
  return { onJoin, onCancel };
}

const noneHanded = { camera: false, microphone: false, handed: [null, null] };

/** The last join's choice, with the tracks it handed over named by id. */
function joined(onJoin: Mock<(choice: JoinChoice) => void>) {
  const choice = onJoin.mock.lastCall?.[0];
  return {
    camera: choice?.camera,
    microphone: choice?.microphone,
    handed: [choice?.tracks?.camera?.id ?? null, choice?.tracks?.microphone?.id ?? null],
  };
}

const cameraSwitch = () => screen.getByTestId<HTMLInputElement>('meeting-prejoin-with-camera');
const micSwitch = () => screen.getByTestId<HTMLInputElement>('meeting-prejoin-with-mic');

/** Waits until the check has an answer for both devices. */
async function checked(camera = 'ok', microphone = 'ok') {
  await waitFor(() => {
    expect(screen.getByTestId('meeting-prejoin-camera').dataset.state).toBe(camera);
    expect(screen.getByTestId('meeting-prejoin-mic').dataset.state).toBe(microphone);
  });
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'mediaDevices');
  vi.restoreAllMocks();
});

describe('PreJoinCheck', () => {
  it('joins a discussion with the camera and microphone on by default', async () => {
    const { getUserMedia, video } = stubDevices();
    const { onJoin } = renderCheck('DISCUSSION');
    expect(screen.getByTestId('meeting-prejoin-mode').textContent).toBe('회의 모드');
    expect(screen.getByRole('heading').textContent).toBe('참여 전 확인: 조별 토론');
    await checked();
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId<HTMLVideoElement>('meeting-prejoin-preview').srcObject).toBe(video);
    expect(cameraSwitch().checked).toBe(true);
    expect(micSwitch().checked).toBe(true);
    expect(cameraSwitch().disabled).toBe(false);
    expect(micSwitch().disabled).toBe(false);
    expect(screen.getByText(/회의 모드에서는 모두가 서로 보고 들을 수 있습니다/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('meeting-prejoin-join'));
    expect(onJoin).toHaveBeenCalledTimes(1);
    // The meeting gets copies of the live tracks, which outlive the check's own (stopped on leaving).
    expect(joined(onJoin)).toEqual({
      camera: true,
      microphone: true,
      handed: ['video-copy', 'audio-copy'],
    });
  });

  it('joins a discussion muted when the microphone switch is turned off', async () => {
    stubDevices();
    const { onJoin } = renderCheck('DISCUSSION');
    await checked();
    fireEvent.click(micSwitch());
    expect(micSwitch().checked).toBe(false);
    expect(cameraSwitch().checked).toBe(true);
    fireEvent.click(screen.getByTestId('meeting-prejoin-join'));
    expect(joined(onJoin)).toEqual({
      camera: true,
      microphone: false,
      handed: ['video-copy', null],
    });
  });

  it('joins a presentation with both off, unless switched on', async () => {
    stubDevices();
    const { onJoin } = renderCheck('PRESENTATION');
    expect(screen.getByTestId('meeting-prejoin-mode').textContent).toBe('발표 모드');
    await checked();
    expect(cameraSwitch().checked).toBe(false);
    expect(micSwitch().checked).toBe(false);
    expect(screen.getByText(/직접 켤 때에만 다른 참가자에게 보이고 들립니다/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('meeting-prejoin-join'));
    expect(joined(onJoin)).toEqual(noneHanded);
    fireEvent.click(cameraSwitch());
    expect(cameraSwitch().checked).toBe(true);
    fireEvent.click(screen.getByTestId('meeting-prejoin-join'));
    expect(joined(onJoin)).toEqual({
      camera: true,
      microphone: false,
      handed: ['video-copy', null],
    });
  });

  it('while the room is looked up shows no mode and holds the join until the mode is known', async () => {
    stubDevices();
    const onJoin = vi.fn<(choice: JoinChoice) => void>();
    const view = (mode: VideoMode | undefined) => (
      <MantineProvider>
        <PreJoinCheck
          roomName="조별 토론"
          mode={mode}
          lookingUp={mode === undefined}
          onJoin={onJoin}
          onCancel={vi.fn()}
        />
      </MantineProvider>
    );
    const { rerender } = render(view(undefined));
    expect(screen.queryByTestId('meeting-prejoin-mode')).toBeNull();
    await checked();
    const join = () => screen.getByTestId<HTMLButtonElement>('meeting-prejoin-join');
    expect(join().disabled).toBe(true);
    fireEvent.click(join());
    expect(onJoin).not.toHaveBeenCalled();

    // The mode comes: a discussion's defaults (both on) are what the join takes.
    rerender(view('DISCUSSION'));
    expect(join().disabled).toBe(false);
    expect(cameraSwitch().checked).toBe(true);
    expect(micSwitch().checked).toBe(true);
    fireEvent.click(join());
    expect(joined(onJoin)).toMatchObject({ camera: true, microphone: true });
  });

  it('turns off and disables the switches of devices that cannot be used', async () => {
    stubDevices({ camera: false, microphone: false });
    const { onJoin } = renderCheck('DISCUSSION');
    await checked('unavailable', 'unavailable');
    expect(cameraSwitch().disabled).toBe(true);
    expect(micSwitch().disabled).toBe(true);
    expect(cameraSwitch().checked).toBe(false);
    expect(micSwitch().checked).toBe(false);
    expect(screen.queryByTestId('meeting-prejoin-preview')).toBeNull();
    expect(screen.getByText(/카메라나 마이크를 쓸 수 없습니다/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('meeting-prejoin-join'));
    expect(joined(onJoin)).toEqual(noneHanded);
  });

  it('keeps the microphone on when only the camera is refused', async () => {
    stubDevices({ camera: false });
    const { onJoin } = renderCheck('DISCUSSION');
    await checked('unavailable', 'ok');
    expect(cameraSwitch().disabled).toBe(true);
    expect(cameraSwitch().checked).toBe(false);
    expect(micSwitch().disabled).toBe(false);
    expect(micSwitch().checked).toBe(true);
    fireEvent.click(screen.getByTestId('meeting-prejoin-join'));
    expect(joined(onJoin)).toEqual({
      camera: false,
      microphone: true,
      handed: [null, 'audio-copy'],
    });
  });

  it('goes back without joining', async () => {
    stubDevices();
    const { onJoin, onCancel } = renderCheck('DISCUSSION');
    await checked();
    fireEvent.click(screen.getByTestId('meeting-prejoin-cancel'));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onJoin).not.toHaveBeenCalled();
  });
});
