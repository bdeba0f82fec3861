import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { tokenStore } from '../../lib/token-store';
import { installBrowserShims } from '../../test/render';
import { stubApi, testUser, type SessionUser } from '../../test/stub-api';
import { AppProviders } from '../providers';
import { ProfileMenu } from './profile-menu';

/** Signs `user` in and opens the profile menu; answers the menu's items. */
async function openMenu(user: SessionUser) {
  installBrowserShims();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: user.id });
  stubApi(undefined, { user });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter>
        <ProfileMenu />
      </MemoryRouter>
    </AppProviders>,
  );
  const button = await screen.findByTestId('profile-menu');
  fireEvent.click(button);
  // The dropdown the button controls, whether or not jsdom has run its opening transition.
  const menu = await waitFor(() => {
    const dropdown = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (!dropdown) throw new Error('the menu did not open');
    return dropdown;
  });
  return within(menu)
    .getAllByRole('menuitem', { hidden: true })
    .map((item) => ({ name: item.textContent, href: item.getAttribute('href') }));
}

beforeEach(() => {
  localStorage.clear();
  // In jsdom the menu's focus trap looks for an item before the dropdown is shown, and says so.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProfileMenu', () => {
  it('offers the admin page to an instance admin', async () => {
    const items = await openMenu({ ...testUser, role: 'ADMIN' });
    expect(items).toEqual([
      { name: '마이페이지', href: '/my-page' },
      { name: '관리자 페이지', href: '/admin' },
      { name: '로그아웃', href: null },
    ]);
  });

  it('does not offer it to anyone else', async () => {
    const items = await openMenu({ ...testUser, role: 'USER' });
    expect(items.map((item) => item.name)).toEqual(['마이페이지', '로그아웃']);
  });
});
