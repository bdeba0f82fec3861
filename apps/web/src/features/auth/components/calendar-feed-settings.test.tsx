import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '../../../test/render';
import { noContent, ok, stubApi } from '../../../test/stub-api';
import { CalendarFeedSettings } from './calendar-feed-settings';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const url = `http://localhost:8081/api/calendar/feed/${'a'.repeat(43)}.ics`;

describe('CalendarFeedSettings (캘린더 구독)', () => {
  it('makes a URL and shows it once, then revokes it', async () => {
    const calls = stubApi((call) => {
      if (call.path !== '/api/users/me/calendar-feed') return undefined;
      if (call.method === 'GET') return ok({ active: false, createdAt: null });
      if (call.method === 'POST') {
        return ok(
          {
            url,
            webcalUrl: url.replace('http:', 'webcal:'),
            createdAt: '2026-11-30T01:00:00.000Z',
          },
          201,
        );
      }
      return noContent();
    });
    renderPage('/', <CalendarFeedSettings />);
    expect((await screen.findByTestId('calendar-feed-status')).textContent).toBe(
      '아직 구독 주소가 없습니다.',
    );
    fireEvent.click(screen.getByTestId('calendar-feed-create'));
    const field = await screen.findByTestId('calendar-feed-url');
    expect((field as HTMLInputElement).value).toBe(url);
    expect(screen.getByRole('link', { name: '캘린더 앱에서 열기' }).getAttribute('href')).toBe(
      url.replace('http:', 'webcal:'),
    );
    expect(screen.getByTestId('calendar-feed-status').textContent).toContain('사용 중');

    fireEvent.click(screen.getByTestId('calendar-feed-revoke'));
    await waitFor(() => expect(screen.queryByTestId('calendar-feed-url')).toBeNull());
    expect(screen.getByTestId('calendar-feed-status').textContent).toBe(
      '아직 구독 주소가 없습니다.',
    );
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST', 'DELETE']);
  });
});
