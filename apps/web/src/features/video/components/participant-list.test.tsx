import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { VideoParticipant } from '@teamup/contracts/video';
import { installBrowserShims } from '../../../test/render';
import { ParticipantList } from './participant-list';

installBrowserShims();
afterEach(cleanup);

const participant = (
  id: number,
  userId: number,
  name: string,
  image: string | null = null,
): VideoParticipant => ({
  id,
  userId,
  name,
  email: `${name}@example.com`,
  profileImageUrl: image,
  joinedAt: '2026-11-24T10:00:00.000Z',
  media: { camera: false, microphone: false, screen: false },
});

describe('ParticipantList', () => {
  function renderList(
    cameraOn: boolean,
    canRemove: boolean,
    onRemove = vi.fn(),
    micOnUserId: number | null = null,
  ) {
    render(
      <MantineProvider>
        <ParticipantList
          participants={[
            participant(10, 1, '나', null),
            participant(11, 2, '상대', '/files/p.png'),
          ]}
          myId={1}
          broadcasterId={2}
          micOnUserId={micOnUserId}
          cameraOn={cameraOn}
          canRemove={canRemove}
          onRemove={onRemove}
        />
      </MantineProvider>,
    );
    return onRemove;
  }

  it('shows images or 60x60 placeholders, the own marker, the broadcaster, and dims own image with the camera off', () => {
    renderList(false, false);
    const images = screen.getAllByRole<HTMLImageElement>('img', { hidden: true });
    const rows = screen.getAllByTestId('meeting-participant');
    const ownImage = rows[0]?.querySelector('img');
    const otherImage = rows[1]?.querySelector('img');
    expect(images.length).toBeGreaterThan(0);
    expect(ownImage?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(ownImage?.getAttribute('width')).toBe('60');
    expect(ownImage?.style.opacity).toBe('0.4');
    expect(otherImage?.getAttribute('src')).toBe('/files/p.png');
    expect(otherImage?.style.opacity).toBe('1');
    expect(rows[0]?.textContent).toContain('나');
    expect(rows[1]?.textContent).toContain('방송 중');
    expect(screen.queryByTestId('meeting-remove')).toBeNull();
  });

  it("shows whose microphone is on: the broadcaster's when it sends sound, every other one off", () => {
    renderList(true, false, vi.fn(), 2);
    const mics = screen.getAllByTestId('meeting-participant-mic');
    expect(mics.map((mic) => mic.getAttribute('aria-label'))).toEqual([
      '마이크 꺼짐',
      '마이크 켜짐',
    ]);
    cleanup();
    renderList(true, false, vi.fn(), null);
    expect(screen.getAllByTestId('meeting-participant-mic').map((mic) => mic.dataset.on)).toEqual([
      'false',
      'false',
    ]);
  });

  it('offers removal of others, never of oneself, to those who may', () => {
    const onRemove = renderList(true, true);
    const buttons = screen.getAllByTestId('meeting-remove');
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0] as HTMLElement);
    expect(onRemove).toHaveBeenCalledWith(expect.objectContaining({ userId: 2 }));
    const ownImage = screen.getAllByTestId('meeting-participant')[0]?.querySelector('img');
    expect(ownImage?.style.opacity).toBe('1');
  });
});

describe('the same account in two tabs', () => {
  function renderList(broadcastingElsewhere: boolean) {
    render(
      <MantineProvider>
        <ParticipantList
          participants={[participant(10, 1, '나'), participant(11, 2, '상대')]}
          myId={1}
          broadcasterId={1}
          micOnUserId={null}
          cameraOn={false}
          broadcastingElsewhere={broadcastingElsewhere}
          canRemove={false}
          onRemove={vi.fn()}
        />
      </MantineProvider>,
    );
    return screen.getByTestId('meeting-broadcasting-badge');
  }

  it('says my broadcast comes from another tab or device when this tab sends nothing', () => {
    expect(renderList(true).textContent).toBe('다른 탭/기기에서 방송 중');
  });

  it('says plainly "방송 중" when this tab is the one broadcasting', () => {
    expect(renderList(false).textContent).toBe('방송 중');
  });
});
