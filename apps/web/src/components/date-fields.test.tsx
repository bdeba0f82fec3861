import { useState } from 'react';
import { Modal } from '@mantine/core';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AppProviders } from '../app/providers';
import { pickDate } from '../test/date-pickers';
import { installBrowserShims } from '../test/render';
import { DateField, DateTimeField, DateWithTimeField } from './date-fields';

installBrowserShims();
afterEach(cleanup);

function DateTimeHarness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <AppProviders>
      <DateTimeField label="시작" value={value} onChange={setValue} testId="start" />
      <output data-testid="value">{value}</output>
    </AppProviders>
  );
}

function DeadlineHarness({ day = '', time = '' }: { day?: string; time?: string }) {
  const [value, setValue] = useState({ day, time });
  return (
    <AppProviders>
      <DateWithTimeField
        label="마감일"
        timeLabel="마감 시각 (선택)"
        day={value.day}
        time={value.time}
        onChange={setValue}
        testId="deadline"
      />
      <output data-testid="value">{`${value.day}|${value.time}`}</output>
    </AppProviders>
  );
}

const valueOf = () => screen.getByTestId('value').textContent;

describe('DateTimeField', () => {
  it('shows the value the Korean way, whatever the OS formats', () => {
    render(<DateTimeHarness initial="2026-11-25 09:00:00" />);
    expect(screen.getByTestId('start').textContent).toBe('2026. 11. 25. 오전 9:00');
  });

  it('picks a day and a time in a Korean calendar, Sunday first', async () => {
    render(<DateTimeHarness initial="2026-11-25 09:00:00" />);
    fireEvent.click(screen.getByTestId('start'));
    await waitFor(() =>
      expect(document.querySelector('[role="dialog"] [aria-label="월 선택"]')?.textContent).toBe(
        '2026년 11월',
      ),
    );
    const weekdays = Array.from(document.querySelectorAll('[role="dialog"] thead th')).map(
      (cell) => cell.textContent,
    );
    expect(weekdays).toEqual(['일', '월', '화', '수', '목', '금', '토']);
    // Saturdays and Sundays are marked for the weekend tokens the calendar grid uses too.
    const dayButton = (label: string) =>
      document.querySelector<HTMLElement>(`[role="dialog"] button[aria-label="${label}"]`);
    expect(dayButton('2026년 11월 28일 토요일')?.dataset.weekday).toBe('6');
    expect(dayButton('2026년 11월 29일 일요일')?.dataset.weekday).toBe('0');
    expect(dayButton('2026년 11월 27일 금요일')?.dataset.weekday).toBe('5');
    await pickDate('start', '2026-11-27', '14:30');
    await waitFor(() => expect(valueOf()).toBe('2026-11-27 14:30:00'));
    expect(screen.getByTestId('start').textContent).toBe('2026. 11. 27. 오후 2:30');
  });

  it('shows a placeholder when empty', () => {
    render(<DateTimeHarness initial="" />);
    expect(screen.getByTestId('start').textContent).toBe('날짜와 시간 선택');
  });
});

describe('DateField', () => {
  it('formats a day as 2026. 11. 25. and picks another', async () => {
    function Harness() {
      const [value, setValue] = useState('2026-11-25');
      return (
        <AppProviders>
          <DateField label="날짜" value={value} onChange={setValue} testId="day" />
          <output data-testid="value">{value}</output>
        </AppProviders>
      );
    }
    render(<Harness />);
    expect(screen.getByTestId('day').textContent).toBe('2026. 11. 25.');
    await pickDate('day', '2026-11-03');
    await waitFor(() => expect(valueOf()).toBe('2026-11-03'));
  });
});

describe('DateWithTimeField', () => {
  it('offers the time only once a day is chosen', async () => {
    render(<DeadlineHarness />);
    const hours = () => screen.getByTestId<HTMLInputElement>('deadline-time-hours');
    expect(hours().disabled).toBe(true);
    fireEvent.click(screen.getByTestId('deadline'));
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-15`;
    await pickDate('deadline', day);
    await waitFor(() => expect(valueOf()).toBe(`${day}|`));
    expect(hours().disabled).toBe(false);
  });

  it('clears the time with the day', async () => {
    render(<DeadlineHarness day="2026-11-25" time="18:00" />);
    expect(screen.getByTestId('deadline').textContent).toBe('2026. 11. 25.');
    fireEvent.click(screen.getByRole('button', { name: '날짜 지우기' }));
    await waitFor(() => expect(valueOf()).toBe('|'));
  });
});

/**
 * A window whose width can cross the phone breakpoint of the pickers (36em) while they are open:
 * matchMedia answers and tells its listeners as a browser does.
 */
function resizableWindow() {
  const phoneQuery = '(max-width: 36em)';
  let phone = true;
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return query === phoneQuery && phone;
      },
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => {
        if (query === phoneQuery) listeners.add(listener);
      },
      removeEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => {
        listeners.delete(listener);
      },
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  return {
    setPhone(next: boolean) {
      phone = next;
      for (const listener of [...listeners]) listener({ matches: next });
    },
    restore() {
      window.matchMedia = original;
    },
  };
}

describe('a picker inside a dialog of a Modal.Stack', () => {
  function FormInStack() {
    const [value, setValue] = useState('2026-11-25 09:00:00');
    return (
      <AppProviders>
        <Modal.Stack>
          <Modal
            stackId="form"
            opened
            onClose={() => undefined}
            title="새 일정"
            attributes={{ content: { 'data-testid': 'form' } }}
          >
            <DateTimeField label="시작" value={value} onChange={setValue} testId="start" />
          </Modal>
        </Modal.Stack>
      </AppProviders>
    );
  }

  it('leaves the form shown when the window grows past the phone width while it is open', async () => {
    const window = resizableWindow();
    try {
      render(<FormInStack />);
      const form = await screen.findByTestId('form');
      fireEvent.click(screen.getByTestId('start'));
      // On a phone the picker is a modal titled with its field, above the form (which hides).
      await waitFor(() => expect(form.hasAttribute('data-hidden')).toBe(true));
      // The form hides as the picker starts to open; the picker counts as shown once it has.
      expect(await screen.findByRole('dialog', { name: '시작' })).toBeTruthy();
      act(() => window.setPhone(false));
      // Now a popover beside the field: the form is shown again, and stays so once it closes.
      await waitFor(() => expect(form.hasAttribute('data-hidden')).toBe(false));
      fireEvent.keyDown(screen.getByTestId('start'), { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: '시작' })).toBeNull());
      expect(form.hasAttribute('data-hidden')).toBe(false);
    } finally {
      window.restore();
    }
  });
});
