import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ChatAttachment } from '@teamup/contracts/chat';
import { renderPage } from '../../../test/render';
import { installChatShims } from '../test/fixtures';
import { stubApi } from '../../../test/stub-api';
import { MessageAttachments } from './message-attachment';

const image = (id: number, fileName: string): ChatAttachment => ({
  id,
  type: 'image',
  url: `/api/chat-attachments/${id}`,
  fileName,
  size: 2048,
});
const file: ChatAttachment = {
  id: 9,
  type: 'file',
  url: '/api/chat-attachments/9',
  fileName: '회의록.txt',
  size: 512,
};

beforeEach(() => {
  installChatShims();
  localStorage.clear();
  let next = 0;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: vi.fn(() => `blob:test/${++next}`),
  });
  Object.defineProperty(URL, 'revokeObjectURL', {
    configurable: true,
    writable: true,
    value: vi.fn(),
  });
  stubApi(() => new Response('png', { headers: { 'Content-Type': 'image/png' } }), { user: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const position = () => screen.getByTestId('chat-lightbox-position').textContent;
const shownImage = () => screen.getByTestId('chat-lightbox-image');

describe('MessageAttachments', () => {
  it('shows the images as a grid and the other files as download chips', async () => {
    renderPage(
      '/',
      <MessageAttachments attachments={[image(1, 'a.png'), file, image(2, 'b.png')]} />,
    );
    await waitFor(() =>
      expect(
        screen.getAllByTestId('chat-attachment-image').map((img) => img.getAttribute('alt')),
      ).toEqual(['a.png', 'b.png']),
    );
    // Named by the name (and size) it shows, then the action (WCAG 2.5.3).
    expect(screen.getByRole('button', { name: /^회의록\.txt .*다운로드$/ })).toBe(
      screen.getByTestId('chat-attachment-file'),
    );
    expect(screen.queryByTestId('chat-upload-progress')).toBeNull();
  });

  it('opens an image large; next and previous step through the message’s images; Esc closes', async () => {
    renderPage(
      '/',
      <MessageAttachments
        attachments={[image(1, 'a.png'), image(2, 'b.png'), file, image(3, 'c.png')]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'b.png 크게 보기' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toBeTruthy();
    await waitFor(() => expect(shownImage().getAttribute('alt')).toBe('b.png'));
    expect(position()).toBe('2 / 3');
    fireEvent.click(screen.getByRole('button', { name: '다음 이미지' }));
    await waitFor(() => expect(shownImage().getAttribute('alt')).toBe('c.png'));
    expect(position()).toBe('3 / 3');
    // The arrow keys step too, wrapping round.
    fireEvent.keyDown(shownImage(), { key: 'ArrowRight' });
    await waitFor(() => expect(position()).toBe('1 / 3'));
    fireEvent.click(screen.getByRole('button', { name: '이전 이미지' }));
    await waitFor(() => expect(position()).toBe('3 / 3'));
    fireEvent.keyDown(shownImage(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the upload’s progress while the message is being sent', () => {
    const picked = new File(['abc'], 'a.png', { type: 'image/png' });
    renderPage(
      '/',
      <MessageAttachments
        attachments={[{ ...image(0, 'a.png'), url: '' }]}
        files={[picked]}
        progress={0.4}
      />,
    );
    const bar = screen.getByRole('progressbar', { name: '파일 올리는 중 40%' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    // The picked file itself is shown: nothing is fetched for it.
    expect(fetch).not.toHaveBeenCalled();
  });
});
