import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultDeliverySettings, type DeliverySettings } from '@teamup/contracts/delivery';
import { renderPage } from '../../../test/render';
import { ok, problem, routes, stubApi } from '../../../test/stub-api';
import { DeliverySettingsSection } from './delivery-settings';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(answer: (body: DeliverySettings) => Response = (body) => ok(body)) {
  const calls = stubApi(
    routes({
      'GET /api/notifications/delivery': () => ok(defaultDeliverySettings),
      'PUT /api/notifications/delivery': (call) => answer(call.body as DeliverySettings),
    }),
  );
  renderPage('*', <DeliverySettingsSection />, '/notifications');
  return calls;
}

const saved = (calls: ReturnType<typeof setup>) =>
  calls.filter((call) => call.method === 'PUT').map((call) => call.body);

describe('the delivery settings (digest mail, quiet hours)', () => {
  it('shows the defaults and saves a digest with quiet hours that let mentions through', async () => {
    const calls = setup();
    const digest = await screen.findByTestId('delivery-digest');
    expect((digest as HTMLSelectElement).value).toBe('AFTER_15_MIN');
    // Quiet hours are off: their times are not asked.
    expect(screen.queryByTestId('delivery-quiet-start')).toBeNull();
    fireEvent.change(digest, { target: { value: 'DAILY_9AM' } });
    fireEvent.click(screen.getByTestId('delivery-quiet'));
    fireEvent.click(await screen.findByTestId('delivery-allow-mentions'));
    fireEvent.click(screen.getByTestId('delivery-save'));
    await waitFor(() => expect(saved(calls)).toHaveLength(1));
    expect(saved(calls)[0]).toEqual({
      digest: 'DAILY_9AM',
      quietHours: { enabled: true, start: '23:00', end: '08:00', allowMentions: true },
      timeZone: 'Asia/Seoul',
      taskReminders: ['24H', '1H'],
    });
    expect(await screen.findByText('알림 전달 설정을 저장했습니다.')).toBeTruthy();
  });

  it('saves the task reminders chosen: one of them, or none (off)', async () => {
    const calls = setup();
    const dayBefore = await screen.findByRole('checkbox', { name: '24시간 전' });
    const hourBefore = screen.getByRole('checkbox', { name: '1시간 전' });
    expect((dayBefore as HTMLInputElement).checked).toBe(true);
    fireEvent.click(dayBefore);
    fireEvent.click(screen.getByTestId('delivery-save'));
    await waitFor(() => expect(saved(calls)).toHaveLength(1));
    expect(saved(calls)[0]).toMatchObject({ taskReminders: ['1H'] });
    fireEvent.click(hourBefore);
    expect(await screen.findByText(/받지 않음 ·/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('delivery-save'));
    await waitFor(() => expect(saved(calls)).toHaveLength(2));
    expect(saved(calls)[1]).toMatchObject({ taskReminders: [] });
  });

  it('asks for both times before saving, and shows the server’s refusal in Korean', async () => {
    const calls = setup(() =>
      problem(400, 'VALIDATION_FAILED', '방해금지 시작과 끝 시각이 같을 수 없습니다.'),
    );
    fireEvent.click(await screen.findByTestId('delivery-quiet'));
    const clear = await screen.findAllByRole('button', { name: '시간 지우기' });
    fireEvent.click(clear[0] as HTMLElement);
    fireEvent.click(screen.getByTestId('delivery-save'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      '방해금지 시작과 끝 시각을 모두 입력해주세요.',
    );
    expect(saved(calls)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('delivery-quiet-start-hours'), { target: { value: '08' } });
    fireEvent.change(screen.getByTestId('delivery-quiet-start-minutes'), {
      target: { value: '00' },
    });
    fireEvent.click(screen.getByTestId('delivery-save'));
    await waitFor(() => expect(saved(calls)).toHaveLength(1));
    expect((await screen.findByRole('alert')).textContent).toContain(
      '방해금지 시작과 끝 시각이 같을 수 없습니다.',
    );
  });
});
