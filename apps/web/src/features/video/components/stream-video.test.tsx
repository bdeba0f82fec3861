import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { installBrowserShims } from '../../../test/render';
import { SelfView } from './stream-video';

installBrowserShims();
afterEach(cleanup);

describe('SelfView', () => {
  it('plays my own camera muted and mirrored in a small tile', () => {
    const play = vi
      .spyOn(HTMLMediaElement.prototype, 'play')
      .mockImplementation(() => Promise.resolve());
    const stream = {} as MediaStream;
    render(
      <MantineProvider>
        <SelfView stream={stream} />
      </MantineProvider>,
    );
    const video = screen.getByLabelText<HTMLVideoElement>('내 카메라 미리보기');
    expect(video.muted).toBe(true);
    expect(video.style.transform).toBe('scaleX(-1)');
    expect(video.srcObject).toBe(stream);
    expect(screen.getByTestId('meeting-self-view')).toBeTruthy();
    play.mockRestore();
  });
});
