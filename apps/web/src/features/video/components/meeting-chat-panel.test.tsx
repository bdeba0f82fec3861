import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { MeetingChatLine } from '@teamup/contracts/video';
import { installBrowserShims } from '../../../test/render';
import { MeetingChatPanel } from './meeting-chat-panel';

installBrowserShims();
afterEach(cleanup);

const line = (id: number, message: string): MeetingChatLine => ({
  id,
  senderId: 1,
  senderName: '김민지',
  senderEmail: 'minji@example.com',
  message,
  sentAt: '2026-11-24T10:00:00.000Z',
});

function renderChat(onSend: (message: string) => boolean, connected = true) {
  render(
    <MantineProvider>
      <MeetingChatPanel lines={[line(1, '안녕하세요')]} connected={connected} onSend={onSend} />
    </MantineProvider>,
  );
  return screen.getByTestId<HTMLInputElement>('meeting-chat-input');
}

describe('MeetingChatPanel', () => {
  it('sends the trimmed text on Enter and clears the input', () => {
    const onSend = vi.fn(() => true);
    const input = renderChat(onSend);
    expect(screen.getByText('안녕하세요')).toBeTruthy();
    fireEvent.change(input, { target: { value: '  회의 시작할게요 ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('회의 시작할게요');
    expect(input.value).toBe('');
  });

  it('does not send while a Korean syllable is being composed, nor blank text', () => {
    const onSend = vi.fn(() => true);
    const input = renderChat(onSend);
    fireEvent.change(input, { target: { value: '안녕' } });
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('keeps the text when it could not be sent', () => {
    const input = renderChat(() => false);
    fireEvent.change(input, { target: { value: '전송 실패' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('전송 실패');
  });
});
