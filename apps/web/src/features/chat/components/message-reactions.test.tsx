import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ChatReaction } from '@teamup/contracts/chat';
import { renderPage } from '../../../test/render';
import { ReactionBar, ReactionPicker } from './message-reactions';

afterEach(cleanup);

const reactions: ChatReaction[] = [
  {
    emoji: '👍',
    count: 2,
    users: [
      { id: 5, name: '이서연' },
      { id: 3, name: '김민지' },
    ],
  },
  { emoji: '😂', count: 1, users: [{ id: 8, name: '박지훈' }] },
];

describe('ReactionBar', () => {
  it('shows each emoji with its count, mine pressed, and toggles on a press', () => {
    const onToggle = vi.fn();
    renderPage('/', <ReactionBar reactions={reactions} myId={3} onToggle={onToggle} />);
    const chips = screen.getAllByTestId('chat-reaction');
    expect(chips.map((chip) => chip.textContent)).toEqual(['👍2', '😂1']);
    expect(chips.map((chip) => chip.getAttribute('aria-pressed'))).toEqual(['true', 'false']);
    expect(chips[0]?.getAttribute('aria-label')).toBe('👍 2 공감, 나도 공감함');
    fireEvent.click(chips[1]!);
    expect(onToggle).toHaveBeenCalledWith('😂');
  });

  it('names who reacted on hover', async () => {
    renderPage('/', <ReactionBar reactions={reactions} myId={3} onToggle={() => undefined} />);
    fireEvent.mouseEnter(screen.getAllByTestId('chat-reaction')[0]!);
    expect(await screen.findByText('이서연, 김민지')).toBeTruthy();
  });

  it('shows nothing when there are no reactions', () => {
    renderPage('/', <ReactionBar reactions={[]} myId={3} onToggle={() => undefined} />);
    expect(screen.queryByTestId('chat-reactions')).toBeNull();
  });
});

describe('ReactionPicker', () => {
  it('offers the fixed set and closes after a pick', async () => {
    const onPick = vi.fn();
    renderPage('/', <ReactionPicker onPick={onPick} />);
    fireEvent.click(screen.getByTestId('chat-reaction-add'));
    const picks = await screen.findAllByTestId('chat-reaction-pick');
    expect(picks.map((pick) => pick.textContent)).toEqual([
      '👍',
      '❤️',
      '😂',
      '😮',
      '😢',
      '🙏',
      '✅',
    ]);
    fireEvent.click(picks[6]!);
    expect(onPick).toHaveBeenCalledWith('✅');
    await waitFor(() => expect(screen.queryByTestId('chat-reaction-picker')).toBeNull());
  });
});
