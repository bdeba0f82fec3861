import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { ChatMessages } from '@teamup/contracts/chat';
import { Limits } from '@teamup/contracts/limits';
import { renderPage } from '../../../test/render';
import { installChatShims } from '../test/fixtures';
import { MessageComposer, type ComposerHandle } from './message-composer';

beforeEach(installChatShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pick = (files: File[]) =>
  fireEvent.change(screen.getByTestId('chat-file-input'), { target: { files } });
const chipNames = () =>
  screen.queryAllByTestId('chat-file-chip').map((chip) => chip.querySelector('p')?.textContent);

function setup() {
  const onSend = vi.fn();
  const handle = createRef<ComposerHandle>();
  renderPage('/', <MessageComposer onSend={onSend} handle={handle} />);
  return { onSend, handle };
}

describe('MessageComposer with files', () => {
  it('picks several files at once, shows each as a chip, removes one, and sends the rest in order', () => {
    const { onSend } = setup();
    expect(screen.getByTestId('chat-file-input').hasAttribute('multiple')).toBe(true);
    const a = new File(['aaa'], 'a.png', { type: 'image/png' });
    const b = new File(['bb'], 'b.txt', { type: 'text/plain' });
    const c = new File(['c'], 'c.pdf', { type: 'application/pdf' });
    pick([a, b, c]);
    expect(chipNames()).toEqual(['a.png', 'b.txt', 'c.pdf']);
    expect(screen.getByRole('list', { name: '보낼 파일 3개' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '첨부 취소: b.txt' }));
    expect(chipNames()).toEqual(['a.png', 'c.pdf']);
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: '자료입니다' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    expect(onSend).toHaveBeenCalledWith('자료입니다', [a, c]);
    expect(chipNames()).toEqual([]);
  });

  it('sends files without text, and adds files the room hands over (a drop)', () => {
    const { onSend, handle } = setup();
    const dropped = new File(['d'], '드롭.txt', { type: 'text/plain' });
    act(() => handle.current?.addFiles([dropped]));
    expect(chipNames()).toEqual(['드롭.txt']);
    fireEvent.click(screen.getByTestId('chat-send'));
    expect(onSend).toHaveBeenCalledWith('', [dropped]);
  });

  it('adds a pasted screenshot as 붙여넣은 이미지.png and leaves pasted text alone', () => {
    setup();
    const input = screen.getByTestId('chat-input');
    const screenshot = new File(['png'], 'image.png', { type: 'image/png' });
    fireEvent.paste(input, { clipboardData: { files: [screenshot], items: [] } });
    expect(chipNames()).toEqual(['붙여넣은 이미지.png']);
    const text = fireEvent.paste(input, { clipboardData: { files: [], items: [] } });
    // Not prevented: the browser pastes the text itself.
    expect(text).toBe(true);
    expect(chipNames()).toHaveLength(1);
  });

  it('refuses files past the limit with the reason and keeps the ones that fit', () => {
    setup();
    const many = Array.from(
      { length: Limits.chatFilesPerMessage + 2 },
      (_, i) => new File(['x'], `${i}.txt`, { type: 'text/plain' }),
    );
    pick(many);
    expect(chipNames()).toHaveLength(Limits.chatFilesPerMessage);
    expect(screen.getByRole('alert').textContent).toBe(ChatMessages.tooManyFiles);
    // Removing one clears the reason; the chip list names each file for screen readers.
    const chips = screen.getByTestId('chat-attachment-preview');
    fireEvent.click(within(chips).getByRole('button', { name: '첨부 취소: 0.txt' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(chipNames()[0]).toBe('1.txt');
  });
});

describe('MessageComposer mentions', () => {
  /** Types one letter where the caret is, as a browser does. */
  function typeAtCaret(input: HTMLTextAreaElement, letter: string) {
    const at = input.selectionStart;
    const value = input.value.slice(0, at) + letter + input.value.slice(input.selectionEnd);
    fireEvent.change(input, { target: { value } });
    input.setSelectionRange(at + letter.length, at + letter.length);
  }
  const nextFrame = () =>
    act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

  it('keeps letters typed right after a picked name in order, before and after the next frame', async () => {
    const onSend = vi.fn();
    renderPage(
      '/',
      <MessageComposer onSend={onSend} members={[{ id: 7, name: '홍길동', imageUrl: null }]} />,
    );
    const input = screen.getByTestId<HTMLTextAreaElement>('chat-input');
    input.focus();
    typeAtCaret(input, '@');
    typeAtCaret(input, '홍길');
    expect(screen.getByTestId('chat-mention-option').textContent).toContain('홍길동');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('@홍길동 ');
    // The first letter lands before the browser draws again; the rest after it.
    typeAtCaret(input, '자');
    await nextFrame();
    typeAtCaret(input, '료');
    await nextFrame();
    expect(input.value).toBe('@홍길동 자료');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('<@7> 자료', []);
  });
});
