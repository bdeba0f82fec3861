import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { PresenceDot, WithPresence } from './presence-dot';

afterEach(cleanup);

describe('presence dot', () => {
  it('names each status for screen readers and as a tooltip', () => {
    render(
      <>
        <PresenceDot status="ONLINE" />
        <PresenceDot status="AWAY" />
        <WithPresence status="OFFLINE">
          <span>아바타</span>
        </WithPresence>
      </>,
    );
    const dots = screen.getAllByRole('img');
    expect(dots.map((dot) => dot.getAttribute('aria-label'))).toEqual([
      '온라인',
      '자리 비움',
      '오프라인',
    ]);
    expect(dots.map((dot) => dot.getAttribute('title'))).toEqual([
      '온라인',
      '자리 비움',
      '오프라인',
    ]);
    expect(dots.map((dot) => dot.dataset.status)).toEqual(['ONLINE', 'AWAY', 'OFFLINE']);
    expect(screen.getByText('아바타')).toBeTruthy();
  });
});
