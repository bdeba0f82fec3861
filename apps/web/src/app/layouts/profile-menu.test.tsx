import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { tokenStore } from '../../lib/token-store';
import { installBrowserShims } from '../../test/render';
import {
  ok,
  routes,
  stubApi,
  testUser,
  type ApiCall,
  type ApiHandler,
  type SessionUser,
} from '../../test/stub-api';
import { AppProviders } from '../providers';
import { ProfileMenu } from './profile-menu';

/** Signs `user` in and opens the profile menu; answers the menu's items. */
async function openMenu(user: SessionUser, handler?: ApiHandler) {
  return (await openMenuWithCalls(user, handler)).items;
}

/** openMenu, answering the API calls made as well. */
async function openMenuWithCalls(user: SessionUser, handler?: ApiHandler) {
  installBrowserShims();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: user.id });
  const calls = stubApi(handler, { user });
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
  const items = within(menu)
    .getAllByRole('menuitem', { hidden: true })
    .map((item) => ({ name: item.textContent, href: item.getAttribute('href') }));
  return { items, menu, calls };
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

  it('logs out after asking for a single sign-on logout address, staying when there is none', async () => {
    const { menu, calls } = await openMenuWithCalls(
      testUser,
      routes({
        'GET /api/auth/sso/end-session': () => ok({ url: null }),
        'POST /api/auth/logout': () => ok(true),
      }),
    );
    fireEvent.click(within(menu).getByRole('menuitem', { name: '로그아웃', hidden: true }));
    await waitFor(() => expect(tokenStore.hasSession()).toBe(false));
    const asked = (call: ApiCall) => `${call.method} ${call.path}`;
    const order = calls.map(asked).filter((call) => !call.endsWith('/api/auth/session'));
    expect(order).toEqual(['GET /api/auth/sso/end-session', 'POST /api/auth/logout']);
    const endSession = calls.find((call) => call.path === '/api/auth/sso/end-session');
    expect(endSession?.headers.get('Authorization')).toBe('Bearer access');
    expect(calls.find((call) => call.path === '/api/auth/logout')?.body).toMatchObject({
      refreshToken: 'refresh',
    });
  });
});
