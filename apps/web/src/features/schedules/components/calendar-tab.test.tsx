import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { Schedule } from '@teamup/contracts/schedules';
import { tokenStore } from '../../../lib/token-store';
import { pickDate } from '../../../test/date-pickers';
import { renderPage } from '../../../test/render';
import { LEADER, ME, OTHER, schedule, installFontShim } from '../test/fixtures';
import { noContent, ok, problem, stubApi, type ApiCall } from '../../../test/stub-api';
import { CalendarTab } from './calendar-tab';

const RANGE = '/api/teams/7/schedules/range';
const LIST = '/api/teams/7/schedules';

function renderTab(userId: number = ME) {
  return renderPage('/', <CalendarTab teamId={7} leaderId={LEADER} userId={userId} />);
}

const rangeCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === RANGE);

const cellOf = (day: string) => {
  const cell = document.querySelector<HTMLElement>(
    `[data-testid="calendar-cell"][data-date="${day}"]`,
  );
  if (!cell) throw new Error(`no cell for ${day}`);
  return cell;
};

/** Answers the range call with `schedules()` (read on every call, so tests can change it). */
function serveRange(schedules: () => Schedule[], extra?: (call: ApiCall) => Response | undefined) {
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === RANGE) return ok(schedules());
    return extra?.(call);
  });
}

