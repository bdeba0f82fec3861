import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import type { WorkspaceMember } from '@teamup/contracts/workspaces';
import { tokenStore } from '../../../lib/token-store';
import { pickDate } from '../../../test/date-pickers';
import { renderPage } from '../../../test/render';
import { ok, stubApi, testUser } from '../../../test/stub-api';
import { CreateFormationForm } from './create-formation-form';

/** The signed-in user the stubbed session answers with. */
const ME = testUser.id;

const members = [
  { id: ME, name: '김하늘' },
  { id: 4, name: '이수민' },
] as WorkspaceMember[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 20, 12, 0));
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: ME });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('CreateFormationForm, vote', () => {
  it('takes the vote deadline from a Korean date-time picker and sends it as an instant', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST' ? ok({ id: 9, method: 'VOTE' }, 201) : undefined,
    );
    const onCreated = vi.fn();
    renderPage(
      '/',
      <CreateFormationForm workspaceId={5} method="VOTE" members={members} onCreated={onCreated} />,
    );
    const field = screen.getByTestId('formation-deadline');
    expect(field.textContent).toBe('날짜와 시간 선택');
    await pickDate('formation-deadline', '2026-11-25', '18:00');
    await waitFor(() => expect(field.textContent).toBe('2026. 11. 25. 오후 6:00'));
    fireEvent.click(screen.getByTestId('formation-start'));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(9));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      method: 'VOTE',
      deadline: dayjs('2026-11-25T18:00').toISOString(),
    });
  }, 20_000);
});
