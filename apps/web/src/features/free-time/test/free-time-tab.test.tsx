import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FreeTimeWeek } from '@teamup/contracts/free-time';
import { tokenStore } from '../../../lib/token-store';
import { renderPage } from '../../../test/render';
import { ok, stubApi, testUser, type ApiCall } from '../../../test/stub-api';
import { FreeTimeTab } from '../components/free-time-tab';

const ME = testUser.id;
const OTHER = 5;
const WEEK_URL = '/api/teams/7/free-time/2026-11-30';

/** The week as the server answers it: my slots, and OTHER free on Tuesday 10:00–11:00. */
function weekWith(mySlots: number[]): FreeTimeWeek {
  const theirs = [44 - 8, 44 - 7];
  const freeUserIds = Array.from({ length: 224 }, (_, slot) => [
    ...(mySlots.includes(slot) ? [ME] : []),
    ...(theirs.includes(slot) ? [OTHER] : []),
  ]);
  return {
    teamId: 7,
    weekStart: '2026-11-30',
    startsAt: '2026-11-30T00:00:00+09:00',
    timeZone: 'Asia/Seoul',
    dayStartHour: 8,
    slotMinutes: 30,
    slotsPerDay: 32,
    mySlots,
    members: [
      { userId: OTHER, name: '이서준', profileImageUrl: null, responded: true },
      { userId: ME, name: testUser.name, profileImageUrl: null, responded: mySlots.length > 0 },
    ],
    counts: freeUserIds.map((ids) => ids.length),
    freeUserIds,
    busy: [
      {
        scheduleId: 3,
        title: '주간 회의',
        type: 'MEETING',
        startDate: '2026-12-02T05:00:00.000Z',
        endDate: '2026-12-02T06:00:00.000Z',
        slots: [76, 77],
      },
    ],
  };
}

/** Answers GET with the saved slots and PUT by saving them. */
function serveWeek(initial: number[] = []) {
  let saved = initial;
  return stubApi((call: ApiCall) => {
    if (call.path !== WEEK_URL && call.path !== `${WEEK_URL}/me`) return undefined;
    if (call.method === 'PUT') saved = (call.body as { slots: number[] }).slots;
    return ok(weekWith(saved));
  });
}

const puts = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'PUT').map((call) => call.body);

const mineCell = (slot: number) => {
  const cell = within(screen.getByTestId('free-time-mine'))
    .getAllByRole('gridcell')
    .find((element) => element.dataset['slot'] === String(slot));
  if (!cell) throw new Error(`no slot ${slot}`);
  return cell;
};
const heatCell = (slot: number) => {
  const cell = screen
    .getByTestId('free-time-heat')
    .querySelector<HTMLElement>(`[data-slot="${slot}"]`);
  if (!cell) throw new Error(`no heat slot ${slot}`);
  return cell;
};

const onCreateSchedule = vi.fn();

function renderTab() {
  return renderPage('/', <FreeTimeTab teamId={7} onCreateSchedule={onCreateSchedule} />);
}