beforeEach(() => {
  installFontShim();
  // Tuesday 10 March 2026, noon, in the time zone the tests run in.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 10, 12, 0));
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: ME });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('CalendarTab', () => {
  it('shows the 42 days of this month, Sunday first, and asks their range in local time', async () => {
    const calls = serveRange(() => []);
    renderTab();
    expect(await screen.findByTestId('calendar-empty')).toBeTruthy();
    expect(screen.getByText('날짜를 눌러 일정을 추가해보세요')).toBeTruthy();
    expect(screen.getByTestId('calendar-title').textContent).toBe('2026년 3월');
    const cells = screen.getAllByTestId('calendar-cell');
    expect(cells).toHaveLength(42);
    expect(cells[0]?.dataset.date).toBe('2026-03-01');
    expect(cells[41]?.dataset.date).toBe('2026-04-11');
    expect(cellOf('2026-04-01').hasAttribute('data-outside')).toBe(true);
    expect(cellOf('2026-03-31').hasAttribute('data-outside')).toBe(false);
    expect(cellOf('2026-03-10').getAttribute('aria-current')).toBe('date');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '일',
      '월',
      '화',
      '수',
      '목',
      '금',
      '토',
    ]);
    const query = rangeCalls(calls)[0]?.query;
    expect(query?.get('startDate')).toBe(dayjs('2026-03-01T00:00').toISOString());
    expect(query?.get('endDate')).toBe(dayjs('2026-04-11T23:59:59.999').toISOString());
  });

  it("opens the event of a reminder's link (&schedule=) once its month is loaded", async () => {
    serveRange(() => [
      schedule(1, '2026-03-10T09:00', '2026-03-10T10:00', { title: '주간 회의' }),
      schedule(2, '2026-03-11T09:00', '2026-03-11T10:00', { title: '발표 리허설' }),
    ]);
    renderPage('/', <CalendarTab teamId={7} leaderId={LEADER} userId={ME} />, '/?schedule=2');
    const detail = await screen.findByTestId('schedule-detail');
    expect(within(detail).getByText('발표 리허설')).toBeTruthy();
    expect(within(detail).queryByText('주간 회의')).toBeNull();
  });

  it('draws events in their cells and a multi-day event across the week rows', async () => {
    serveRange(() => [
      schedule(1, '2026-03-10T09:00', '2026-03-10T10:00', { title: '주간 회의' }),
      // Friday to Monday: a bar on Fri-Sat, restarting on Sunday's row.
      schedule(2, '2026-03-13T09:00', '2026-03-16T18:00', { title: '워크숍', type: 'WORKSHOP' }),
    ]);
    renderTab();
    expect(await within(cellOf('2026-03-10')).findByText('주간 회의')).toBeTruthy();
    const first = within(cellOf('2026-03-13')).getByTestId('calendar-event');
    expect(first.textContent).toBe('워크숍');
    expect(first.dataset.scheduleId).toBe('2');
    expect(first.style.getPropertyValue('--span')).toBe('2');
    expect(first.hasAttribute('data-continues-after')).toBe(true);
    const second = within(cellOf('2026-03-15')).getByTestId('calendar-event');
    expect(second.dataset.scheduleId).toBe('2');
    expect(second.style.getPropertyValue('--span')).toBe('2');
    expect(second.hasAttribute('data-continues-before')).toBe(true);
    // Not drawn again in the days the bar passes over.
    expect(within(cellOf('2026-03-14')).queryByTestId('calendar-event')).toBeNull();
    expect(screen.getAllByTestId('calendar-event')).toHaveLength(3);
    expect(screen.queryByTestId('calendar-empty')).toBeNull();
    expect(within(screen.getByTestId('calendar-legend')).getByText('워크숍')).toBeTruthy();
  });

  it('gives every day an add button that opens the form on that day, even a full one', async () => {
    serveRange(() =>
      [9, 10, 11, 12].map((hour, index) =>
        schedule(index + 1, `2026-03-12T${hour}:00`, `2026-03-12T${hour}:30`),
      ),
    );
    renderTab();
    await within(cellOf('2026-03-12')).findByTestId('calendar-more');
    const adds = screen.getAllByTestId('calendar-cell-add');
    expect(adds).toHaveLength(42);
    const add = within(cellOf('2026-03-12')).getByTestId('calendar-cell-add');
    expect(add.getAttribute('aria-label')).toBe('2026년 3월 12일 목요일에 일정 추가');
    // Not a Tab stop of its own: the grid keeps one (Enter on a day adds there too).
    expect(add.tabIndex).toBe(-1);
    fireEvent.click(add);
    const form = await screen.findByTestId('schedule-form');
    expect(within(form).getByTestId('schedule-start-input').textContent).toBe(
      '2026. 3. 12. 오전 9:00',
    );
    expect(screen.queryByTestId('calendar-day-modal')).toBeNull();
  });

  it("shows three events of a day, then '+N' opening the day's list", async () => {
    serveRange(() =>
      [9, 10, 11, 12, 13].map((hour, index) =>
        schedule(index + 1, `2026-03-12T${hour}:00`, `2026-03-12T${hour}:30`, {
          title: `회의 ${index + 1}`,
        }),
      ),
    );
    renderTab();
    const cell = cellOf('2026-03-12');
    const more = await within(cell).findByTestId('calendar-more');
    expect(more.textContent).toBe('+2');
    expect(
      within(cell)
        .getAllByTestId('calendar-event')
        .map((event) => event.textContent),
    ).toEqual(['회의 1', '회의 2', '회의 3']);
    fireEvent.click(more);
    const modal = await screen.findByTestId('calendar-day-modal');
    expect(within(modal).getAllByTestId('calendar-event')).toHaveLength(5);
    expect(within(modal).getByText('회의 5')).toBeTruthy();
    // The '+N' does not also open the create form.
    expect(screen.queryByTestId('schedule-form')).toBeNull();
    // An event of the list opens its detail on top.
    fireEvent.click(within(modal).getByText('회의 4'));
    expect(within(await screen.findByTestId('schedule-detail')).getByText('회의 4')).toBeTruthy();
  });

  it('on a phone prints count and titles in the cell; a tap opens the day, an empty day the form', async () => {
    // A phone's width: the grid's (max-width: 36em) query matches.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width: 36em'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
    serveRange(() =>
      [9, 10, 11].map((hour, index) =>
        schedule(index + 1, `2026-03-12T${hour}:00`, `2026-03-12T${hour}:30`, {
          title: `회의 ${index + 1}`,
        }),
      ),
    );
    renderTab();
    const cell = cellOf('2026-03-12');
    const count = await within(cell).findByTestId('calendar-cell-count');
    expect(count.textContent).toBe('3건');
    expect(
      within(cell)
        .getAllByTestId('calendar-cell-title')
        .map((title) => title.textContent),
    ).toEqual(['회의 1', '회의 2']);
    // No bars to hit by accident, and the cell's name holds what it shows (WCAG 2.5.3).
    expect(within(cell).queryByTestId('calendar-event')).toBeNull();
    expect(within(cell).queryByTestId('calendar-cell-add')).toBeNull();
    // Named by its content (no label of its own to drift from it): the date, then what it shows.
    expect(cell.getAttribute('aria-label')).toBeNull();
    expect(cell.textContent).toContain('2026년 3월 12일');
    for (const shown of ['3건', '회의 1', '회의 2']) expect(cell.textContent).toContain(shown);
    fireEvent.click(within(cell).getByText('회의 2'));
    const modal = await screen.findByTestId('calendar-day-modal');
    expect(within(modal).getAllByTestId('calendar-event')).toHaveLength(3);
    expect(screen.queryByTestId('schedule-form')).toBeNull();
    fireEvent.click(within(modal).getByTestId('calendar-day-add'));
    const form = await screen.findByTestId('schedule-form');
    expect(within(form).getByTestId('schedule-start-input').textContent).toContain('2026. 3. 12.');
    cleanup();
    renderTab();
    fireEvent.click(await waitFor(() => cellOf('2026-03-13')));
    expect(await screen.findByTestId('schedule-form')).toBeTruthy();
    expect(screen.queryByTestId('calendar-day-modal')).toBeNull();
  });

  it('opens the create form on a day with its defaults and checks the fields', async () => {
    let saved: Schedule[] = [];
    const calls = serveRange(
      () => saved,
      (call) => {
        if (call.method !== 'POST' || call.path !== LIST) return undefined;
        saved = [schedule(20, '2026-03-12T14:00', '2026-03-12T15:30', { title: '기획 회의' })];
        return ok(saved[0], 201);
      },
    );
    renderTab();
    await screen.findByTestId('calendar-empty');
    fireEvent.click(cellOf('2026-03-12'));
    const form = await screen.findByTestId('schedule-form');
    const title = within(form).getByTestId<HTMLInputElement>('schedule-title-input');
    const start = within(form).getByTestId('schedule-start-input');
    const end = within(form).getByTestId('schedule-end-input');
    // Korean pickers, not the OS's datetime-local format.
    expect(start.textContent).toBe('2026. 3. 12. 오전 9:00');
    expect(end.textContent).toBe('2026. 3. 12. 오전 10:00');
    expect(within(form).getByTestId<HTMLSelectElement>('schedule-type-select').value).toBe(
      'MEETING',
    );

    fireEvent.click(within(form).getByTestId('schedule-submit'));
    expect(await within(form).findByText('일정 제목, 시작일, 종료일은 필수입니다.')).toBeTruthy();
    fireEvent.change(title, { target: { value: '기획 회의' } });
    await pickDate('schedule-end-input', '2026-03-12', '08:00');
    await waitFor(() => expect(end.textContent).toBe('2026. 3. 12. 오전 8:00'));
    fireEvent.click(within(form).getByTestId('schedule-submit'));
    expect(await within(form).findByText('종료일은 시작일보다 빠를 수 없습니다.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    // Moving the start takes the end along, keeping the hour the schedule lasted.
    await pickDate('schedule-end-input', '2026-03-12', '10:00');
    await pickDate('schedule-start-input', '2026-03-12', '14:00');
    await waitFor(() => expect(end.textContent).toBe('2026. 3. 12. 오후 3:00'));
    await pickDate('schedule-end-input', '2026-03-12', '15:30');
    await waitFor(() => expect(end.textContent).toBe('2026. 3. 12. 오후 3:30'));
    fireEvent.change(within(form).getByTestId('schedule-type-select'), {
      target: { value: 'WORKSHOP' },
    });
    // Reminders (issue 44): several chips, sent ascending whatever the order they were picked in.
    const reminders = within(form).getByTestId('schedule-reminders');
    fireEvent.click(within(reminders).getByRole('checkbox', { name: '1일 전' }));
    fireEvent.click(within(reminders).getByRole('checkbox', { name: '10분 전' }));
    expect(
      within(reminders).getByRole<HTMLInputElement>('checkbox', { name: '10분 전' }).checked,
    ).toBe(true);
    const before = rangeCalls(calls).length;
    fireEvent.click(within(form).getByTestId('schedule-submit'));
    await waitFor(() => expect(screen.queryByTestId('schedule-form')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: '기획 회의',
      type: 'WORKSHOP',
      startDate: dayjs('2026-03-12T14:00').toISOString(),
      endDate: dayjs('2026-03-12T15:30').toISOString(),
      scheduleDesc: null,
      reminders: [10, 1440],
    });
    // The month is asked again and shows the new event.
    expect(await within(cellOf('2026-03-12')).findByText('기획 회의')).toBeTruthy();
    expect(rangeCalls(calls).length).toBeGreaterThan(before);
  }, 30_000);

  it('asks no end of a deadline or an all-day event, and asks before saving a past deadline', async () => {
    const calls = serveRange(
      () => [],
      (call) => {
        if (call.method !== 'POST' || call.path !== LIST) return undefined;
        return ok(schedule(21, '2026-03-09T09:00', '2026-03-09T09:00', { type: 'DEADLINE' }), 201);
      },
    );
    renderTab();
    await screen.findByTestId('calendar-empty');
    // Monday 9 March, the day before today.
    fireEvent.click(cellOf('2026-03-09'));
    const form = await screen.findByTestId('schedule-form');
    fireEvent.change(within(form).getByTestId('schedule-title-input'), {
      target: { value: '보고서 마감' },
    });
    fireEvent.change(within(form).getByTestId('schedule-type-select'), {
      target: { value: 'DEADLINE' },
    });
    expect(within(form).queryByTestId('schedule-end-input')).toBeNull();
    expect(within(form).getByText('마감 일시')).toBeTruthy();
    // All-day: one day field, no end either; unticked, a meeting asks its end again.
    fireEvent.click(within(form).getByTestId('schedule-all-day'));
    expect(within(form).getByTestId('schedule-start-input').textContent).toBe('2026. 3. 9.');
    expect(within(form).queryByTestId('schedule-end-input')).toBeNull();
    fireEvent.click(within(form).getByTestId('schedule-all-day'));
    fireEvent.click(within(form).getByTestId('schedule-submit'));
    expect(
      await screen.findByText(
        '마감일(2026년 3월 9일 오전 9:00)이 이미 지났습니다. 그래도 저장할까요?',
      ),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-action'));
    await waitFor(() => expect(screen.queryByTestId('schedule-form')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: '보고서 마감',
      type: 'DEADLINE',
      startDate: dayjs('2026-03-09T09:00').toISOString(),
      scheduleDesc: null,
      reminders: [],
    });
  });

  it('offers edit and delete to the creator and the leader only', async () => {
    const events = [
      schedule(1, '2026-03-10T09:00', '2026-03-10T10:00', { title: '내 일정', creatorId: ME }),
      schedule(2, '2026-03-11T09:00', '2026-03-11T10:00', {
        title: '남의 일정',
        creatorId: OTHER,
        creatorName: '이서준',
        scheduleDesc: '회의실 A',
      }),
    ];
    serveRange(() => events);
    const view = renderTab(ME);
    fireEvent.click(await screen.findByText('남의 일정'));
    let detail = await screen.findByTestId('schedule-detail');
    expect(within(detail).getByText('이서준')).toBeTruthy();
    expect(within(detail).getByText('회의실 A')).toBeTruthy();
    expect(within(detail).getByText('회의')).toBeTruthy();
    expect(within(detail).queryByTestId('schedule-edit')).toBeNull();
    expect(within(detail).queryByTestId('schedule-delete')).toBeNull();
    fireEvent.keyDown(detail, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('schedule-detail')).toBeNull());

    fireEvent.click(screen.getByText('내 일정'));
    detail = await screen.findByTestId('schedule-detail');
    expect(within(detail).getByTestId('schedule-edit')).toBeTruthy();
    expect(within(detail).getByTestId('schedule-delete')).toBeTruthy();
    view.unmount();

    // The leader may manage everyone's.
    serveRange(() => events);
    renderTab(LEADER);
    fireEvent.click(await screen.findByText('남의 일정'));
    detail = await screen.findByTestId('schedule-detail');
    expect(within(detail).getByTestId('schedule-edit')).toBeTruthy();
    expect(within(detail).getByTestId('schedule-delete')).toBeTruthy();
  });

  it('edits the whole schedule and deletes after a confirm', async () => {
    let events = [
      schedule(1, '2026-03-10T09:00', '2026-03-10T10:00', { title: '내 일정', creatorId: ME }),
    ];
    const calls = serveRange(
      () => events,
      (call) => {
        if (call.method === 'PUT' && call.path === `${LIST}/1`) {
          events = [{ ...events[0]!, title: '바뀐 일정' }];
          return ok(events[0]);
        }
        if (call.method === 'DELETE' && call.path === `${LIST}/1`) {
          events = [];
          return noContent();
        }
        return undefined;
      },
    );
    renderTab();
    fireEvent.click(await screen.findByText('내 일정'));
    fireEvent.click(
      within(await screen.findByTestId('schedule-detail')).getByTestId('schedule-edit'),
    );
    const form = await screen.findByTestId('schedule-form');
    const title = within(form).getByTestId<HTMLInputElement>('schedule-title-input');
    expect(title.value).toBe('내 일정');
    expect(within(form).getByTestId('schedule-start-input').textContent).toBe(
      '2026. 3. 10. 오전 9:00',
    );
    fireEvent.change(title, { target: { value: '바뀐 일정' } });
    fireEvent.click(within(form).getByTestId('schedule-submit'));
    await waitFor(() => expect(screen.queryByTestId('schedule-form')).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      title: '바뀐 일정',
      type: 'MEETING',
      startDate: dayjs('2026-03-10T09:00').toISOString(),
      endDate: dayjs('2026-03-10T10:00').toISOString(),
      scheduleDesc: null,
      reminders: [],
    });
    const detail = screen.getByTestId('schedule-detail');
    expect(within(detail).getByText('바뀐 일정')).toBeTruthy();

    fireEvent.click(within(detail).getByTestId('schedule-delete'));
    fireEvent.click(await screen.findByTestId('confirm-action'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('schedule-detail')).toBeNull());
    await waitFor(() => expect(screen.queryByTestId('calendar-event')).toBeNull());
  });

  it("tells a refused change with the contract's text", async () => {
    serveRange(
      () => [schedule(1, '2026-03-10T09:00', '2026-03-10T10:00', { creatorId: ME })],
      (call) =>
        call.method === 'PUT' ? problem(403, 'SCHEDULE_FORBIDDEN', '권한 없음') : undefined,
    );
    renderTab();
    fireEvent.click(await screen.findByText('일정 1'));
    fireEvent.click(
      within(await screen.findByTestId('schedule-detail')).getByTestId('schedule-edit'),
    );
    fireEvent.click(
      within(await screen.findByTestId('schedule-form')).getByTestId('schedule-submit'),
    );
    expect(
      await screen.findByText('일정을 만든 사람이나 팀장만 수정하거나 삭제할 수 있습니다.'),
    ).toBeTruthy();
  });

  it('moves between months with the buttons and days with the arrow keys', async () => {
    const calls = serveRange(() => []);
    renderTab();
    await screen.findByTestId('calendar-empty');
    fireEvent.click(screen.getByTestId('calendar-next'));
    expect(screen.getByTestId('calendar-title').textContent).toBe('2026년 4월');
    await waitFor(() =>
      expect(rangeCalls(calls).at(-1)?.query.get('startDate')).toBe(
        dayjs('2026-03-29T00:00').toISOString(),
      ),
    );
    fireEvent.click(screen.getByTestId('calendar-prev'));
    fireEvent.click(screen.getByTestId('calendar-prev'));
    expect(screen.getByTestId('calendar-title').textContent).toBe('2026년 2월');
    fireEvent.click(screen.getByTestId('calendar-today'));
    expect(screen.getByTestId('calendar-title').textContent).toBe('2026년 3월');

    // Today is the cell Tab reaches; arrows move it, Enter opens the form for that day.
    const today = cellOf('2026-03-10');
    expect(today.tabIndex).toBe(0);
    act(() => today.focus());
    fireEvent.keyDown(today, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cellOf('2026-03-17'));
    fireEvent.keyDown(cellOf('2026-03-17'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(cellOf('2026-03-16'));
    expect(cellOf('2026-03-16').tabIndex).toBe(0);
    expect(today.tabIndex).toBe(-1);
    // Past the grid's last week the next month opens, with the focus on the same day.
    fireEvent.keyDown(cellOf('2026-03-16'), { key: 'ArrowDown' });
    fireEvent.keyDown(cellOf('2026-03-23'), { key: 'ArrowDown' });
    fireEvent.keyDown(cellOf('2026-03-30'), { key: 'ArrowDown' });
    fireEvent.keyDown(cellOf('2026-04-06'), { key: 'ArrowDown' });
    await waitFor(() =>
      expect(screen.getByTestId('calendar-title').textContent).toBe('2026년 4월'),
    );
    await waitFor(() => expect(document.activeElement).toBe(cellOf('2026-04-13')));
    fireEvent.keyDown(cellOf('2026-04-13'), { key: 'Enter' });
    const form = await screen.findByTestId('schedule-form');
    expect(within(form).getByTestId('schedule-start-input').textContent).toBe(
      '2026. 4. 13. 오전 9:00',
    );
  });

  it("shows the spec's load failure with a retry", async () => {
    let fail = true;
    stubApi((call) => {
      if (call.path !== RANGE) return undefined;
      return fail
        ? problem(500, 'INTERNAL')
        : ok([schedule(1, '2026-03-10T09:00', '2026-03-10T10:00')]);
    });
    renderTab();
    expect(await screen.findByText('일정을 불러오는데 실패했습니다')).toBeTruthy();
    expect(screen.queryByTestId('calendar-grid')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByTestId('calendar-event')).toBeTruthy();
  });
});
