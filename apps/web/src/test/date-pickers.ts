import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import '../lib/dates';

/** The label a picker gives a day button, e.g. 2026년 3월 12일 목요일. */
export const dayButtonLabel = (day: string) => dayjs(day).format('YYYY년 M월 D일 dddd');

/** The open dropdown of the picker whose input has this test id. */
async function dropdownOf(testId: string): Promise<HTMLElement> {
  const input = screen.getByTestId(testId);
  if (input.getAttribute('aria-expanded') !== 'true') fireEvent.click(input);
  const id = input.getAttribute('aria-controls') ?? `${input.id}-dropdown`;
  return waitFor(() => {
    const dropdown = document.getElementById(id);
    if (!dropdown) throw new Error(`no dropdown for ${testId}`);
    return dropdown;
  });
}

/**
 * Picks a day (YYYY-MM-DD, in the month the picker shows) and, for a date-time picker, a time
 * (HH:mm), then confirms, as a person does with the mouse.
 */
export async function pickDate(testId: string, day: string, time?: string) {
  const dropdown = await dropdownOf(testId);
  // The dropdown fades in: query by label rather than by the (still hidden) accessible role.
  const button = dropdown.querySelector<HTMLElement>(`button[aria-label="${dayButtonLabel(day)}"]`);
  if (!button) throw new Error(`no day ${day} in the picker ${testId}`);
  fireEvent.click(button);
  if (time === undefined) return;
  const [hours, minutes] = time.split(':');
  fireEvent.change(within(dropdown).getByTestId(`${testId}-hours`), {
    target: { value: hours },
  });
  fireEvent.change(within(dropdown).getByTestId(`${testId}-minutes`), {
    target: { value: minutes },
  });
  fireEvent.click(within(dropdown).getByTestId(`${testId}-submit`));
}