beforeEach(() => {
  onCreateSchedule.mockClear();
  // Tuesday 1 December 2026, noon in Seoul: the week of Monday 30 November.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T03:00:00Z'));
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: ME });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('FreeTimeTab', () => {
  it('paints a rectangle by pointer from an empty slot, and clears from a painted one', async () => {
    const calls = serveWeek();
    renderTab();
    await screen.findByTestId('free-time-mine');
    await waitFor(() => expect(mineCell(0).getAttribute('aria-busy')).toBeNull());

    // Monday 08:00 dragged to Tuesday 08:30: two days by two half hours.
    fireEvent.pointerDown(mineCell(0));
    fireEvent.pointerMove(mineCell(1));
    fireEvent.pointerMove(mineCell(33));
    expect(mineCell(33).getAttribute('aria-selected')).toBe('true');
    expect(puts(calls)).toEqual([]);
    act(() => {
      fireEvent.pointerUp(window);
    });
    await waitFor(() => expect(puts(calls)).toEqual([{ slots: [0, 1, 32, 33] }]));
    await waitFor(() =>
      expect(screen.getByTestId('free-time-save-state').textContent).toBe('저장됨'),
    );

    // A stroke that starts on a free slot clears what it passes over.
    fireEvent.pointerDown(mineCell(1));
    fireEvent.pointerMove(mineCell(33));
    act(() => {
      fireEvent.pointerUp(window);
    });
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]).toEqual({ slots: [0, 32] });
    await waitFor(() => expect(mineCell(1).getAttribute('aria-selected')).toBe('false'));
    expect(mineCell(0).getAttribute('aria-selected')).toBe('true');
    expect(mineCell(0).getAttribute('aria-label')).toContain('가능');
  });

  it('moves with the arrow keys and toggles with Space', async () => {
    const calls = serveWeek([5]);
    renderTab();
    await screen.findByTestId('free-time-mine');
    await waitFor(() => expect(mineCell(5).getAttribute('aria-selected')).toBe('true'));
    expect(mineCell(0).tabIndex).toBe(0);
    mineCell(0).focus();
    fireEvent.keyDown(mineCell(0), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(mineCell(1));
    expect(mineCell(1).tabIndex).toBe(0);
    fireEvent.keyDown(mineCell(1), { key: ' ' });
    await waitFor(() => expect(puts(calls)).toEqual([{ slots: [1, 5] }]));
    fireEvent.keyDown(mineCell(1), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(mineCell(33));
    fireEvent.keyDown(mineCell(33), { key: 'End' });
    expect(document.activeElement).toBe(mineCell(63));
    // Space on a free slot clears it.
    fireEvent.keyDown(mineCell(63), { key: 'ArrowLeft' });
    fireEvent.keyDown(mineCell(31), { key: 'Home' });
    expect(document.activeElement).toBe(mineCell(0));
    await waitFor(() => expect(mineCell(1).getAttribute('aria-selected')).toBe('true'));
    fireEvent.keyDown(mineCell(0), { key: 'ArrowDown' });
    fireEvent.keyDown(mineCell(1), { key: 'Enter' });
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]).toEqual({ slots: [5] });
  });

  it('shows the team’s heat map, who is free in a chosen range, and makes a schedule of it', async () => {
    serveWeek([36]);
    renderTab();
    await screen.findByTestId('free-time-heat');
    // Tuesday 10:00 (slot 36): both of us; 10:30: the other member only; Wednesday noon: busy.
    await waitFor(() => expect(heatCell(36).dataset['level']).toBe('5'));
    expect(heatCell(37).dataset['level']).not.toBe('5');
    expect(heatCell(37).getAttribute('aria-label')).toContain('2명 중 1명 가능');
    expect(heatCell(76).dataset['busy']).toBe('true');
    expect(heatCell(76).getAttribute('aria-label')).toContain('주간 회의');
    expect(screen.getByTestId('free-time-responded').textContent).toBe(
      '2명 중 2명이 입력했습니다.',
    );

    fireEvent.pointerDown(heatCell(36));
    act(() => {
      fireEvent.pointerUp(window);
    });
    const chosen = await screen.findByTestId('free-time-chosen');
    expect(chosen.textContent).toContain('10:00–10:30');
    expect(within(chosen).getByTestId('free-time-free-names').textContent).toBe(
      `이서준, ${testUser.name}`,
    );
    // Shift+ArrowDown stretches the range: for 10:00–11:00 only the other member is free.
    fireEvent.keyDown(heatCell(36), { key: 'ArrowDown', shiftKey: true });
    await waitFor(() => expect(chosen.textContent).toContain('10:00–11:00'));
    expect(within(chosen).getByTestId('free-time-free-names').textContent).toBe('이서준');

    fireEvent.click(within(chosen).getByTestId('free-time-create'));
    expect(onCreateSchedule).toHaveBeenCalledWith({
      startDate: '2026-12-01T01:00:00.000Z',
      endDate: '2026-12-01T02:00:00.000Z',
    });
  });

  it('moves to the next week and back', async () => {
    const calls = serveWeek();
    renderTab();
    await screen.findByTestId('free-time-mine');
    expect(screen.getByTestId('free-time-title').textContent).toContain('11월 30일');
    fireEvent.click(screen.getByTestId('free-time-next'));
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/teams/7/free-time/2026-12-07')).toBe(true),
    );
    expect(screen.getByTestId('free-time-title').textContent).toContain('12월 7일');
  });
});
