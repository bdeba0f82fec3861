import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderPage } from '../../../test/render';
import { LoginPage } from './login-page';

beforeEach(() => {
  localStorage.clear();
  // The providers call GET /auth/providers; this server has none.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 404 })),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('prefills the e-mail and shows the message handed over in router state', async () => {
    renderPage('/login', <LoginPage />, {
      pathname: '/login',
      state: { email: 'kim@example.com', message: '회원가입이 완료되었습니다. 로그인해주세요.' },
    });

    const email = await screen.findByLabelText(/이메일/);
    expect(email).toHaveProperty('value', 'kim@example.com');
    expect(screen.getByTestId('login-email')).toBe(email);
    expect(screen.getByText('회원가입이 완료되었습니다. 로그인해주세요.')).toBeTruthy();
    expect(screen.getByTestId('login-password').tagName).toBe('INPUT');
    expect(screen.getByTestId('login-submit').textContent).toContain('로그인');
  });

  it('starts empty without router state and keeps the invite code on the sign-up link', async () => {
    renderPage('/login', <LoginPage />, '/login?inviteCode=AbC123');

    const email = await screen.findByTestId('login-email');
    expect(email).toHaveProperty('value', '');
    const signup = screen.getByRole('link', { name: '회원가입' });
    expect(signup.getAttribute('href')).toBe('/signup?inviteCode=AbC123');
  });
});
