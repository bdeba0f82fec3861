import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { tokenStore } from '../../lib/token-store';
import { renderPage } from '../../test/render';
import { ok, stubApi, testUser } from '../../test/stub-api';
import { installFontShim } from '../../features/schedules/test/fixtures';
import { TeamFreeTime } from './team-free-time';

const empty = Array.from({ length: 224 }, () => [] as number[]);

beforeEach(() => {
  installFontShim();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T03:00:00Z'));
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: testUser.id });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('TeamFreeTime', () => {
  it('opens the calendar’s schedule form over the chosen range', async () => {
    stubApi((call) =>
      call.path === '/api/teams/7/free-time/2026-11-30'
        ? ok({
            teamId: 7,
            weekStart: '2026-11-30',
            startsAt: '2026-11-30T00:00:00+09:00',
            timeZone: 'Asia/Seoul',
            dayStartHour: 8,
            slotMinutes: 30,
            slotsPerDay: 32,
            mySlots: [],
            members: [
              { userId: testUser.id, name: testUser.name, profileImageUrl: null, responded: false },
            ],
            counts: empty.map(() => 0),
            freeUserIds: empty,
            busy: [],
          })
        : undefined,
    );
    renderPage('/', <TeamFreeTime teamId={7} />);
    const heat = await screen.findByTestId('free-time-heat');
    // Tuesday 10:00 and 10:30 in Seoul (slots 36 and 37).
    const cell = (slot: number) => heat.querySelector<HTMLElement>(`[data-slot="${slot}"]`)!;
    await waitFor(() => expect(heat.getAttribute('aria-busy')).toBeNull());
    fireEvent.pointerDown(cell(36));
    fireEvent.pointerMove(cell(37));
    fireEvent.pointerUp(window);
    fireEvent.click(await screen.findByTestId('free-time-create'));
    const form = await screen.findByTestId('schedule-form');
    const values = Array.from(form.querySelectorAll('input')).map((input) => input.value);
    // The form is in the browser's time zone: Seoul's 10:00–11:00 as it reads there.
    const local = (instant: string) => dayjs(instant).format('YYYY-MM-DD HH:mm:ss');
    expect(values).toContain(local('2026-12-01T10:00:00+09:00'));
    expect(values).toContain(local('2026-12-01T11:00:00+09:00'));
  });
});
