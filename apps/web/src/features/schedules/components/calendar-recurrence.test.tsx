import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { Schedule } from '@teamup/contracts/schedules';
import { tokenStore } from '../../../lib/token-store';
import { renderPage } from '../../../test/render';
import { noContent, ok, stubApi, type ApiCall } from '../../../test/stub-api';
import { LEADER, ME, schedule, installFontShim } from '../test/fixtures';
import { CalendarTab } from './calendar-tab';

const RANGE = '/api/teams/7/schedules/range';
const LIST = '/api/teams/7/schedules';

/** A weekly Tuesday meeting (series 3) as the range answers it: one schedule per occurrence. */
const occurrence = (day: string): Schedule => {
  const start = dayjs(`${day}T09:00`).toISOString();
  return schedule(3, `${day}T09:00`, `${day}T10:00`, {
    title: '주간 회의',
    creatorId: ME,
    recurrenceRule: 'FREQ=WEEKLY;BYDAY=TU',
    seriesId: 3,
    occurrenceStart: start,
  });
};

function serve(
  schedules: () => Schedule[],
  extra?: (call: ApiCall) => Response | undefined,
): ApiCall[] {
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === RANGE) return ok(schedules());
    return extra?.(call);
  });
}

const renderTab = () => renderPage('/', <CalendarTab teamId={7} leaderId={LEADER} userId={ME} />);

beforeEach(() => {
  installFontShim();
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

describe('recurring events in the calendar', () => {
  it('creates a weekly event on chosen days for N times from the 반복 fields', async () => {
    const calls = serve(
      () => [],
      (call) => (call.method === 'POST' ? ok(occurrence('2026-03-12'), 201) : undefined),
    );
    renderTab();
    await screen.findByTestId('calendar-empty');
    fireEvent.click(
      document.querySelector<HTMLElement>('[data-testid="calendar-cell"][data-date="2026-03-12"]')!,
    );
    const form = await screen.findByTestId('schedule-form');
    fireEvent.change(within(form).getByTestId('schedule-title-input'), {
      target: { value: '스터디' },
    });
    const kind = within(form).getByTestId<HTMLSelectElement>('recurrence-kind');
    expect(kind.value).toBe('NONE');
    expect(within(form).queryByTestId('recurrence-weekdays')).toBeNull();
    fireEvent.change(kind, { target: { value: 'WEEKLY' } });
    // The start's weekday (Thursday) is chosen to begin with; Tuesday is added.
    const thursday = within(form).getByRole('checkbox', { name: '목요일' });
    expect((thursday as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(form).getByRole('checkbox', { name: '화요일' }));
    fireEvent.click(within(form).getByText('횟수'));
    const count = await within(form).findByLabelText('반복 횟수');
    fireEvent.change(count, { target: { value: '5' } });
    fireEvent.click(within(form).getByTestId('schedule-submit'));
    await waitFor(() => expect(screen.queryByTestId('schedule-form')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      title: '스터디',
      recurrenceRule: 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=5',
    });
  });

  it('asks 이 일정만 / 이 일정과 이후 일정 / 모든 일정 before deleting or saving an occurrence', async () => {
    let events = [occurrence('2026-03-10'), occurrence('2026-03-17')];
    const calls = serve(
      () => events,
      (call) => {
        if (call.method === 'DELETE' && call.path === `${LIST}/3`) {
          events = events.slice(0, 1);
          return noContent();
        }
        if (call.method === 'PUT' && call.path === `${LIST}/3`) {
          return ok({ ...events[0]!, id: 4, title: '바뀐 회의', recurrenceRule: null });
        }
        return undefined;
      },
    );
    renderTab();
    // Both occurrences are drawn, one a week.
    await waitFor(() => expect(screen.getAllByText('주간 회의')).toHaveLength(2));

    fireEvent.click(screen.getAllByText('주간 회의')[1]!);
    const detail = await screen.findByTestId('schedule-detail');
    fireEvent.click(within(detail).getByTestId('schedule-delete'));
    const dialog = await screen.findByTestId('occurrence-scope-dialog');
    expect(within(dialog).getByText('반복 일정 삭제')).toBeTruthy();
    const choices = within(dialog).getAllByRole<HTMLInputElement>('radio');
    expect(choices.map((choice) => choice.value)).toEqual(['THIS', 'FOLLOWING', 'ALL']);
    expect(choices[0]?.checked).toBe(true);
    expect(within(dialog).getByLabelText('이 일정과 이후 일정')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('이 일정과 이후 일정'));
    fireEvent.click(within(dialog).getByTestId('occurrence-scope-confirm'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    const removed = calls.find((call) => call.method === 'DELETE');
    expect(removed?.query.get('scope')).toBe('FOLLOWING');
    expect(removed?.query.get('occurrence')).toBe(dayjs('2026-03-17T09:00').toISOString());
    await waitFor(() => expect(screen.getAllByText('주간 회의')).toHaveLength(1));

    // Editing the remaining occurrence: the form shows its rule, the dialog asks again.
    fireEvent.click(screen.getByText('주간 회의'));
    fireEvent.click(
      within(await screen.findByTestId('schedule-detail')).getByTestId('schedule-edit'),
    );
    const form = await screen.findByTestId('schedule-form');
    expect(within(form).getByTestId<HTMLSelectElement>('recurrence-kind').value).toBe('WEEKLY');
    fireEvent.change(within(form).getByTestId('schedule-title-input'), {
      target: { value: '바뀐 회의' },
    });
    fireEvent.click(within(form).getByTestId('schedule-submit'));
    const editDialog = await screen.findByTestId('occurrence-scope-dialog');
    expect(within(editDialog).getByText('반복 일정 수정')).toBeTruthy();
    fireEvent.click(within(editDialog).getByTestId('occurrence-scope-confirm'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.query.get('scope')).toBe('THIS');
    expect(put?.query.get('occurrence')).toBe(dayjs('2026-03-10T09:00').toISOString());
    expect(put?.body).toMatchObject({ title: '바뀐 회의', recurrenceRule: 'FREQ=WEEKLY;BYDAY=TU' });
  });

  it('shows a public holiday in its day cell', async () => {
    serve(() => []);
    renderTab();
    const cell = document.querySelector<HTMLElement>(
      '[data-testid="calendar-cell"][data-date="2026-03-01"]',
    )!;
    expect(await within(cell).findByText('3ㆍ1절')).toBeTruthy();
    // The substitute holiday the next day, a Monday, is red as a Sunday is.
    const monday = document.querySelector('[data-date="2026-03-02"]')!;
    expect(within(monday as HTMLElement).getByText('대체공휴일(3ㆍ1절)')).toBeTruthy();
    expect(monday.querySelector('[data-holiday]')).not.toBeNull();
    expect(
      document.querySelector('[data-date="2026-03-10"] [data-testid="calendar-holiday"]'),
    ).toBeNull();
  });
});
