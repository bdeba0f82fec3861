import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { recentPlaces } from '../lib/recent-places';
import { useRememberPlaces } from './use-remember-places';

const at = (path: string) =>
  function Router({ children }: { children: ReactNode }) {
    return <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
  };

describe('useRememberPlaces', () => {
  it('remembers chat rooms and team pages opened, and nothing else', () => {
    localStorage.clear();
    renderHook(useRememberPlaces, { wrapper: at('/ws/2/chat/9') });
    renderHook(useRememberPlaces, { wrapper: at('/ws/2/team/4?tab=kanban') });
    renderHook(useRememberPlaces, { wrapper: at('/ws/2/notifications') });
    renderHook(useRememberPlaces, { wrapper: at('/ws/2/chat/abc') });
    expect(recentPlaces(2)).toEqual([
      { kind: 'team', id: 4 },
      { kind: 'room', id: 9 },
    ]);
  });
});
