import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { AuthSession } from '@teamup/contracts/auth';
import { renderPage } from '../../../test/render';
import { ok, stubApi } from '../../../test/stub-api';
import { ActiveSessions } from './active-sessions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session = (id: number, current: boolean, lastUsedAt: string): AuthSession => ({
  id,
  current,
  createdAt: '2026-11-01T09:00:00.000Z',
  lastUsedAt,
  clientInfo: {},
  ip: null,
});

describe('ActiveSessions', () => {
  it('says the device in use is in use now, and when the others were last used', async () => {
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    stubApi((call) =>
      call.path === '/api/auth/sessions'
        ? ok([session(1, true, hourAgo), session(2, false, hourAgo)])
        : undefined,
    );
    renderPage('/', <ActiveSessions />);
    const lines = (await screen.findAllByTestId('session-last-used')).map(
      (line) => line.textContent ?? '',
    );
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('지금 사용 중');
    expect(lines[0]).not.toContain('마지막 사용');
    expect(lines[1]).toContain('마지막 사용');
    expect(lines[1]).not.toContain('지금 사용 중');
  });
});
