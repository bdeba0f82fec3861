import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { Notification } from '@teamup/contracts/notifications';
import { renderPage } from '../../../test/render';
import { deferred, signedInScreenTests, page, stubChatApi } from '../../chat/test/fixtures';
import { noContent, ok, problem, type ApiCall } from '../../../test/stub-api';
import { LiveProvider } from '../../live/components/live-provider';
import { NotificationBell } from './notification-bell';
import { POPOVER_LIMIT } from './notification-popover';

function notice(id: number, read: boolean, message = `알림 ${id}`): Notification {
  return {
    id,
    kind: 'COMPLETION_REQUESTED',
    message,
    link: `/ws/1/team/${id}?tab=kanban`,
    count: 1,
    read,
    timestamp: '2026-03-02T09:00:00.000Z',
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function setup(list: (call: ApiCall) => Response | Promise<Response>, unread = 2) {
  const calls = stubChatApi((call) => {
    if (call.path === '/api/notifications/unread-count') return ok({ unreadCount: unread });
    if (call.path === '/api/notifications') return list(call);
    if (call.method === 'PATCH' && call.path.startsWith('/api/notifications/')) return noContent();
    return undefined;
  });
  renderPage(
    '*',
    <LiveProvider>
      <NotificationBell />
      <LocationProbe />
    </LiveProvider>,
    '/ws/1',
  );
  return calls;
}

async function openBell(unread = true) {
  const bell = await screen.findByTestId('notification-bell');
  if (unread) await waitFor(() => expect(bell.getAttribute('aria-label')).not.toBe('알림'));
  fireEvent.click(bell);
  return screen.findByTestId('notification-popover');
}

signedInScreenTests();

describe('notification bell popover', () => {
  it('lists the newest notifications, unread marked, with the way to the full page', async () => {
    const items = Array.from({ length: 12 }, (_, index) => notice(20 - index, index >= 2));
    setup(() => ok(page(items)));
    const popover = await openBell();
    const rows = await within(popover).findAllByTestId('notification-popover-item');
    expect(rows).toHaveLength(POPOVER_LIMIT);
    expect(rows.map((row) => row.dataset.read)).toEqual([
      'false',
      'false',
      ...Array<string>(POPOVER_LIMIT - 2).fill('true'),
    ]);
    expect(rows[0]?.textContent).toContain('읽지 않음');
    expect(rows[0]?.textContent).toContain('알림 20');
    expect(within(popover).getByTestId('notification-popover-unread').textContent).toBe(
      '읽지 않음 2개',
    );
    expect(screen.getByTestId('notification-bell').getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(within(popover).getByTestId('notification-popover-all'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/notifications'));
    await waitFor(() => expect(screen.queryByTestId('notification-popover')).toBeNull());
  });

  it('opens the target of a click and marks it read', async () => {
    const calls = setup(() => ok(page([notice(7, false, '최종 보고서 완료 승인 요청')])), 1);
    const popover = await openBell();
    fireEvent.click(await within(popover).findByText('최종 보고서 완료 승인 요청'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/ws/1/team/7?tab=kanban'),
    );
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'PATCH' && call.path === '/api/notifications/7/read'),
      ).toBe(true),
    );
  });

  it('marks everything read from the header', async () => {
    const calls = setup(() => ok(page([notice(3, false), notice(2, false)])));
    const popover = await openBell();
    await within(popover).findAllByTestId('notification-popover-item');
    fireEvent.click(within(popover).getByTestId('notification-popover-read-all'));
    await waitFor(() =>
      expect(
        calls.some(
          (call) => call.method === 'PATCH' && call.path === '/api/notifications/read-all',
        ),
      ).toBe(true),
    );
  });

  it('moves between notifications with the arrow keys and closes on Escape', async () => {
    setup(() => ok(page([notice(3, false), notice(2, true), notice(1, true)])));
    const popover = await openBell();
    const rows = await within(popover).findAllByTestId('notification-popover-item');
    act(() => rows[0]?.focus());
    const list = within(popover).getByTestId('notification-popover-list');
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rows[1]);
    fireEvent.keyDown(list, { key: 'End' });
    expect(document.activeElement).toBe(rows[2]);
    fireEvent.keyDown(list, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(rows[1]);
    fireEvent.keyDown(rows[1] as HTMLElement, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('notification-popover')).toBeNull());
  });

  it('shows loading, then the empty state', async () => {
    const answer = deferred<Response>();
    setup(() => answer.promise, 0);
    const popover = await openBell(false);
    expect(within(popover).getByTestId('notification-popover-loading')).toBeTruthy();
    expect(
      within(popover).getByTestId<HTMLButtonElement>('notification-popover-read-all').disabled,
    ).toBe(true);
    answer.resolve(ok(page([])));
    expect(
      (await within(popover).findByTestId('notification-popover-empty')).textContent,
    ).toContain('아직 받은 알림이 없습니다.');
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let fail = true;
    setup(() =>
      fail ? problem(500, 'INTERNAL', '서버 오류') : ok(page([notice(5, false, '다시 온 알림')])),
    );
    const popover = await openBell();
    const error = await within(popover).findByTestId('notification-popover-error');
    fail = false;
    fireEvent.click(within(error).getByText('다시 시도'));
    expect(await within(popover).findByText('다시 온 알림')).toBeTruthy();
  });
});
