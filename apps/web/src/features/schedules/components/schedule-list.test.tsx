import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Page } from '@teamup/contracts/common';
import type { Schedule } from '@teamup/contracts/schedules';
import { tokenStore } from '../../../lib/token-store';
import { renderPage } from '../../../test/render';
import { LEADER, ME, schedule } from '../test/fixtures';
import { ok, stubApi, type ApiCall } from '../../../test/stub-api';
import { CalendarTab } from './calendar-tab';

const LIST = '/api/teams/7/schedules';

function page(content: Schedule[], pageNumber: number, total: number): Page<Schedule> {
  const totalPages = Math.max(1, Math.ceil(total / 20));
  return {
    content,
    totalPages,
    totalElements: total,
    size: 20,
    pageable: { pageNumber, pageSize: 20 },
    first: pageNumber === 0,
    last: pageNumber >= totalPages - 1,
  };
}

const listCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === LIST);

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: ME });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the list view of the calendar tab', () => {
  it('pages through every schedule 20 at a time and opens one', async () => {
    const calls = stubApi((call) => {
      if (call.path === `${LIST}/range`) return ok([]);
      if (call.path !== LIST) return undefined;
      const number = Number(call.query.get('page'));
      const ids = number === 0 ? Array.from({ length: 20 }, (_, i) => i + 1) : [21, 22];
      return ok(
        page(
          ids.map((id) =>
            schedule(id, '2026-03-10T09:00', '2026-03-10T10:00', {
              title: `일정 ${id}`,
              type: id === 21 ? 'VACATION' : 'MEETING',
            }),
          ),
          number,
          22,
        ),
      );
    });
    renderPage('/', <CalendarTab teamId={7} leaderId={LEADER} userId={ME} />);
    await screen.findByTestId('calendar-grid');
    expect(listCalls(calls)).toHaveLength(0);
    fireEvent.click(screen.getByRole('radio', { name: '목록' }));
    expect(await screen.findAllByTestId('schedule-list-item')).toHaveLength(20);
    expect(listCalls(calls)[0]?.query.toString()).toBe('page=0&size=20');
    expect(screen.getByText('총 22개, 1-20')).toBeTruthy();
    expect(screen.queryByTestId('calendar-grid')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '2 페이지' }));
    await waitFor(() => expect(screen.getAllByTestId('schedule-list-item')).toHaveLength(2));
    expect(listCalls(calls).at(-1)?.query.get('page')).toBe('1');
    const vacation = screen.getAllByTestId('schedule-list-item')[0]!;
    expect(within(vacation).getByText('휴가')).toBeTruthy();
    fireEvent.click(vacation);
    expect(within(await screen.findByTestId('schedule-detail')).getByText('일정 21')).toBeTruthy();
  });
});
